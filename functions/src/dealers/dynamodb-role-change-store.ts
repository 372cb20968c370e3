import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { RoleChange } from '@shared/schemas/admin-dealers';
import { cancellationCodes, dynamo, isConditionFailure, tableName } from '../adapters/dynamodb/client';
import { keys, roleChangeKeys } from '../adapters/dynamodb/keys';
import { queryAll } from '../adapters/dynamodb/query-all';
import type { RoleChangeStore } from './ports';

const FIELDS = ['id', 'user_id', 'previous_role', 'role', 'changed_by', 'changed_by_email', 'changed_at'] as const;
const toChange = (item: Record<string, unknown>) => Object.fromEntries(FIELDS.map((f) => [f, item[f]])) as unknown as RoleChange;

/** Role changes live beside the dealer's profile (`USER#<sub>` / `ROLE_CHANGE#<at>#<id>`). */
export class DynamoDbRoleChangeStore implements RoleChangeStore {
  async list(sub: string): Promise<RoleChange[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :rc)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(sub), ':rc': roleChangeKeys.prefix },
      ScanIndexForward: false,
      ConsistentRead: true,
    });
    return items.map(toChange);
  }

  async apply(change: RoleChange): Promise<'changed' | 'conflict'> {
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              // Only from the role the super user saw: a concurrent change is not silently overwritten.
              Update: {
                TableName: tableName(),
                Key: keys.profile(change.user_id),
                UpdateExpression: 'SET #role = :role, updated_at = :now',
                ConditionExpression: 'attribute_exists(PK) AND #role = :previous',
                ExpressionAttributeNames: { '#role': 'role' },
                ExpressionAttributeValues: { ':role': change.role, ':previous': change.previous_role, ':now': change.changed_at },
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: { ...roleChangeKeys.item(change.user_id, change.changed_at, change.id), entity: 'role_change', ...change },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
      return 'changed';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // The role (or the profile) was not as read, or another change of it ran at the same moment.
      if (!cancellationCodes(error).some((c) => c === 'ConditionalCheckFailed' || c === 'TransactionConflict')) throw error;
      return 'conflict';
    }
  }
}
