import { decodeCursor, encodeCursor, isDealerIndexKey } from '../adapters/dynamodb/cursor';
import { keys, renderedImageIndexPrefix } from '../adapters/dynamodb/keys';
import { newestWithPrefix } from '../adapters/dynamodb/newest-first';
import type { RenderedImageIndex } from './ports';
import type { RenderedImageRecord } from './rendered-image';

const FIELDS = ['image_id', 'source', 'source_id', 'label', 'angle', 'rendered_key', 'web_key', 'original_key', 'background', 'model', 'completed_at'] as const;
const toRecord = (item: Record<string, unknown>) => Object.fromEntries(FIELDS.filter((f) => item[f] != null).map((f) => [f, item[f]])) as unknown as RenderedImageRecord;

/** A cursor must be a key of the caller's own image index. */
const isOwnImageKey = (sub: string) => (key: Record<string, unknown>) => isDealerIndexKey(key, sub, renderedImageIndexPrefix);

/** GSI1 `USER#<sub>` / `IMAGE#<completed_at>#<image_id>`, newest first (the spec's "status success, newest first"). */
export class DynamoDbRenderedImageIndex implements RenderedImageIndex {
  async newest(sub: string, limit: number, cursor?: string) {
    const page = await newestWithPrefix(keys.userPartition(sub), renderedImageIndexPrefix, limit, decodeCursor(cursor, isOwnImageKey(sub)));
    return { images: page.items.map(toRecord), nextCursor: encodeCursor(page.lastKey) };
  }
}
