import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../adapters/dynamodb/client';
import { keys } from '../adapters/dynamodb/keys';
import type { LedgerEntry } from '../credits/credit-store';
import { DomainError } from '../lib/errors';
import type { LedgerPages } from './ports';

const KEY_ATTRIBUTES = new Set(['PK', 'SK', 'GSI1PK', 'GSI1SK', 'entity']);
const toEntry = (item: Record<string, unknown>) => Object.fromEntries(Object.entries(item).filter(([k]) => !KEY_ATTRIBUTES.has(k))) as unknown as LedgerEntry;

/** The cursor is the page's last key (base64url JSON), accepted only as a key of this dealer's ledger index. */
const encodeCursor = (key: Record<string, unknown> | undefined) => (key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null);
function decodeCursor(sub: string, cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const valid =
      key.GSI1PK === keys.userPartition(sub) &&
      key.PK === keys.userPartition(sub) &&
      typeof key.GSI1SK === 'string' &&
      key.GSI1SK.startsWith(keys.creditTransactionIndexPrefix) &&
      typeof key.SK === 'string' &&
      key.SK.startsWith(keys.creditTransactionPrefix) &&
      Object.keys(key).length === 4;
    if (valid) return key;
  } catch {
    // not JSON: refused below
  }
  throw new DomainError('validation', 'cursor is not valid', { cursor: 'not valid' });
}

/** The ledger's GSI1 entries (`USER#<sub>` / `TX#<created_at>#<id>`), newest first, as the dealer's own list reads them. */
export class DynamoDbLedgerPages implements LedgerPages {
  async page(sub: string, limit: number, cursor?: string) {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :tx)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(sub), ':tx': keys.creditTransactionIndexPrefix },
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: decodeCursor(sub, cursor),
      }),
    );
    return { entries: (out.Items ?? []).map(toEntry), nextCursor: encodeCursor(out.LastEvaluatedKey) };
  }
}
