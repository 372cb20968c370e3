import type { InventoryFeed, InventoryFeedQuery } from '@shared/schemas/inventory-feed';
import type { HandlerResult } from '../http/api-handler';
import { feedCsv } from './inventory-feed';

/**
 * The feed as asked: JSON, or CSV (text/csv; its next page, when there is one, in a Link header with rel="next" and in
 * X-Next-Cursor). Never cached by the browser or the edge: it says what is in stock now.
 */
export function feedAnswer(feed: InventoryFeed, query: InventoryFeedQuery, path: string): HandlerResult {
  if (query.format === 'json') return { body: feed, headers: { 'cache-control': 'no-store' } };
  const next: Record<string, string> = feed.next_cursor
    ? { link: `<${path}?${new URLSearchParams({ format: 'csv', limit: String(query.limit), cursor: feed.next_cursor })}>; rel="next"`, 'x-next-cursor': feed.next_cursor }
    : {};
  return {
    bytes: Buffer.from(feedCsv(feed), 'utf8'),
    headers: { 'content-type': 'text/csv; charset=utf-8; header=present', 'content-disposition': 'inline; filename="inventory.csv"', 'cache-control': 'no-store', ...next },
  };
}
