import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes, dynamo, tableName } from '../adapters/dynamodb/client';
import { withoutKeys } from '../adapters/dynamodb/item-attributes';
import { keys } from '../adapters/dynamodb/keys';
import { newestWithPrefix } from '../adapters/dynamodb/newest-first';
import { queryAll } from '../adapters/dynamodb/query-all';
import type { StoredBalance } from './balance';
import type { AlongsideWrite, CommitOutcome, CreditCommit, CreditStore, LedgerEntry } from './credit-store';

const strip = <T>(item: Record<string, unknown>): T => withoutKeys<T>(item, 'entity');

/** The table items of a balance and of a ledger entry (also written by the account creation transaction). */
export const creditItems = {
  balance: (b: StoredBalance) => ({ ...keys.creditBalance(b.user_id), entity: 'credit_balance', ...b }),
  entry: (e: LedgerEntry) => ({
    ...keys.creditTransaction(e.user_id, e.id),
    ...keys.creditTransactionIndex(e.user_id, e.created_at, e.id),
    entity: 'credit_transaction',
    ...e,
  }),
};

/** One write made in a credit change's transaction (see AlongsideWrite). */
function alongsideItem(w: AlongsideWrite) {
  if ('put' in w) return { Put: { TableName: tableName(), Item: w.put, ConditionExpression: 'attribute_not_exists(PK)' } };
  if ('remove' in w) return { Delete: { TableName: tableName(), Key: w.remove, ConditionExpression: 'attribute_exists(PK)' } };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(w.update.set).map(([k, v], i) => ((names[`#s${i}`] = k), (values[`:s${i}`] = v), `#s${i} = :s${i}`));
  const whens = Object.entries(w.update.when).map(([k, v], i) => ((names[`#w${i}`] = k), (values[`:w${i}`] = v), `#w${i} = :w${i}`));
  return {
    Update: {
      TableName: tableName(),
      Key: w.update.key,
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: ['attribute_exists(PK)', ...whens].join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

export class DynamoDbCreditStore implements CreditStore {
  async read(sub: string, txIds: string[]) {
    const get = (Key: { PK: string; SK: string }) => dynamo().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
    const [balance, ...entries] = await Promise.all([get(keys.creditBalance(sub)), ...txIds.map((id) => get(keys.creditTransaction(sub, id)))]);
    const found = new Map<string, LedgerEntry>();
    entries.forEach((out, i) => out.Item && found.set(txIds[i]!, strip<LedgerEntry>(out.Item)));
    return { balance: balance.Item ? strip<StoredBalance>(balance.Item) : undefined, entries: found };
  }

  async commit(change: CreditCommit): Promise<CommitOutcome> {
    const { next, expectedVersion } = change.balance;
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: creditItems.balance(next),
                ...(expectedVersion === null
                  ? { ConditionExpression: 'attribute_not_exists(PK)' }
                  : { ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': expectedVersion } }),
              },
            },
            { Put: { TableName: tableName(), Item: creditItems.entry(change.entry), ConditionExpression: 'attribute_not_exists(PK)' } },
            ...(change.refundOf
              ? [
                  {
                    Update: {
                      TableName: tableName(),
                      Key: keys.creditTransaction(change.sub, change.refundOf.txId),
                      UpdateExpression: 'SET refunded_credits = :r, refundable = :a',
                      ConditionExpression: 'refunded_credits = :e',
                      ExpressionAttributeValues: { ':r': change.refundOf.refunded, ':a': change.refundOf.refundable, ':e': change.refundOf.expectedRefunded },
                    },
                  },
                ]
              : []),
            ...(change.alongside ?? []).map(alongsideItem),
            ...(change.expiries ?? []).map((e) => ({ Put: { TableName: tableName(), Item: creditItems.entry(e), ConditionExpression: 'attribute_not_exists(PK)' } })),
          ],
        }),
      );
      return 'committed';
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      const codes = cancellationCodes(error);
      // Item 1 is the ledger entry: its condition failing means this change was already made.
      if (codes[1] === 'ConditionalCheckFailed') return 'duplicate';
      if (codes[0] === 'ConditionalCheckFailed') return 'conflict';
      const firstAlongside = 2 + (change.refundOf ? 1 : 0);
      const alongsideCodes = codes.slice(firstAlongside, firstAlongside + (change.alongside?.length ?? 0));
      // An expiry entry already written means the balance moved on since it was read: re-read, as for a conflict.
      return alongsideCodes.includes('ConditionalCheckFailed') ? 'refused' : 'conflict';
    }
  }

  async listRecent(sub: string, limit: number): Promise<LedgerEntry[]> {
    return (await newestWithPrefix(keys.userPartition(sub), keys.creditTransactionIndexPrefix, limit)).items.map((i) => strip<LedgerEntry>(i));
  }

  /** The whole ledger of a user, strongly consistent (reconciliation and tests). */
  async listAll(sub: string): Promise<LedgerEntry[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :tx)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(sub), ':tx': keys.creditTransactionPrefix },
      ConsistentRead: true,
    });
    return items.map((i) => strip<LedgerEntry>(i));
  }
}
