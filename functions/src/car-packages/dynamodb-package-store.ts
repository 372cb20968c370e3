import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { encodeTime } from 'ulid';
import { ANGLES, type Angle } from '@shared/angles';
import type { SessionStatus } from '@shared/statuses';
import { MAX_FREE_RETRIES_PER_ANGLE } from '@shared/limits';
import { cancellationCodes, dynamo, ignoreConditionFailure, isConditionFailure, tableName } from '../adapters/dynamodb/client';
import { decodeCursor, encodeCursor, isDealerIndexKey } from '../adapters/dynamodb/cursor';
import { withoutKeys } from '../adapters/dynamodb/item-attributes';
import { keys, shareKeys, ttlAt } from '../adapters/dynamodb/keys';
import { sha256 } from '../lib/ids';
import { DomainError } from '../lib/errors';
import { newestWithPrefix } from '../adapters/dynamodb/newest-first';
import { dynamoMailMark } from '../adapters/dynamodb/mail-mark';
import { pairedUpdate } from '../adapters/dynamodb/paired-update';
import type { MailMark } from '../mail/mail-once';
import { queryPartition } from '../adapters/dynamodb/query-all';
import { txIds, type AlongsideWrite } from '../credits/credit-store';
import type { RenderedImageRecord } from '../images/rendered-image';
import { refundKey, searchTextOf, type StoredDraft, type StoredImage, type StoredPackage, type StoredPhoto, type StoredVideo } from './car-package';
import type { ActivePackage, PackageFilter, PackageStore, RenderResult, RetryOutcome } from './ports';

/** Items read back as records: without their keys, entity and TTL attribute. */
const strip = <T>(item: Record<string, unknown>): T => withoutKeys<T>(item, 'entity', 'expiresAt', 'search_text');

const packageItem = (p: StoredPackage) => ({
  ...keys.carPackage(p.id),
  ...keys.carPackageIndex(p.user_id, p.id),
  ...keys.carPackageDayIndex(p.created_at, p.id),
  entity: 'car_package',
  ...p,
  search_text: searchTextOf(p),
});

/** Items a filtered list reads per query at most (DynamoDB applies a filter after reading, so a page may need several). */
const FILTERED_READ_BATCH = 200;

/** The smallest (or past the largest) GSI1 sort key of a package created at `ms`: ULIDs start with their time. */
const packageIndexKeyAt = (ms: number, end: boolean) => `${keys.carPackageIndexPrefix}${encodeTime(Math.max(0, ms), 10)}${end ? '' : '0'.repeat(16)}`;

/**
 * The key condition and filter of a filtered list (issue 41): the created range on the sort key (package ids are
 * ULIDs), the rest filtered on the dealer's partition. Packages written before search_text existed are found by
 * their name as written.
 */
function listQuery(sub: string, filter: PackageFilter) {
  const values: Record<string, unknown> = { ':pk': keys.userPartition(sub) };
  const names: Record<string, string> = {};
  let keyCondition = 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)';
  if (filter.createdFromMs !== undefined || filter.createdToMs !== undefined) {
    keyCondition = 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to';
    values[':from'] = filter.createdFromMs === undefined ? keys.carPackageIndexPrefix : packageIndexKeyAt(filter.createdFromMs, false);
    // Before created_to: the ids of its millisecond and later are past the range (BETWEEN includes :to itself).
    values[':to'] = filter.createdToMs === undefined ? `${keys.carPackageIndexPrefix}~` : packageIndexKeyAt(filter.createdToMs - 1, true) + '~';
  } else values[':prefix'] = keys.carPackageIndexPrefix;
  const conditions = ['SK = :meta'];
  values[':meta'] = 'META';
  if (filter.status) {
    names['#status'] = 'status';
    values[':status'] = filter.status;
    conditions.push('#status = :status');
  }
  if (filter.vin) {
    values[':vin'] = filter.vin;
    conditions.push('vin = :vin');
  }
  if (filter.text) {
    values[':text'] = filter.text.toLowerCase();
    values[':asWritten'] = filter.text;
    conditions.push('(contains(search_text, :text) OR (attribute_not_exists(search_text) AND contains(session_name, :asWritten)))');
  }
  return { keyCondition, filter: conditions.join(' AND '), names, values };
}

/** The key of a package's item on GSI1: a filtered page's cursor when the page ends inside what DynamoDB read. */
const indexKeyOf = (item: Record<string, unknown>) => ({ PK: item.PK, SK: item.SK, GSI1PK: item.GSI1PK, GSI1SK: item.GSI1SK });
const imageItem = (i: StoredImage) => ({ ...keys.carPackageImage(i.session_id, i.angle), entity: 'car_package_image', ...i });

/** A cursor must be the key of one of the caller's packages (their META items on GSI1). */
const isOwnPackageKey = (sub: string) => (key: Record<string, unknown>) => isDealerIndexKey(key, sub, keys.carPackageIndexPrefix) && key.SK === 'META';

export class DynamoDbPackageStore implements PackageStore {
  async putDraft(draft: StoredDraft): Promise<boolean> {
    return ignoreConditionFailure(
      dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.carPackageDraft(draft.id), ...keys.carPackageDraftIndex(draft.user_id, draft.id), entity: 'car_package_draft', ...draft, expiresAt: ttlAt(Date.parse(draft.expires_at)) },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
  }

  async getDraft(id: string): Promise<StoredDraft | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.carPackageDraft(id), ConsistentRead: true }));
    return out.Item ? strip<StoredDraft>(out.Item) : undefined;
  }

  async recordCheckedUpload(id: string, photoId: string, digest: string): Promise<boolean> {
    // One attribute of the map per photo: the form's checks of several photos land at once without overwriting each
    // other. A draft without the map (from before) records nothing: its start checks every photo, as before.
    return ignoreConditionFailure(
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.carPackageDraft(id),
          UpdateExpression: 'SET checked_uploads.#photo = :digest',
          ConditionExpression: 'attribute_exists(PK) AND attribute_exists(checked_uploads)',
          ExpressionAttributeNames: { '#photo': photoId },
          ExpressionAttributeValues: { ':digest': digest },
        }),
      ),
    );
  }

  async deleteDraft(id: string): Promise<void> {
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.carPackageDraft(id) }));
  }

  async get(id: string): Promise<StoredPackage | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.carPackage(id), ConsistentRead: true }));
    return out.Item ? strip<StoredPackage>(out.Item) : undefined;
  }

  async getWithImages(id: string): Promise<{ pkg: StoredPackage; images: StoredImage[] } | undefined> {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.carPackagePartition(id) },
        ConsistentRead: true,
      }),
    );
    const items = out.Items ?? [];
    const meta = items.find((i) => i.SK === 'META');
    if (!meta) return undefined;
    const images = items.filter((i) => String(i.SK).startsWith(keys.carPackageImagePrefix)).map((i) => strip<StoredImage>(i));
    return { pkg: strip<StoredPackage>(meta), images };
  }

  creationWrites(pkg: StoredPackage, images: StoredImage[]): AlongsideWrite[] {
    const active: ActivePackage = { package_id: pkg.id, user_id: pkg.user_id, execution_name: pkg.execution_name, started_at: pkg.updated_at };
    return [
      { put: packageItem(pkg) },
      ...images.map((i) => ({ put: imageItem(i) })),
      { put: { ...keys.activeCarPackage(pkg.id), entity: 'active_car_package', ...active } },
      { remove: keys.carPackageDraft(pkg.id) },
    ];
  }

  async list(sub: string, limit: number, cursor?: string, filter: PackageFilter = {}) {
    const startKey = decodeCursor(cursor, isOwnPackageKey(sub));
    if (!Object.values(filter).some((v) => v !== undefined)) {
      const page = await newestWithPrefix(keys.userPartition(sub), keys.carPackageIndexPrefix, limit, startKey);
      return { packages: page.items.map((i) => strip<StoredPackage>(i)), nextCursor: encodeCursor(page.lastKey) };
    }
    // Filtered: read the dealer's packages newest first until a page is full or none are left (a few thousand at
    // most per dealer, so a search that matches little reads the partition in a handful of queries).
    const query = listQuery(sub, filter);
    // A cursor from another list (other dates) would start outside the range, which DynamoDB refuses: said as such.
    const sortKey = String(startKey?.GSI1SK ?? '');
    if (startKey && query.values[':from'] !== undefined && (sortKey < String(query.values[':from']) || sortKey > String(query.values[':to']))) {
      throw new DomainError('validation', 'cursor is not valid', { cursor: 'not valid for these dates' });
    }
    const found: Record<string, unknown>[] = [];
    let start = startKey;
    do {
      const out = await dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'GSI1',
          KeyConditionExpression: query.keyCondition,
          FilterExpression: query.filter,
          ...(Object.keys(query.names).length ? { ExpressionAttributeNames: query.names } : {}),
          ExpressionAttributeValues: query.values,
          ScanIndexForward: false,
          Limit: FILTERED_READ_BATCH,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const item of out.Items ?? []) {
        found.push(item);
        // One past a full page: the page ends at the one before, and there is more.
        if (found.length > limit) return { packages: found.slice(0, limit).map((i) => strip<StoredPackage>(i)), nextCursor: encodeCursor(indexKeyOf(found[limit - 1]!)) };
      }
      start = out.LastEvaluatedKey;
    } while (start);
    return { packages: found.map((i) => strip<StoredPackage>(i)), nextCursor: null };
  }

  async count(sub: string, sinceMs?: number): Promise<number> {
    let total = 0;
    let start: Record<string, unknown> | undefined;
    // Package ids are ULIDs: the smallest id of a moment is its time part followed by zeros.
    const from = sinceMs === undefined ? undefined : `${keys.carPackageIndexPrefix}${encodeTime(Math.max(0, sinceMs), 10)}${'0'.repeat(16)}`;
    do {
      const out = await dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'GSI1',
          KeyConditionExpression: from ? 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to' : 'GSI1PK = :pk AND begins_with(GSI1SK, :s)',
          ExpressionAttributeValues: from
            ? { ':pk': keys.userPartition(sub), ':from': from, ':to': `${keys.carPackageIndexPrefix}~` }
            : { ':pk': keys.userPartition(sub), ':s': keys.carPackageIndexPrefix },
          Select: 'COUNT',
          ExclusiveStartKey: start,
        }),
      );
      total += out.Count ?? 0;
      start = out.LastEvaluatedKey;
    } while (start);
    return total;
  }

  async setPrepared(id: string, photos: StoredPhoto[], now: string, drop: Angle[] = []): Promise<StoredPackage | undefined> {
    const prepared = {
      TableName: tableName(),
      Key: keys.carPackage(id),
      UpdateExpression: 'SET photos = :p, #s = :processing, updated_at = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':p': photos, ':processing': 'processing', ':now': now } as Record<string, unknown>,
    };
    if (drop.length > 0) {
      // The photos, the package's count and the dropped angles' records at once, each angle only while never attempted.
      const dropped = await ignoreConditionFailure(
        dynamo().send(
          new TransactWriteCommand({
            TransactItems: [
              { Update: { ...prepared, UpdateExpression: `${prepared.UpdateExpression} ADD total_angles :minus`, ExpressionAttributeValues: { ...prepared.ExpressionAttributeValues, ':minus': -drop.length } } },
              ...drop.map((angle) => ({
                Delete: {
                  TableName: tableName(),
                  Key: keys.carPackageImage(id, angle),
                  ConditionExpression: 'angle_status = :pending AND attempts = :zero',
                  ExpressionAttributeValues: { ':pending': 'pending', ':zero': 0 },
                },
              })),
            ],
          }),
        ),
      );
      if (dropped) return this.get(id);
      // Gone, or an angle moved on (a concurrent prepare dropped them first): the photos alone, as below.
    }
    try {
      const out = await dynamo().send(new UpdateCommand({ ...prepared, ReturnValues: 'ALL_NEW' }));
      return out.Attributes ? strip<StoredPackage>(out.Attributes) : undefined;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  private async updateImage(id: string, angle: Angle, update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'Key'>): Promise<StoredImage | undefined> {
    try {
      const out = await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: keys.carPackageImage(id, angle), ReturnValues: 'ALL_NEW', ...update }));
      return out.Attributes ? strip<StoredImage>(out.Attributes) : undefined;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  beginAttempt(id: string, angle: Angle, now: string) {
    // Processing from the first attempt on (a pending angle too: the render task is the angle's first step).
    return this.updateImage(id, angle, {
      UpdateExpression: 'SET angle_status = :processing, #s = :processing, updated_at = :now ADD attempts :one',
      ConditionExpression: 'angle_status IN (:pending, :processing)',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':processing': 'processing', ':pending': 'pending', ':one': 1, ':now': now },
    });
  }

  completeAngle(id: string, angle: Angle, sub: string, r: RenderResult, origin: Pick<RenderedImageRecord, 'image_id' | 'source' | 'source_id' | 'label' | 'original_key'>, now: string) {
    // The angle's transition and the package's counters in one transaction (false when the angle's condition refused it).
    // The finished image also joins the dealer's images on GSI1 (newest first), for My Images, carrying every
    // attribute of a RenderedImageRecord (angle and background are on the item since its creation).
    const index = keys.renderedImageIndex(sub, now, origin.image_id);
    return pairedUpdate(
      {
        Key: keys.carPackageImage(id, angle),
        UpdateExpression:
          'SET angle_status = :completed, #s = :success, error_message = :null, rendered_key = :rk, web_key = :wk, source_photo_id = :src, model = :model, renderer = :renderer, mirrored = :mirrored, fidelity = :fidelity, #check = :check, warnings = :warnings, render_ms = :ms, updated_at = :now, completed_at = :now, image_id = :iid, #source = :source, source_id = :sid, #label = :label, original_key = :ok, GSI1PK = :gpk, GSI1SK = :gsk',
        ConditionExpression: 'angle_status = :processing',
        ExpressionAttributeNames: { '#s': 'status', '#source': 'source', '#label': 'label', '#check': 'check' },
        ExpressionAttributeValues: {
          ':iid': origin.image_id,
          ':source': origin.source,
          ':sid': origin.source_id,
          ':label': origin.label,
          ':ok': origin.original_key,
          ':completed': 'completed',
          ':success': 'success',
          ':processing': 'processing',
          ':null': null,
          ':rk': r.rendered_key,
          ':wk': r.web_key,
          ':src': r.source_photo_id,
          ':model': r.model,
          ':renderer': r.renderer,
          ':mirrored': r.mirrored,
          ':fidelity': r.fidelity,
          ':check': r.check,
          ':warnings': r.warnings,
          ':ms': Math.round(r.render_ms),
          ':now': now,
          ':gpk': index.GSI1PK,
          ':gsk': index.GSI1SK,
        },
      },
      {
        Key: keys.carPackage(id),
        UpdateExpression: 'ADD completed_angles :one SET updated_at = :now, thumbnail_key = if_not_exists(thumbnail_key, :wk)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1, ':now': now, ':wk': r.web_key },
      },
    );
  }

  failAngle(id: string, angle: Angle, message: string, now: string, retryable = true) {
    return pairedUpdate(
      {
        Key: keys.carPackageImage(id, angle),
        UpdateExpression: 'SET angle_status = :failed, #s = :error, error_message = :m, retryable = :r, updated_at = :now',
        ConditionExpression: 'angle_status IN (:pending, :processing)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed', ':error': 'error', ':m': message, ':r': retryable, ':now': now, ':pending': 'pending', ':processing': 'processing' },
      },
      {
        Key: keys.carPackage(id),
        UpdateExpression: 'ADD failed_angles :one SET updated_at = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1, ':now': now },
      },
    );
  }

  async retryAngle(id: string, angle: Angle, sub: string, executionName: string, now: string): Promise<RetryOutcome> {
    // The package's refund, if any, is a ledger entry written in the same transaction that marks the package: checking
    // it here serializes a retry with the refund (one of the two transactions wins, never both).
    const refund = keys.creditTransaction(sub, txIds.refund(refundKey(id)));
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: keys.carPackageImage(id, angle),
                UpdateExpression: 'SET angle_status = :pending, #s = :pending, error_message = :null, updated_at = :now ADD free_retries :one',
                ConditionExpression:
                  'angle_status = :failed AND (attribute_not_exists(retryable) OR retryable = :true) AND (attribute_not_exists(free_retries) OR free_retries < :max)',
                ExpressionAttributeNames: { '#s': 'status' },
                ExpressionAttributeValues: { ':pending': 'pending', ':failed': 'failed', ':null': null, ':now': now, ':true': true, ':one': 1, ':max': MAX_FREE_RETRIES_PER_ANGLE },
              },
            },
            {
              Update: {
                TableName: tableName(),
                Key: keys.carPackage(id),
                UpdateExpression: 'ADD failed_angles :minus SET #s = :processing, execution_name = :e, status_message = :null, updated_at = :now REMOVE finished_at',
                ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(credit_refunded_at)',
                ExpressionAttributeNames: { '#s': 'status' },
                ExpressionAttributeValues: { ':minus': -1, ':processing': 'processing', ':e': executionName, ':null': null, ':now': now },
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: { ...keys.activeCarPackage(id), entity: 'active_car_package', package_id: id, user_id: sub, execution_name: executionName, started_at: now },
              },
            },
            { ConditionCheck: { TableName: tableName(), Key: refund, ConditionExpression: 'attribute_not_exists(PK)' } },
          ],
        }),
      );
      return 'retried';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const [image, pkg, , refunded] = cancellationCodes(error);
      if (pkg === 'ConditionalCheckFailed' || refunded === 'ConditionalCheckFailed') return 'refunded';
      if (image === 'ConditionalCheckFailed') {
        const current = (await this.getWithImages(id))?.images.find((i) => i.angle === angle);
        return current?.angle_status === 'failed' && current.retryable !== false && (current.free_retries ?? 0) >= MAX_FREE_RETRIES_PER_ANGLE ? 'used_up' : 'not_failed';
      }
      return 'busy'; // a concurrent change of the same items won (TransactionConflict): nothing was written
    }
  }

  async markStartedAgain(id: string, newId: string): Promise<string> {
    await ignoreConditionFailure(
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.carPackage(id),
          UpdateExpression: 'SET started_again_as = :new',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(started_again_as)',
          ExpressionAttributeValues: { ':new': newId },
        }),
      ),
    );
    const recorded = (await this.get(id))?.started_again_as;
    if (!recorded) throw new Error(`package ${id} is gone`);
    return recorded;
  }

  refundMark(pkg: StoredPackage, now: string): AlongsideWrite {
    return { update: { key: keys.carPackage(pkg.id), set: { credit_refunded_at: now }, when: { execution_name: pkg.execution_name } } };
  }

  async finish(id: string, status: SessionStatus, message: string | null, executionName: string, now: string): Promise<void> {
    // A retry started another execution meanwhile (the condition refuses): that one will finish the package.
    await ignoreConditionFailure(
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.carPackage(id),
          UpdateExpression: 'SET #s = :s, status_message = :m, finished_at = if_not_exists(finished_at, :now), updated_at = :now',
          ConditionExpression: 'attribute_exists(PK) AND execution_name = :e',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':s': status, ':m': message, ':now': now, ':e': executionName },
        }),
      ),
    );
    await ignoreConditionFailure(
      dynamo().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.activeCarPackage(id),
          ConditionExpression: 'execution_name = :e',
          ExpressionAttributeValues: { ':e': executionName },
        }),
      ),
    );
  }

  async recordVideo(id: string, video: StoredVideo, executionName: string): Promise<{ pkg: StoredPackage; previous?: StoredVideo } | undefined> {
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.carPackage(id),
          UpdateExpression: 'SET video = :v, updated_at = :now',
          ConditionExpression: 'attribute_exists(PK) AND execution_name = :e',
          ExpressionAttributeValues: { ':v': video, ':now': video.made_at, ':e': executionName },
          ReturnValues: 'ALL_OLD',
        }),
      );
      const before = strip<StoredPackage>(out.Attributes!);
      return { pkg: { ...before, video, updated_at: video.made_at }, ...(before.video ? { previous: before.video } : {}) };
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  readyMailMark(id: string): MailMark {
    return dynamoMailMark(keys.carPackage(id), 'ready_mail');
  }

  async listActive(): Promise<ActivePackage[]> {
    return (await queryPartition(keys.activeCarPackagesPartition)).map((i) => strip<ActivePackage>(i));
  }

  async delete(id: string, shareToken?: string): Promise<boolean> {
    return ignoreConditionFailure(
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: tableName(),
                Key: keys.carPackage(id),
                ConditionExpression: 'NOT #s IN (:pending, :processing)',
                ExpressionAttributeNames: { '#s': 'status' },
                ExpressionAttributeValues: { ':pending': 'pending', ':processing': 'processing' },
              },
            },
            // Every package has one item per angle: their keys are known without reading them.
            ...ANGLES.map((angle) => ({ Delete: { TableName: tableName(), Key: keys.carPackageImage(id, angle) } })),
            // Its public link goes with it (issue 29).
            ...(shareToken ? [{ Delete: { TableName: tableName(), Key: shareKeys.share(sha256(shareToken)) } }] : []),
          ],
        }),
      ),
    );
  }
}
