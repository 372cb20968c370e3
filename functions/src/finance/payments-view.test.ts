import { describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../payments/payment-records';
import { paymentTotals } from './payments-view';

const payment = (id: string, succeededAt: string | null, over: Partial<PaymentRecord> = {}): PaymentRecord => ({
  entity: 'payment', payment_intent_id: id, user_id: 'u', email: 'e@example.com', dealer_name: null, package_id: 'starter', package_name: 'Starter Pack',
  credits: 8, list_price_cents: 800, discount_cents: 0, amount_cents: 800, refunded_cents: 0, currency: 'usd', coupon_code: null,
  status: succeededAt ? 'succeeded' : 'failed', status_detail: null, created_at: succeededAt ?? '2026-06-10T10:00:00Z', succeeded_at: succeededAt,
  updated_at: '2026-06-10T10:00:00Z', ...over,
});

describe('paymentTotals', () => {
  const now = new Date('2026-06-15T12:00:00Z');

  it('sums succeeded payments per UTC day and month, newest first, with refunds beside them; failed ones count nothing', () => {
    const totals = paymentTotals(
      [
        payment('a', '2026-06-15T23:59:59.000Z'),
        payment('b', '2026-06-15T00:00:00.000Z', { amount_cents: 640, discount_cents: 160, credits: 8 }),
        payment('c', '2026-06-01T09:00:00.000Z', { status: 'refunded', refunded_cents: 2400, amount_cents: 2400, credits: 30 }),
        payment('d', '2026-05-20T09:00:00.000Z', { amount_cents: 6000, credits: 100 }),
        payment('failed', null),
      ],
      now,
    );
    expect(totals.by_day).toEqual([
      { period: '2026-06-15', count: 2, amount_cents: 1440, refunded_cents: 0, credits: 16 },
      { period: '2026-06-01', count: 1, amount_cents: 2400, refunded_cents: 2400, credits: 30 },
      { period: '2026-05-20', count: 1, amount_cents: 6000, refunded_cents: 0, credits: 100 },
    ]);
    expect(totals.by_month).toEqual([
      { period: '2026-06', count: 3, amount_cents: 3840, refunded_cents: 2400, credits: 46 },
      { period: '2026-05', count: 1, amount_cents: 6000, refunded_cents: 0, credits: 100 },
    ]);
  });

  it('days cover the last 31 days, months the last 12', () => {
    const totals = paymentTotals([payment('old-day', '2026-05-15T23:59:59.000Z'), payment('in', '2026-05-16T00:00:00.000Z'), payment('old-month', '2025-06-30T00:00:00.000Z'), payment('year', '2025-07-01T00:00:00.000Z')], now);
    expect(totals.by_day.map((t) => t.period)).toEqual(['2026-05-16']);
    expect(totals.by_month.map((t) => t.period)).toEqual(['2026-05', '2025-07']);
  });
});
