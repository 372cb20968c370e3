import { z } from 'zod';
import { SESSION_STATUSES } from '../statuses';

/** GET /api/admin/operations: the car packages of the last hours, as the Operations tab shows them. */
export const OPERATIONS_WINDOW_HOURS = 24;

export const adminOperationsResponseSchema = z.object({
  window_hours: z.number().int().positive(),
  /** The window: packages started from `since` to `until` (ISO times). */
  since: z.string(),
  until: z.string(),
  packages: z.object({
    started: z.number().int().nonnegative(),
    by_status: z.record(z.enum(SESSION_STATUSES), z.number().int().nonnegative()),
  }),
  /** Start to final status, of the packages of the window that finished (nearest-rank percentiles). */
  wall_time_ms: z.object({ finished: z.number().int().nonnegative(), p50: z.number().nullable(), p95: z.number().nullable() }),
  /** Packages refunded because nothing rendered (status error: each is refunded exactly once), and their share of the finished. */
  refunds: z.object({ count: z.number().int().nonnegative(), share_of_finished: z.number().nullable() }),
  /** The car checks' new looks (a paid vision call each with the OpenAI adapter; remembered photos not counted), per hour. */
  car_checks: z.object({
    looks: z.number().int().nonnegative(),
    peak_per_hour: z.number().int().nonnegative(),
    per_hour: z.array(z.object({ hour: z.string(), looks: z.number().int().positive() })),
  }),
  /** The failed angles of the window's packages, by the reason the dealer sees, most frequent first. */
  failed_angles: z.array(z.object({ reason: z.string(), count: z.number().int().positive() })),
});
export type AdminOperationsResponse = z.infer<typeof adminOperationsResponseSchema>;
