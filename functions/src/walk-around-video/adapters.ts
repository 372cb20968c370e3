/** The real adapters of the walk-around video task, from configuration (the same in both homes). */
import { DynamoDbPackageStore } from '../car-packages/dynamodb-package-store';
import { S3PhotoStorage } from '../car-packages/s3-photo-storage';
import { config } from '../lib/config';
import { createUserNotifier } from '../realtime/notify-user';
import { withRunMemo } from './encoder-run-memo';
import { H264Mp4Encoder } from './h264-mp4-encoder';
import type { VideoDeps } from './make-walk-around-video';

export function videoAdapters(): VideoDeps {
  const c = config();
  return {
    store: new DynamoDbPackageStore(),
    photos: new S3PhotoStorage(c.UPLOADS_BUCKET, c.RENDERS_BUCKET),
    // The real encoder; in a test run (INFERENCE_MEMO_DIR) behind the run's memo, so frames met before are not encoded again.
    encoder: withRunMemo(new H264Mp4Encoder()),
    // The dealer's browsers only: the video is no webhook event (integrations read it on the package, GET /v1/…).
    notify: createUserNotifier(),
  };
}
