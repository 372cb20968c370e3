/** Settings' API keys and webhook endpoints, and the admin area's usage per dealer (issue 28). */
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../integrations';

const ulid = (what: string) => z.string({ error: `id is required` }).regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { error: `id is not ${what} id` });

export const apiKeyPathSchema = z.strictObject({ id: ulid('an API key') });
export const webhookEndpointPathSchema = z.strictObject({ id: ulid('a webhook endpoint') });

export const createApiKeyRequestSchema = z.strictObject({
  name: z
    .string({ error: (i) => (i.input === undefined ? 'name is required' : 'name must be text') })
    .trim()
    .min(1, { error: 'name is required' })
    .max(60, { error: 'name must be at most 60 characters' }),
});

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart (the key itself is never stored). */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** Calls made with the key, all time. */
  calls: z.number().int().nonnegative(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const listApiKeysResponseSchema = z.object({ keys: z.array(apiKeySchema) });
/** The key in full, this once. */
export const createApiKeyResponseSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

export const createWebhookEndpointRequestSchema = z.strictObject({
  url: z
    .string({ error: (i) => (i.input === undefined ? 'url is required' : 'url must be text') })
    .trim()
    .min(1, { error: 'url is required' })
    .max(2048, { error: 'url must be at most 2048 characters' })
    .pipe(z.url({ error: 'url must be a URL like https://dms.example.com/studio-lot' })),
});

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  created_at: z.string(),
  /** The events it receives. */
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const listWebhookEndpointsResponseSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
/** The signing secret in full, this once. */
export const createWebhookEndpointResponseSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type CreateWebhookEndpointResponse = z.infer<typeof createWebhookEndpointResponseSchema>;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status; null when it did not answer (refused, timed out, unsafe address). */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int().nonnegative(),
});
export const webhookDeliverySchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  created_at: z.string(),
  /** pending (a retry is scheduled), delivered (a 2xx), failed (given up after a day). */
  status: z.enum(['pending', 'delivered', 'failed']),
  next_attempt_at: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const listWebhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export const sendTestWebhookResponseSchema = z.object({ delivery_id: z.string(), event_id: z.string() });

/** GET /api/admin/dealers/{id}/api-usage: calls per key and webhook deliveries per day, last 30 days. */
export const apiUsageResponseSchema = z.object({
  user_id: z.string(),
  keys: z.array(apiKeySchema),
  days: z.array(z.object({ day: z.string(), api_calls: z.number().int().nonnegative(), webhook_deliveries: z.number().int().nonnegative() })),
});
export type ApiUsage = z.infer<typeof apiUsageResponseSchema>;
