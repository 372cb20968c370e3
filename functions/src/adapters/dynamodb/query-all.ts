import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';

/**
 * Every item a query finds, following LastEvaluatedKey page by page (a single page stops at 1 MB). For the small
 * partitions read whole: active markers, a dealer's role changes, ledger or erasure keys. Only QueryCommand lives
 * here: IAM grants are derived per source file (infra/cdk/handler-sources.ts).
 */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey: start }));
    found.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

/** Every item of one partition (`PK = pk`). */
export const queryPartition = (pk: string) => queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } });
