/** Settings' API keys and webhook endpoints, and the admin area's usage per dealer (issue 28). */
import { z } from 'zod';
import { actingMemberSchema } from './team';
import { WEBHOOK_EVENT_TYPES } from '../integrations';
import { INTEGRATION_MESSAGES } from '../messages';

const ulid = (what: string) => z.string({ error: `id is required` }).regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { error: `id is not ${what} id` });

export const apiKeyPathSchema = z.strictObject({ id: ulid('an API key') });
export const webhookEndpointPathSchema = z.strictObject({ id: ulid('a webhook endpoint') });

/** An API key's name at most. */
const API_KEY_NAME_MAX = 60;
/** A webhook endpoint's address at most. */
const WEBHOOK_URL_MAX = 2048;

// The messages are the Settings form's (the form checks with these schemas first): plain sentences, never a field's
// name. A value that is not text cannot come from the form, and keeps the API's wording.
export const createApiKeyRequestSchema = z.strictObject({
  name: z
    .string({ error: (i) => (i.input === undefined ? INTEGRATION_MESSAGES.keyNameRequired : 'name must be text') })
    .trim()
    .min(1, { error: INTEGRATION_MESSAGES.keyNameRequired })
    .max(API_KEY_NAME_MAX, { error: INTEGRATION_MESSAGES.keyNameTooLong(API_KEY_NAME_MAX) }),
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
  /** The dealership's member who created it (issue 42); null on keys from before teams. */
  created_by: actingMemberSchema.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const listApiKeysResponseSchema = z.object({ keys: z.array(apiKeySchema) });
/** The key in full, this once. */
export const createApiKeyResponseSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

export const createWebhookEndpointRequestSchema = z.strictObject({
  url: z
    .string({ error: (i) => (i.input === undefined ? INTEGRATION_MESSAGES.endpointUrlRequired : 'url must be text') })
    .trim()
    .min(1, { error: INTEGRATION_MESSAGES.endpointUrlRequired })
    .max(WEBHOOK_URL_MAX, { error: INTEGRATION_MESSAGES.endpointUrlTooLong(WEBHOOK_URL_MAX) })
    .pipe(z.url({ error: INTEGRATION_MESSAGES.endpointUrlMalformed })),
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
