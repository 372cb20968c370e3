import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../adapters/dynamodb/client';
import { keys } from '../adapters/dynamodb/keys';

/**
 * Whether the account was asked to be erased (its erasure record exists from the moment the request was recorded,
 * and is kept). Read by the API layer before every signed-in write: a token issued before the erasure stays valid at
 * the gateway until it expires, and must write nothing.
 */
export async function isAccountErased(sub: string): Promise<boolean> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.erasureRequest(sub), ConsistentRead: true, ProjectionExpression: 'PK' }));
  return out.Item !== undefined;
}
