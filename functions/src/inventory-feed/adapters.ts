/** The real adapters of the inventory feed's ports, from configuration: what every feed handler wires. */
import { DynamoDbPackageStore } from '../car-packages/dynamodb-package-store';
import { S3PhotoStorage } from '../car-packages/s3-photo-storage';
import { countInWindow } from '../adapters/dynamodb/count-in-window';
import { config } from '../lib/config';
import { siteOriginOf } from '../lib/site-origin';
import { DynamoDbInventoryFeedStore } from './dynamodb-inventory-feed-store';
import type { InventoryFeedDeps } from './inventory-feed';

export function inventoryFeedAdapters(): InventoryFeedDeps {
  const c = config();
  return {
    feeds: new DynamoDbInventoryFeedStore(),
    store: new DynamoDbPackageStore(),
    photos: new S3PhotoStorage(c.UPLOADS_BUCKET, c.RENDERS_BUCKET),
    origin: siteOriginOf(),
    countLinkRead: (subject, max, atMs) => countInWindow({ scope: 'inventory-feed-link', subject, max, windowMs: 60_000 }, atMs),
    countFileRead: (subject, max, atMs) => countInWindow({ scope: 'inventory-feed-files', subject, max, windowMs: 60_000 }, atMs),
  };
}
