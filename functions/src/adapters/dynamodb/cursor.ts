import { DomainError } from '../../lib/errors';
import { keys } from './keys';

/**
 * A list's cursor is the last key of its page (base64url JSON). A cursor comes back from the client, so a decoded
 * key is used only if `belongs` accepts it as a key of the caller's own list; anything else is a validation error.
 */
export const encodeCursor = (key: Record<string, unknown> | undefined): string | null => (key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null);

export function decodeCursor(cursor: string | undefined, belongs: (key: Record<string, unknown>) => boolean): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (belongs(key)) return key;
  } catch {
    // not JSON: refused below
  }
  throw new DomainError('validation', 'cursor is not valid', { cursor: 'not valid' });
}

/**
 * True for a key of an item on the dealer's GSI1 partition whose sort key starts with `prefix` (the four key
 * attributes and nothing else): what every per-dealer list's cursor must be.
 */
export const isDealerIndexKey = (key: Record<string, unknown>, sub: string, prefix: string): boolean =>
  key.GSI1PK === keys.userPartition(sub) &&
  typeof key.GSI1SK === 'string' &&
  key.GSI1SK.startsWith(prefix) &&
  typeof key.PK === 'string' &&
  typeof key.SK === 'string' &&
  Object.keys(key).length === 4;
