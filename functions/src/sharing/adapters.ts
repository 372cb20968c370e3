/** The real adapters of the sharing ports, from configuration: what every sharing handler wires. */
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { S3LogoStorage } from '../accounts/s3-logo-storage';
import { DynamoDbPackageStore } from '../car-packages/dynamodb-package-store';
import { S3PhotoStorage } from '../car-packages/s3-photo-storage';
import { countInWindow } from '../adapters/dynamodb/count-in-window';
import { config } from '../lib/config';
import { DynamoDbShareStore } from './dynamodb-share-store';
import type { PublicShareDeps } from './share';

export function shareAdapters(): PublicShareDeps {
  const c = config();
  return {
    shares: new DynamoDbShareStore(),
    store: new DynamoDbPackageStore(),
    photos: new S3PhotoStorage(c.UPLOADS_BUCKET, c.RENDERS_BUCKET),
    accounts: new DynamoDbAccountStore(),
    logos: new S3LogoStorage(c.UPLOADS_BUCKET),
    countView: (tokenHash, max, atMs) => countInWindow({ scope: 'share-views', subject: tokenHash, max, windowMs: 60_000 }, atMs),
  };
}
