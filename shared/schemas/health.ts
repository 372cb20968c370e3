import { z } from 'zod';

export const engineStateSchema = z.object({ ok: z.boolean(), detail: z.string().optional(), ms: z.number() });
export const healthResponseSchema = z.object({
  ok: z.boolean(),
  home: z.enum(['aws', 'local']),
  engines: z.record(z.string(), engineStateSchema),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
