import { describe, expect, it } from 'vitest';
import { operationsReport, percentile, type PackageRecord } from './operations-report';

const since = new Date('2026-11-24T12:00:00.000Z');
const until = new Date('2026-11-25T12:00:00.000Z');
const pkg = (id: string, status: PackageRecord['status'], wallSeconds?: number, failed = 0): PackageRecord => ({
  id,
  status,
  created_at: '2026-11-25T10:00:00.000Z',
  ...(wallSeconds === undefined ? {} : { finished_at: new Date(Date.parse('2026-11-25T10:00:00.000Z') + wallSeconds * 1000).toISOString() }),
  failed_angles: failed,
});

describe('operations report', () => {
  it('nearest-rank percentiles', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
  });

  it('counts packages by status, the wall time of the finished ones, refunds and failed angles by reason', () => {
    const report = operationsReport({
      since,
      until,
      packages: [pkg('a', 'completed', 30), pkg('b', 'completed', 50), pkg('c', 'partial_complete', 40, 2), pkg('d', 'error', 10, 8), pkg('e', 'processing')],
      failedAngleReasons: ['busy', 'no photo', 'busy', ...Array(7).fill('refused')],
      visionLooks: [
        { hour: '2026-11-25T09:00:00.000Z', looks: 12 },
        { hour: '2026-11-25T10:00:00.000Z', looks: 0 },
        { hour: '2026-11-25T11:00:00.000Z', looks: 40 },
      ],
    });
    expect(report).toEqual({
      window_hours: 24,
      since: since.toISOString(),
      until: until.toISOString(),
      packages: { started: 5, by_status: { pending: 0, processing: 1, completed: 2, partial_complete: 1, error: 1 } },
      wall_time_ms: { finished: 4, p50: 30_000, p95: 50_000 },
      refunds: { count: 1, share_of_finished: 0.25 },
      car_checks: { looks: 52, peak_per_hour: 40, per_hour: [{ hour: '2026-11-25T09:00:00.000Z', looks: 12 }, { hour: '2026-11-25T11:00:00.000Z', looks: 40 }] },
      failed_angles: [
        { reason: 'refused', count: 7 },
        { reason: 'busy', count: 2 },
        { reason: 'no photo', count: 1 },
      ],
    });
  });

  it('nothing started: zeros and no percentiles', () => {
    const report = operationsReport({ since, until, packages: [], failedAngleReasons: [] });
    expect(report.wall_time_ms).toEqual({ finished: 0, p50: null, p95: null });
    expect(report.refunds).toEqual({ count: 0, share_of_finished: null });
  });
});
