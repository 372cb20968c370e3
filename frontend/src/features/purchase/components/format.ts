/** Cents as dollars with 2 decimals ($8.00). */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
