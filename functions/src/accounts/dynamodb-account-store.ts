import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes, dynamo, isConditionFailure, tableName } from '../adapters/dynamodb/client';
import { keys } from '../adapters/dynamodb/keys';
import { creditItems } from '../credits/dynamodb-credit-store';
import type { AccountStore, NewAccount, ProfileChanges, StoredProfile } from './account-store';

const PROFILE_FIELDS = ['id', 'email', 'dealer_name', 'logo_url', 'logo_key', 'role', 'user_type', 'total_credits_purchased', 'first_purchase_date', 'created_at', 'updated_at'] as const;
const toProfile = (item: Record<string, unknown>) => Object.fromEntries(PROFILE_FIELDS.map((f) => [f, item[f] ?? null])) as unknown as StoredProfile;

export class DynamoDbAccountStore implements AccountStore {
  async createIfMissing({ profile, balance, trialGrant }: NewAccount): Promise<'created' | 'exists'> {
    const absent = 'attribute_not_exists(PK)';
    for (let attempt = 0; ; attempt++) {
      try {
        await dynamo().send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: tableName(), Item: { ...keys.profile(profile.id), entity: 'profile', ...profile }, ConditionExpression: absent } },
              { Put: { TableName: tableName(), Item: creditItems.balance(balance), ConditionExpression: absent } },
              { Put: { TableName: tableName(), Item: creditItems.entry(trialGrant), ConditionExpression: absent } },
              // An erased account is never made again from a token issued before its erasure.
              { ConditionCheck: { TableName: tableName(), Key: keys.erasureRequest(profile.id), ConditionExpression: 'attribute_not_exists(PK)' } },
              // The newest account of an address wins the lookup (a Cognito user deleted and created again gets a new sub).
              { Put: { TableName: tableName(), Item: { ...keys.emailLookup(profile.email), entity: 'email_lookup', sub: profile.id, email: profile.email } } },
            ],
          }),
        );
        return 'created';
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        if (cancellationCodes(error).includes('ConditionalCheckFailed')) return 'exists';
        // A concurrent first sign-in (TransactionConflict): look again shortly.
        if (attempt >= 5) throw error;
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 50 * (attempt + 1)));
      }
    }
  }

  async getProfile(sub: string): Promise<StoredProfile | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.profile(sub), ConsistentRead: true }));
    return out.Item ? toProfile(out.Item) : undefined;
  }

  async updateProfile(sub: string, changes: ProfileChanges, now: Date): Promise<StoredProfile | undefined> {
    const sets: string[] = ['updated_at = :now'];
    const values: Record<string, unknown> = { ':now': now.toISOString() };
    for (const field of ['dealer_name', 'logo_url'] as const) {
      if (changes[field] === undefined) continue;
      sets.push(`${field} = :${field}`);
      values[`:${field}`] = changes[field];
    }
    return this.update(sub, `SET ${sets.join(', ')}`, values);
  }

  async setLogoKey(sub: string, key: string | null, now: Date): Promise<StoredProfile | undefined> {
    return this.update(sub, 'SET logo_key = :key, updated_at = :now', { ':key': key, ':now': now.toISOString() });
  }

  async setRole(sub: string, role: StoredProfile['role'], now: Date): Promise<StoredProfile | undefined> {
    return this.update(sub, 'SET #role = :role, updated_at = :now', { ':role': role, ':now': now.toISOString() }, { '#role': 'role' });
  }

  async findSubByEmail(email: string): Promise<string | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.emailLookup(email), ConsistentRead: true }));
    return typeof out.Item?.sub === 'string' ? out.Item.sub : undefined;
  }

  private async update(sub: string, expression: string, values: Record<string, unknown>, names?: Record<string, string>) {
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.profile(sub),
          UpdateExpression: expression,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: values,
          ...(names ? { ExpressionAttributeNames: names } : {}),
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes ? toProfile(out.Attributes) : undefined;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }
}
