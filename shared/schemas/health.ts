import { z } from 'zod';

/** GET /api/health (public): liveness only; nothing about the engines behind it. */
export const livenessResponseSchema = z.strictObject({ ok: z.literal(true), home: z.enum(['aws', 'local']) });
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;

export const engineStateSchema = z.object({ ok: z.boolean(), detail: z.string().optional(), ms: z.number() });
/** GET /api/admin/health (super users): every engine's state, with the error it gave. */
export const healthResponseSchema = z.object({
  ok: z.boolean(),
  home: z.enum(['aws', 'local']),
  engines: z.record(z.string(), engineStateSchema),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
