import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, ignoreConditionFailure, tableName } from './client';

/** One conditional update of a transaction (the table is added here). */
export type ConditionalUpdate = {
  Key: Record<string, string>;
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
};

/**
 * Two updates in one transaction, both or neither: an item's transition and its parent's counters (a package's
 * angle and the package, a batch's photo and the batch). False when a condition refused it. Only the transaction's
 * Update items live here: IAM grants are derived per source file (infra/cdk/handler-sources.ts).
 */
export function pairedUpdate(item: ConditionalUpdate, parent: ConditionalUpdate): Promise<boolean> {
  return ignoreConditionFailure(
    dynamo().send(new TransactWriteCommand({ TransactItems: [{ Update: { TableName: tableName(), ...item } }, { Update: { TableName: tableName(), ...parent } }] })),
  );
}
