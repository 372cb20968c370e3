import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../adapters/dynamodb/client';
import { withoutKeys } from '../adapters/dynamodb/item-attributes';
import { teamKeys } from '../adapters/dynamodb/keys';
import type { StoredMembership, TeamStore } from './ports';

/**
 * The membership lookup every signed-in request makes (issue 42), on its own: the API layer imports only this read, so a
 * handler's derived DynamoDB grants stay what its own code does (infra/cdk/handler-sources.ts).
 */
export class DynamoDbMembershipReader implements Pick<TeamStore, 'membership'> {
  async membership(personSub: string) {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: teamKeys.membership(personSub), ConsistentRead: true }));
    return out.Item ? withoutKeys<StoredMembership>(out.Item, 'entity') : undefined;
  }
}
