export { formatDate, formatDateTime } from '@/lib/format';

/** "$8.00" from cents (the currency Stripe charged; USD unless stated). */
export function formatMoney(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** A new idempotency key per submitted form. */
export const newRequestKey = () => `admin-${crypto.randomUUID()}`;
