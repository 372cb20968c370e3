/** The real adapters of the batch ports, from configuration: what every batch handler wires. */
import { S3PhotoStorage } from '../car-packages/s3-photo-storage';
import { SfnRenderWorkflow } from '../car-packages/sfn-render-workflow';
import { DynamoDbCreditStore } from '../credits/dynamodb-credit-store';
import { config } from '../lib/config';
import { createUserNotifier } from '../realtime/notify-user';
import { DynamoDbBatchStore } from './dynamodb-batch-store';
import type { BatchRun, BatchWorkflow } from './ports';

export function batchAdapters() {
  const c = config();
  return {
    store: new DynamoDbBatchStore(),
    photos: new S3PhotoStorage(c.UPLOADS_BUCKET, c.RENDERS_BUCKET),
    credits: new DynamoDbCreditStore(),
    notify: createUserNotifier(),
  };
}

export function batchWorkflow(): BatchWorkflow {
  const c = config();
  if (!c.BATCH_STATE_MACHINE_ARN) throw new Error('Missing required environment variable: BATCH_STATE_MACHINE_ARN');
  return new SfnRenderWorkflow<BatchRun>(c.BATCH_STATE_MACHINE_ARN, { region: c.AWS_REGION, endpoint: c.SFN_ENDPOINT });
}
