import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes, dynamo, isConditionFailure, tableName } from '../adapters/dynamodb/client';
import { keys } from '../adapters/dynamodb/keys';
import { creditItems } from '../credits/dynamodb-credit-store';
import type { AccountStore, NewAccount, ProfileChanges, StoredProfile } from './account-store';

const PROFILE_FIELDS = ['id', 'email', 'dealer_name', 'logo_url', 'logo_key', 'plate_treatment', 'package_ready_email', 'contact_phone', 'contact_address', 'contact_email', 'role', 'user_type', 'total_credits_purchased', 'first_purchase_date', 'trial_credits_refused', 'created_at', 'updated_at'] as const;
const toProfile = (item: Record<string, unknown>) => Object.fromEntries(PROFILE_FIELDS.map((f) => [f, item[f] ?? null])) as unknown as StoredProfile;

export class DynamoDbAccountStore implements AccountStore {
  async createIfMissing({ profile, balance, trial }: NewAccount): Promise<'created' | 'exists' | 'mailbox_had_trial'> {
    const absent = 'attribute_not_exists(PK)';
    for (let attempt = 0; ; attempt++) {
      try {
        await dynamo().send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: tableName(), Item: { ...keys.profile(profile.id), entity: 'profile', ...profile }, ConditionExpression: absent } },
              { Put: { TableName: tableName(), Item: creditItems.balance(balance), ConditionExpression: absent } },
              // An erased account is never made again from a token issued before its erasure.
              { ConditionCheck: { TableName: tableName(), Key: keys.erasureRequest(profile.id), ConditionExpression: 'attribute_not_exists(PK)' } },
              // The newest account of an address wins the lookup (a Cognito user deleted and created again gets a new sub).
              { Put: { TableName: tableName(), Item: { ...keys.emailLookup(profile.email), entity: 'email_lookup', sub: profile.id, email: profile.email } } },
              // The trial credits, and the mailbox's one claim to them (no account id or address in it: kept after an erasure).
              ...(trial
                ? [
                    { Put: { TableName: tableName(), Item: creditItems.entry(trial.grant), ConditionExpression: absent } },
                    {
                      Put: {
                        TableName: tableName(),
                        Item: { ...keys.trialGrantOfMailbox(trial.mailboxHash), entity: 'trial_grant', granted_at: trial.grant.created_at },
                        ConditionExpression: absent,
                      },
                    },
                  ]
                : []),
            ],
          }),
        );
        return 'created';
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const codes = cancellationCodes(error);
        // Item 5 is the mailbox's claim: only it refused means the account is new but its mailbox had its trial.
        if (trial && codes[5] === 'ConditionalCheckFailed' && codes.slice(0, 5).every((c) => c !== 'ConditionalCheckFailed')) return 'mailbox_had_trial';
        if (codes.includes('ConditionalCheckFailed')) return 'exists';
        // A concurrent first sign-in (TransactionConflict): look again shortly.
        if (attempt >= 5) throw error;
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 50 * (attempt + 1)));
      }
    }
  }

  async trialCreditRefusal(sub: string) {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.trialCreditRefusal(sub), ConsistentRead: true }));
    const reason = out.Item?.reason;
    return reason === 'address' || reason === 'network' ? reason : undefined;
  }

  async refuseTrialCredits(sub: string, reason: 'address' | 'network', now: Date): Promise<void> {
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...keys.trialCreditRefusal(sub), entity: 'trial_credit_refusal', reason, at: now.toISOString() } }));
  }

  async getProfile(sub: string): Promise<StoredProfile | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.profile(sub), ConsistentRead: true }));
    return out.Item ? toProfile(out.Item) : undefined;
  }

  async updateProfile(sub: string, changes: ProfileChanges, now: Date): Promise<StoredProfile | undefined> {
    const sets: string[] = ['updated_at = :now'];
    const values: Record<string, unknown> = { ':now': now.toISOString() };
    for (const field of ['dealer_name', 'logo_url', 'plate_treatment', 'package_ready_email', 'contact_phone', 'contact_address', 'contact_email'] as const) {
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
