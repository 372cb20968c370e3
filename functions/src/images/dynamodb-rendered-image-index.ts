import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../adapters/dynamodb/client';
import { keys, renderedImageIndexPrefix } from '../adapters/dynamodb/keys';
import { DomainError } from '../lib/errors';
import type { RenderedImageIndex } from './ports';
import type { RenderedImageRecord } from './rendered-image';

const FIELDS = ['image_id', 'source', 'source_id', 'label', 'angle', 'rendered_key', 'web_key', 'original_key', 'background', 'model', 'completed_at'] as const;
const toRecord = (item: Record<string, unknown>) => Object.fromEntries(FIELDS.filter((f) => item[f] != null).map((f) => [f, item[f]])) as unknown as RenderedImageRecord;

/** The cursor is the page's last key, base64url JSON; a decoded one must be a key of the caller's own image index. */
const encodeCursor = (key: Record<string, unknown> | undefined) => (key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null);
function decodeCursor(sub: string, cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const valid =
      key.GSI1PK === keys.userPartition(sub) &&
      typeof key.GSI1SK === 'string' &&
      key.GSI1SK.startsWith(renderedImageIndexPrefix) &&
      typeof key.PK === 'string' &&
      typeof key.SK === 'string' &&
      Object.keys(key).length === 4;
    if (valid) return key;
  } catch {
    // not JSON: refused below
  }
  throw new DomainError('validation', 'cursor is not valid', { cursor: 'not valid' });
}

/** GSI1 `USER#<sub>` / `IMAGE#<completed_at>#<image_id>`, newest first (the spec's "status success, newest first"). */
export class DynamoDbRenderedImageIndex implements RenderedImageIndex {
  async newest(sub: string, limit: number, cursor?: string) {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :image)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(sub), ':image': renderedImageIndexPrefix },
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: decodeCursor(sub, cursor),
      }),
    );
    return { images: (out.Items ?? []).map(toRecord), nextCursor: encodeCursor(out.LastEvaluatedKey) };
  }
}
