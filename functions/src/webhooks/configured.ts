/** The webhook adapters from configuration: SQS in AWS (WEBHOOK_QUEUE_URL), the in-process queue locally. */
import { config } from '../lib/config';
import { DynamoDbWebhookStore } from './dynamodb-webhook-store';
import { inProcessWebhookQueue } from './in-process-queue';
import { SqsWebhookQueue } from './sqs-queue';
import { DEFAULT_RETRY_BASE_MS, type WebhookDeps } from './webhooks';

export function webhookAdapters(env: NodeJS.ProcessEnv = process.env): WebhookDeps {
  const local = env.APP_HOME === 'local';
  const queueUrl = env.WEBHOOK_QUEUE_URL;
  return {
    store: new DynamoDbWebhookStore(),
    queue: queueUrl ? new SqsWebhookQueue(queueUrl, config().AWS_REGION) : inProcessWebhookQueue,
    local,
    retryBaseMs: Number(env.WEBHOOK_RETRY_BASE_MS) > 0 ? Number(env.WEBHOOK_RETRY_BASE_MS) : DEFAULT_RETRY_BASE_MS,
  };
}
