import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, ignoreConditionFailure, tableName } from '../adapters/dynamodb/client';
import { keys } from '../adapters/dynamodb/keys';
import { newestInPartition } from '../adapters/dynamodb/newest-first';
import type { AlongsideWrite } from '../credits/credit-store';
import type { TrialLinkStore } from './ports';
import type { StoredTrialLink, TrialPhoto } from './trial-link';

const LINK_FIELDS = [
  'id', 'token_hash', 'dealer_name', 'email', 'created_by', 'created_at', 'expires_at', 'revoked_at', 'pending_photos', 'photos',
  'uploaded_at', 'converted_at', 'converted_email', 'transferred_at', 'package_id',
] as const;

function linkOf(item: Record<string, unknown>): StoredTrialLink {
  const link = Object.fromEntries(LINK_FIELDS.map((f) => [f, item[f] ?? null])) as unknown as StoredTrialLink;
  link.pending_photos = (item.pending_photos as TrialPhoto[] | undefined) ?? [];
  link.photos = (item.photos as TrialPhoto[] | undefined) ?? [];
  return link;
}

/** The link is open: not converted, not revoked, not expired (`:now` is an ISO time, compared as text). */
const OPEN = 'attribute_exists(PK) AND attribute_not_exists(converted_at) AND attribute_not_exists(revoked_at) AND expires_at > :now';

export class DynamoDbTrialLinkStore implements TrialLinkStore {
  async create(link: StoredTrialLink): Promise<void> {
    const { revoked_at: _r, converted_at: _c, converted_email: _e, transferred_at: _t, package_id: _p, uploaded_at: _u, ...rest } = link;
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.trialLink(link.id), ...keys.trialLinkIndex(link.created_at, link.id), entity: 'trial_link', ...rest },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          { Put: { TableName: tableName(), Item: { ...keys.trialToken(link.token_hash), entity: 'trial_token', link_id: link.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
        ],
      }),
    );
  }

  async get(id: string): Promise<StoredTrialLink | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.trialLink(id), ConsistentRead: true }));
    return out.Item ? linkOf(out.Item) : undefined;
  }

  async findByTokenHash(tokenHash: string): Promise<StoredTrialLink | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.trialToken(tokenHash), ConsistentRead: true }));
    const id = out.Item?.link_id;
    if (typeof id !== 'string') return undefined;
    const link = await this.get(id);
    // The lookup and the link are written together; the hash is checked again all the same.
    return link?.token_hash === tokenHash ? link : undefined;
  }

  async list(limit: number): Promise<StoredTrialLink[]> {
    return (await newestInPartition(keys.trialLinksIndexPartition, limit)).items.map(linkOf);
  }

  private async conditional(update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName'>): Promise<boolean> {
    return ignoreConditionFailure(dynamo().send(new UpdateCommand({ TableName: tableName(), ...update })));
  }

  revoke(id: string, now: string) {
    return this.conditional({
      Key: keys.trialLink(id),
      UpdateExpression: 'SET revoked_at = :now',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(converted_at) AND attribute_not_exists(revoked_at)',
      ExpressionAttributeValues: { ':now': now },
    });
  }

  setPendingPhotos(id: string, photos: TrialPhoto[], now: string) {
    return this.conditional({
      Key: keys.trialLink(id),
      UpdateExpression: 'SET pending_photos = :photos, pending_key = :pending',
      ConditionExpression: OPEN,
      ExpressionAttributeValues: { ':photos': photos, ':pending': photos[0]?.key ?? '', ':now': now },
    });
  }

  setPhotos(id: string, photos: TrialPhoto[], pendingKey: string, now: string) {
    return this.conditional({
      Key: keys.trialLink(id),
      UpdateExpression: 'SET photos = :photos, uploaded_at = :now, pending_photos = :none REMOVE pending_key',
      ConditionExpression: `${OPEN} AND pending_key = :pending`,
      ExpressionAttributeValues: { ':photos': photos, ':none': [], ':pending': pendingKey, ':now': now },
    });
  }

  async convert(id: string, email: string, now: string): Promise<boolean> {
    return ignoreConditionFailure(
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: keys.trialLink(id),
                UpdateExpression: 'SET converted_at = :now, converted_email = :email',
                ConditionExpression: `${OPEN} AND size(photos) > :zero`,
                ExpressionAttributeValues: { ':now': now, ':email': email, ':zero': 0 },
              },
            },
            { Put: { TableName: tableName(), Item: { ...keys.trialConversion(email, id), entity: 'trial_conversion', link_id: id, converted_at: now } } },
          ],
        }),
      ),
    );
  }

  async convertedTo(email: string): Promise<StoredTrialLink[]> {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.trialConversionPartition(email) },
        ScanIndexForward: false,
        ConsistentRead: true,
      }),
    );
    const links = await Promise.all((out.Items ?? []).map((i) => this.get(String(i.link_id))));
    return links.filter((l): l is StoredTrialLink => l !== undefined && l.converted_email === email.toLowerCase());
  }

  transferClaimWrites(sub: string, linkId: string, packageId: string, now: string): AlongsideWrite[] {
    const marker = { entity: 'trial_transfer', user_id: sub, link_id: linkId, package_id: packageId, transferred_at: now };
    return [{ put: { ...keys.trialTransferOfUser(sub), ...marker } }, { put: { ...keys.trialTransferOfLink(linkId), ...marker } }];
  }

  async markTransferred(sub: string, linkId: string, packageId: string, now: string): Promise<void> {
    await Promise.all([
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.trialLink(linkId),
          UpdateExpression: 'SET transferred_at = :now, package_id = :pkg',
          ExpressionAttributeValues: { ':now': now, ':pkg': packageId },
        }),
      ),
      this.conditional({
        Key: keys.profile(sub),
        UpdateExpression: 'SET photos_transferred = :yes',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':yes': true },
      }),
    ]);
  }

  async userTransferred(sub: string): Promise<boolean> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.trialTransferOfUser(sub), ConsistentRead: true }));
    return out.Item !== undefined;
  }
}
