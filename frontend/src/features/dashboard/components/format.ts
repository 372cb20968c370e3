export { formatDate, formatDateTime } from '@/lib/format';

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Shown wherever the dealer has not named the dealership yet. */
export const FALLBACK_DEALER_NAME = 'Your Dealership';
