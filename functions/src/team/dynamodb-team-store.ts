import { DeleteCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from '../adapters/dynamodb/client';
import { withoutKeys } from '../adapters/dynamodb/item-attributes';
import { teamKeys, ttlAt } from '../adapters/dynamodb/keys';
import { queryAll } from '../adapters/dynamodb/query-all';
import { DynamoDbMembershipReader } from './dynamodb-membership-reader';
import type { TeamRole } from '@shared/team';
import type { StoredInvite, StoredMembership, TeamStore } from './ports';

const membershipItem = (m: StoredMembership) => ({
  ...teamKeys.membership(m.person_sub),
  // Listed among the dealership's members only while active; a removed one under FORMER# (found when the dealership is erased).
  ...(m.status === 'active' ? teamKeys.memberIndex(m.dealership_id, m.person_sub) : teamKeys.formerMemberIndex(m.dealership_id, m.person_sub)),
  entity: 'team_membership',
  ...m,
});

export class DynamoDbTeamStore implements TeamStore {
  private readonly reader = new DynamoDbMembershipReader();

  membership(personSub: string) {
    return this.reader.membership(personSub);
  }

  async members(dealershipId: string) {
    const items = await queryAll({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
      ExpressionAttributeValues: { ':pk': teamKeys.teamPartition(dealershipId), ':prefix': teamKeys.memberIndexPrefix },
    });
    return items.map((i) => withoutKeys<StoredMembership>(i, 'entity')).filter((m) => m.status === 'active' && m.dealership_id === dealershipId);
  }

  async invites(dealershipId: string) {
    const items = await queryAll({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
      ExpressionAttributeValues: { ':pk': teamKeys.teamPartition(dealershipId), ':prefix': teamKeys.inviteIndexPrefix },
    });
    return items.map((i) => withoutKeys<StoredInvite>(i, 'entity', 'expiresAt'));
  }

  async invitesFor(email: string) {
    const items = await queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': teamKeys.invitesOf(email) }, ConsistentRead: true });
    return items.map((i) => withoutKeys<StoredInvite>(i, 'entity', 'expiresAt'));
  }

  async putInvite(invite: StoredInvite) {
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...teamKeys.invite(invite.email, invite.dealership_id),
            ...teamKeys.inviteIndex(invite.dealership_id, invite.id),
            entity: 'team_invite',
            ...invite,
            // Gone from the table a day after it expired (the listing hides it from the moment it expires).
            expiresAt: ttlAt(Date.parse(invite.expires_at) + 24 * 3_600_000),
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async deleteInvite(dealershipId: string, email: string) {
    try {
      await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: teamKeys.invite(email, dealershipId), ConditionExpression: 'attribute_exists(PK)' }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async deleteMembership(membership: StoredMembership) {
    try {
      await dynamo().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: teamKeys.membership(membership.person_sub),
          ConditionExpression: '#role = :role AND #status = :status AND dealership_id = :dealership',
          ExpressionAttributeNames: { '#role': 'role', '#status': 'status' },
          ExpressionAttributeValues: { ':role': membership.role, ':status': membership.status, ':dealership': membership.dealership_id },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async join(invite: StoredInvite, membership: StoredMembership, expected?: { role: TeamRole; status: StoredMembership['status']; dealership_id: string }) {
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: membershipItem(membership),
                ...(expected
                  ? {
                      ConditionExpression: '#role = :role AND #status = :status AND dealership_id = :dealership',
                      ExpressionAttributeNames: { '#role': 'role', '#status': 'status' },
                      ExpressionAttributeValues: { ':role': expected.role, ':status': expected.status, ':dealership': expected.dealership_id },
                    }
                  : {
                      ConditionExpression: 'attribute_not_exists(PK) OR #status = :removed',
                      ExpressionAttributeNames: { '#status': 'status' },
                      ExpressionAttributeValues: { ':removed': 'removed' },
                    }),
              },
            },
            {
              Delete: {
                TableName: tableName(),
                Key: teamKeys.invite(invite.email, invite.dealership_id),
                ConditionExpression: 'id = :id',
                ExpressionAttributeValues: { ':id': invite.id },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async save(changes: Parameters<TeamStore['save']>[0], keepsOwner?: Parameters<TeamStore['save']>[1]) {
    const ownerCheck = keepsOwner
      ? [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: teamKeys.membership(keepsOwner.personSub),
              ConditionExpression: `${keepsOwner.founder ? 'attribute_not_exists(PK) OR ' : ''}(#role = :owner AND #status = :active)`,
              ExpressionAttributeNames: { '#role': 'role', '#status': 'status' },
              ExpressionAttributeValues: { ':owner': 'owner', ':active': 'active' },
            },
          },
        ]
      : [];
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [...ownerCheck, ...changes.map(({ membership, expected }) => ({
            Put: {
              TableName: tableName(),
              Item: membershipItem(membership),
              ...(expected
                ? {
                    ConditionExpression: '#role = :role AND #status = :status AND dealership_id = :dealership',
                    ExpressionAttributeNames: { '#role': 'role', '#status': 'status' },
                    ExpressionAttributeValues: { ':role': expected.role, ':status': expected.status, ':dealership': membership.dealership_id },
                  }
                : { ConditionExpression: 'attribute_not_exists(PK)' }),
            },
          }))],
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
