/** The real adapters of the car package ports, from configuration: what every car package handler wires. */
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { DynamoDbCreditStore } from '../credits/dynamodb-credit-store';
import { config } from '../lib/config';
import { createUserNotifier } from '../realtime/notify-user';
import { DynamoDbPackageStore } from './dynamodb-package-store';
import type { RenderWorkflow } from './ports';
import { S3PhotoStorage } from './s3-photo-storage';
import { SfnRenderWorkflow } from './sfn-render-workflow';
import { webhookAdapters } from '../webhooks/configured';
import { withPackageWebhooks } from '../webhooks/package-webhooks';

export function packageAdapters() {
  const c = config();
  const store = new DynamoDbPackageStore();
  return {
    store,
    photos: new S3PhotoStorage(c.UPLOADS_BUCKET, c.RENDERS_BUCKET),
    credits: new DynamoDbCreditStore(),
    accounts: new DynamoDbAccountStore(),
    // The dealer's browsers (live events) and, for finished packages and angles, the dealer's webhook endpoints.
    notify: withPackageWebhooks(createUserNotifier(), { store, webhooks: () => webhookAdapters() }),
  };
}

export function renderWorkflow(): RenderWorkflow {
  const c = config();
  if (!c.STATE_MACHINE_ARN) throw new Error('Missing required environment variable: STATE_MACHINE_ARN');
  return new SfnRenderWorkflow(c.STATE_MACHINE_ARN, { region: c.AWS_REGION, endpoint: c.SFN_ENDPOINT });
}
