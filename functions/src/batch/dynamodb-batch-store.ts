import { GetCommand, PutCommand, QueryCommand, UpdateCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionStatus } from '@shared/statuses';
import { dynamo, ignoreConditionFailure, tableName } from '../adapters/dynamodb/client';
import { withoutKeys } from '../adapters/dynamodb/item-attributes';
import { keys, ttlAt } from '../adapters/dynamodb/keys';
import { pairedUpdate } from '../adapters/dynamodb/paired-update';
import { queryPartition } from '../adapters/dynamodb/query-all';
import type { AlongsideWrite } from '../credits/credit-store';
import type { ActiveBatch, CompletedBatchPhoto, StoredBatch, StoredBatchDraft, StoredBatchPhoto } from './batch';
import type { BatchStore } from './ports';

/** Items read back as records: without their keys, entity and TTL attribute. */
const strip = <T>(item: Record<string, unknown>): T => withoutKeys<T>(item, 'entity', 'expiresAt');

export class DynamoDbBatchStore implements BatchStore {
  async putDraft(draft: StoredBatchDraft): Promise<void> {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.batchDraft(draft.id), ...keys.batchDraftIndex(draft.user_id, draft.id), entity: 'batch_draft', ...draft, expiresAt: ttlAt(Date.parse(draft.expires_at)) },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  }

  async getDraft(id: string): Promise<StoredBatchDraft | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.batchDraft(id), ConsistentRead: true }));
    return out.Item ? strip<StoredBatchDraft>(out.Item) : undefined;
  }

  async get(id: string): Promise<StoredBatch | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.batch(id), ConsistentRead: true }));
    return out.Item ? strip<StoredBatch>(out.Item) : undefined;
  }

  async getWithPhotos(id: string): Promise<{ batch: StoredBatch; photos: StoredBatchPhoto[] } | undefined> {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.batchPartition(id) },
        ConsistentRead: true,
      }),
    );
    const items = out.Items ?? [];
    const meta = items.find((i) => i.SK === 'META');
    if (!meta) return undefined;
    const photos = items.filter((i) => String(i.SK).startsWith(keys.batchPhotoPrefix)).map((i) => strip<StoredBatchPhoto>(i));
    return { batch: strip<StoredBatch>(meta), photos };
  }

  async getPhoto(id: string, index: number): Promise<StoredBatchPhoto | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.batchPhoto(id, index), ConsistentRead: true }));
    return out.Item ? strip<StoredBatchPhoto>(out.Item) : undefined;
  }

  creationWrites(batch: StoredBatch, photos: StoredBatchPhoto[]): AlongsideWrite[] {
    const active: ActiveBatch = { batch_id: batch.id, user_id: batch.user_id, execution_name: batch.execution_name, started_at: batch.updated_at };
    return [
      { put: { ...keys.batch(batch.id), ...keys.batchIndex(batch.user_id, batch.id), entity: 'batch', ...batch } },
      ...photos.map((p) => ({ put: { ...keys.batchPhoto(p.batch_id, p.index), entity: 'batch_photo', ...p } })),
      { put: { ...keys.activeBatch(batch.id), entity: 'active_batch', ...active } },
      { remove: keys.batchDraft(batch.id) },
    ];
  }

  private async updatePhoto(id: string, index: number, update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'Key'>): Promise<StoredBatchPhoto | undefined> {
    let attributes: Record<string, unknown> | undefined;
    await ignoreConditionFailure(
      dynamo()
        .send(new UpdateCommand({ TableName: tableName(), Key: keys.batchPhoto(id, index), ReturnValues: 'ALL_NEW', ...update }))
        .then((out) => void (attributes = out.Attributes)),
    );
    return attributes ? strip<StoredBatchPhoto>(attributes) : undefined;
  }

  async startPhoto(id: string, index: number, now: string) {
    const photo = await this.updatePhoto(id, index, {
      UpdateExpression: 'SET #s = :processing, updated_at = :now',
      ConditionExpression: '#s IN (:pending, :processing)',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':processing': 'processing', ':pending': 'pending', ':now': now },
    });
    if (photo) {
      // The batch shows processing from its first photo on (never back from a final status).
      await ignoreConditionFailure(
        dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.batch(id),
            UpdateExpression: 'SET #s = :processing, updated_at = :now',
            ConditionExpression: '#s = :pending',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':processing': 'processing', ':pending': 'pending', ':now': now },
          }),
        ),
      );
    }
    return photo;
  }

  beginAttempt(id: string, index: number, now: string) {
    return this.updatePhoto(id, index, {
      UpdateExpression: 'ADD attempts :one SET updated_at = :now',
      ConditionExpression: '#s = :processing',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':processing': 'processing', ':one': 1, ':now': now },
    });
  }

  completePhoto(p: CompletedBatchPhoto) {
    // The photo's transition and the batch's counter in one transaction (false when the photo's condition refused it).
    // The finished image joins the dealer's images on GSI1 (newest first) with the attributes My Images reads.
    const index = keys.renderedImageIndex(p.user_id, p.completed_at, p.image_id);
    return pairedUpdate(
      {
        Key: keys.batchPhoto(p.batch_id, p.index),
        UpdateExpression:
          'SET #s = :completed, error_message = :null, image_id = :id, #source = :source, source_id = :sid, label = :label, rendered_key = :rk, web_key = :wk, original_key = :ok, background = :bg, model = :model, renderer = :renderer, render_ms = :ms, completed_at = :now, updated_at = :now, GSI1PK = :gpk, GSI1SK = :gsk',
        ConditionExpression: '#s = :processing',
        ExpressionAttributeNames: { '#s': 'status', '#source': 'source' },
        ExpressionAttributeValues: {
          ':completed': 'completed',
          ':processing': 'processing',
          ':null': null,
          ':id': p.image_id,
          ':source': p.source,
          ':sid': p.source_id,
          ':label': p.label,
          ':rk': p.rendered_key,
          ':wk': p.web_key,
          ':ok': p.original_key,
          ':bg': p.background,
          ':model': p.model,
          ':renderer': p.renderer,
          ':ms': Math.round(p.render_ms),
          ':now': p.completed_at,
          ':gpk': index.GSI1PK,
          ':gsk': index.GSI1SK,
        },
      },
      {
        Key: keys.batch(p.batch_id),
        UpdateExpression: 'ADD completed_photos :one SET updated_at = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1, ':now': p.completed_at },
      },
    );
  }

  failPhoto(id: string, index: number, message: string, now: string) {
    return pairedUpdate(
      {
        Key: keys.batchPhoto(id, index),
        UpdateExpression: 'SET #s = :failed, error_message = :m, updated_at = :now',
        ConditionExpression: '#s IN (:pending, :processing)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed', ':m': message, ':now': now, ':pending': 'pending', ':processing': 'processing' },
      },
      {
        Key: keys.batch(id),
        UpdateExpression: 'ADD failed_photos :one SET updated_at = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1, ':now': now },
      },
    );
  }

  async markRefunded(id: string, index: number, now: string): Promise<void> {
    await this.updatePhoto(id, index, {
      UpdateExpression: 'SET refunded = :true, updated_at = :now',
      ConditionExpression: '#s = :failed',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':true': true, ':failed': 'failed', ':now': now },
    });
  }

  async finish(id: string, status: SessionStatus, message: string | null, executionName: string, now: string): Promise<void> {
    await ignoreConditionFailure(
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.batch(id),
          UpdateExpression: 'SET #s = :s, status_message = :m, finished_at = if_not_exists(finished_at, :now), updated_at = :now',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':s': status, ':m': message, ':now': now },
        }),
      ),
    );
    await ignoreConditionFailure(
      dynamo().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.activeBatch(id),
          ConditionExpression: 'execution_name = :e',
          ExpressionAttributeValues: { ':e': executionName },
        }),
      ),
    );
  }

  async listActive(): Promise<ActiveBatch[]> {
    return (await queryPartition(keys.activeBatchesPartition)).map((i) => strip<ActiveBatch>(i));
  }
}
