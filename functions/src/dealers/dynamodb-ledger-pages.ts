import { decodeCursor, encodeCursor, isDealerIndexKey } from '../adapters/dynamodb/cursor';
import { withoutKeys } from '../adapters/dynamodb/item-attributes';
import { keys } from '../adapters/dynamodb/keys';
import { newestWithPrefix } from '../adapters/dynamodb/newest-first';
import type { LedgerEntry } from '../credits/credit-store';
import type { LedgerPages } from './ports';

const toEntry = (item: Record<string, unknown>) => withoutKeys<LedgerEntry>(item, 'entity');

/** A cursor must be a key of this dealer's own ledger entries (in their partition, on their GSI1 ledger index). */
const isOwnLedgerKey = (sub: string) => (key: Record<string, unknown>) =>
  isDealerIndexKey(key, sub, keys.creditTransactionIndexPrefix) && key.PK === keys.userPartition(sub) && (key.SK as string).startsWith(keys.creditTransactionPrefix);

/** The ledger's GSI1 entries (`USER#<sub>` / `TX#<created_at>#<id>`), newest first, as the dealer's own list reads them. */
export class DynamoDbLedgerPages implements LedgerPages {
  async page(sub: string, limit: number, cursor?: string) {
    const page = await newestWithPrefix(keys.userPartition(sub), keys.creditTransactionIndexPrefix, limit, decodeCursor(cursor, isOwnLedgerKey(sub)));
    return { entries: page.items.map(toEntry), nextCursor: encodeCursor(page.lastKey) };
  }
}
