import { describe, expect, it } from 'vitest';
import { balanceView, planExpiry, type StoredBalance } from './balance';

const at = (iso: string) => new Date(iso);
const stored = (over: Partial<StoredBalance> = {}): StoredBalance => ({
  user_id: 'u1',
  trial_credits: 5,
  trial_expires_at: '2026-02-01T00:00:00.000Z',
  purchased_credits: 3,
  bonus_lots: [
    { id: 'late', credits: 4, expires_at: '2026-09-01T00:00:00.000Z' },
    { id: 'early', credits: 2, expires_at: '2026-03-01T00:00:00.000Z' },
  ],
  version: 7,
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('planExpiry', () => {
  it('takes nothing out before anything expires (the expiry instant itself counts as expired)', () => {
    expect(planExpiry(stored(), at('2026-01-31T23:59:59.999Z')).parts).toEqual([]);
    expect(planExpiry(stored(), at('2026-02-01T00:00:00.000Z')).parts.map((p) => [p.bucket, p.credits])).toEqual([['trial', 5]]);
  });

  it('takes out the trial credits, then each expired lot by expiry, keeping purchased credits and live lots', () => {
    const { next, parts } = planExpiry(stored(), at('2026-04-01T00:00:00Z'));
    expect(parts.map((p) => [p.bucket, p.credits, p.lot?.id ?? null])).toEqual([
      ['trial', 5, null],
      ['bonus', 2, 'early'],
    ]);
    expect(next).toMatchObject({ trial_credits: 0, purchased_credits: 3, bonus_lots: [{ id: 'late', credits: 4 }], version: 7 });
    // Each part carries the balance right after it; the last one is the result.
    expect(parts[0]!.after.bonus_lots.length).toBe(2);
    expect(parts.at(-1)!.after).toEqual(next);
    // What the dealer sees does not change: expired credits were never counted.
    expect(balanceView(next, at('2026-04-01T00:00:00Z')).total_credits).toBe(balanceView(stored(), at('2026-04-01T00:00:00Z')).total_credits);
  });

  it('ignores a trial already spent and a trial never granted', () => {
    expect(planExpiry(stored({ trial_credits: 0, bonus_lots: [] }), at('2027-01-01T00:00:00Z')).parts).toEqual([]);
    expect(planExpiry(stored({ trial_expires_at: null, bonus_lots: [] }), at('2027-01-01T00:00:00Z')).parts).toEqual([]);
  });
});
