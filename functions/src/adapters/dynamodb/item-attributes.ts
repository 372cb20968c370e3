/** The table's key attributes: a stored item read back as a domain record leaves them out. */
const TABLE_KEYS = ['PK', 'SK', 'GSI1PK', 'GSI1SK'];

/**
 * An item without its table keys and without the bookkeeping attributes named in `alsoDrop` (e.g. `entity`,
 * `expiresAt`): the record the stores hand to the domain. One definition, so every store reads items the same way.
 */
export function withoutKeys<T>(item: Record<string, unknown>, ...alsoDrop: string[]): T {
  const dropped = new Set([...TABLE_KEYS, ...alsoDrop]);
  return Object.fromEntries(Object.entries(item).filter(([k]) => !dropped.has(k))) as T;
}
