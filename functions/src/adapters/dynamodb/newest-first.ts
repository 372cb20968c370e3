import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';

/** One page of a GSI1 partition, newest first (its sort keys start with the creation time). */
export async function newestInPartition(partition: string, limit: number, startKey?: Record<string, unknown>) {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
      Limit: limit,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  return { items: out.Items ?? [], lastKey: out.LastEvaluatedKey };
}

/**
 * One page of a dealer's GSI1 items of one kind (sort keys starting with `prefix`), newest first: their packages,
 * ledger entries or finished images.
 */
export async function newestWithPrefix(partition: string, prefix: string, limit: number, startKey?: Record<string, unknown>) {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
      ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
      ScanIndexForward: false,
      Limit: limit,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  return { items: out.Items ?? [], lastKey: out.LastEvaluatedKey };
}
