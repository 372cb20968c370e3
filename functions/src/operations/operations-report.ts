/**
 * The admin area's Operations figures from the car packages of a window (the same figures the Ops stack's dashboard
 * shows in AWS from the ops events): packages by status, wall time p50/p95, refunds, failed angles by reason.
 * No AWS SDK here.
 */
import { SESSION_STATUSES, type SessionStatus } from '@shared/statuses';
import type { AdminOperationsResponse } from '@shared/schemas/admin-operations';

export interface PackageRecord {
  id: string;
  status: SessionStatus;
  created_at: string;
  /** Absent while it runs. */
  finished_at?: string;
  failed_angles: number;
}

const FINAL: readonly SessionStatus[] = ['completed', 'partial_complete', 'error'];

/** Nearest-rank percentile of ascending values: the smallest value with at least p% of the values at or below it. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export function operationsReport(input: {
  since: Date;
  until: Date;
  packages: readonly PackageRecord[];
  failedAngleReasons: readonly string[];
  visionLooks?: readonly { hour: string; looks: number }[];
}): AdminOperationsResponse {
  const looks = input.visionLooks ?? [];
  const byStatus = Object.fromEntries(SESSION_STATUSES.map((s) => [s, 0])) as Record<SessionStatus, number>;
  for (const p of input.packages) byStatus[p.status]++;
  const finished = input.packages.filter((p) => FINAL.includes(p.status) && p.finished_at);
  const wallTimes = finished.map((p) => Date.parse(p.finished_at!) - Date.parse(p.created_at)).sort((a, b) => a - b);
  const reasons = new Map<string, number>();
  for (const r of input.failedAngleReasons) reasons.set(r, (reasons.get(r) ?? 0) + 1);
  return {
    window_hours: Math.round((input.until.getTime() - input.since.getTime()) / 3_600_000),
    since: input.since.toISOString(),
    until: input.until.toISOString(),
    packages: { started: input.packages.length, by_status: byStatus },
    wall_time_ms: { finished: finished.length, p50: percentile(wallTimes, 50), p95: percentile(wallTimes, 95) },
    refunds: { count: byStatus.error, share_of_finished: finished.length ? byStatus.error / finished.length : null },
    car_checks: { looks: looks.reduce((n, h) => n + h.looks, 0), peak_per_hour: Math.max(0, ...looks.map((h) => h.looks)), per_hour: looks.filter((h) => h.looks > 0).map((h) => ({ ...h })) },
    failed_angles: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
}
