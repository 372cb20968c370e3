import type { AdminPayment, AdminPaymentsResponse } from '@shared/schemas/admin-finance';
import type { PaymentRecord } from '../payments/payment-records';
import type { FinanceReader } from './ports';

export const TOTAL_DAYS = 31;
export const TOTAL_MONTHS = 12;
const DEFAULT_PAGE = 50;

type Total = AdminPaymentsResponse['totals']['by_day'][number];

export function adminPaymentView(p: PaymentRecord): AdminPayment {
  return {
    payment_intent_id: p.payment_intent_id,
    user_id: p.user_id,
    email: p.email,
    dealer_name: p.dealer_name,
    package_id: p.package_id,
    package_name: p.package_name,
    credits: p.credits,
    list_price_cents: p.list_price_cents,
    discount_cents: p.discount_cents,
    amount_cents: p.amount_cents,
    refunded_cents: p.refunded_cents,
    currency: p.currency,
    coupon_code: p.coupon_code,
    status: p.status,
    status_detail: p.status_detail,
    created_at: p.created_at,
    succeeded_at: p.succeeded_at,
  };
}

/**
 * Totals of the money taken: every payment that succeeded (also when later refunded or disputed: the refunded
 * part is shown beside it), by the UTC day and month it succeeded in. Days of the last TOTAL_DAYS, months of the
 * last TOTAL_MONTHS, newest first; periods without a payment are left out.
 */
export function paymentTotals(payments: readonly PaymentRecord[], now: Date): AdminPaymentsResponse['totals'] {
  const dayFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (TOTAL_DAYS - 1))).toISOString();
  const monthFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (TOTAL_MONTHS - 1), 1)).toISOString();
  const days = new Map<string, Total>();
  const months = new Map<string, Total>();
  const add = (map: Map<string, Total>, period: string, p: PaymentRecord) => {
    const t = map.get(period) ?? { period, count: 0, amount_cents: 0, refunded_cents: 0, credits: 0 };
    t.count += 1;
    t.amount_cents += p.amount_cents;
    t.refunded_cents += p.refunded_cents;
    t.credits += p.credits;
    map.set(period, t);
  };
  for (const p of payments) {
    if (!p.succeeded_at) continue;
    if (p.succeeded_at >= dayFrom) add(days, p.succeeded_at.slice(0, 10), p);
    if (p.succeeded_at >= monthFrom) add(months, p.succeeded_at.slice(0, 7), p);
  }
  const newestFirst = (m: Map<string, Total>) => [...m.values()].sort((a, b) => b.period.localeCompare(a.period));
  return { by_day: newestFirst(days), by_month: newestFirst(months) };
}

/** GET /api/admin/payments: one page of purchases, newest first, with the totals per day and month. */
export async function listAdminPayments(
  deps: { finance: FinanceReader; now?: () => Date },
  query: { limit?: number; cursor?: string },
): Promise<AdminPaymentsResponse> {
  const now = deps.now?.() ?? new Date();
  // A payment succeeds after it is created: a day's margin catches one created just before the window.
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (TOTAL_MONTHS - 1), 0)).toISOString();
  const [page, recent] = await Promise.all([deps.finance.listPayments(query.limit ?? DEFAULT_PAGE, query.cursor), deps.finance.paymentsSince(since)]);
  return { payments: page.items.map(adminPaymentView), totals: paymentTotals(recent, now), next_cursor: page.next };
}
