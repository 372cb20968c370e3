/** The webhook adapters from configuration: SQS in AWS (WEBHOOK_QUEUE_URL), the in-process queue locally. */
import { countWithinRateLimits } from '../adapters/dynamodb/rate-limited-put';
import { config } from '../lib/config';
import { DynamoDbWebhookStore } from './dynamodb-webhook-store';
import { inProcessWebhookQueue } from './in-process-queue';
import { SqsWebhookQueue } from './sqs-queue';
import type { WebhookQueue } from './ports';
import { DEFAULT_RETRY_BASE_MS, type WebhookDeps } from './webhooks';

/** In AWS a function whose permissions lack webhooks:enqueue has no queue: an event it tries to queue is an error, not lost quietly. */
const unconfiguredQueue: WebhookQueue = {
  send: async () => {
    throw new Error('No webhook queue: this function needs the webhooks:enqueue permission (WEBHOOK_QUEUE_URL)');
  },
};

export function webhookAdapters(env: NodeJS.ProcessEnv = process.env): WebhookDeps {
  const local = env.APP_HOME === 'local';
  const queueUrl = env.WEBHOOK_QUEUE_URL;
  return {
    store: new DynamoDbWebhookStore(),
    queue: queueUrl ? new SqsWebhookQueue(queueUrl, config().AWS_REGION) : local ? inProcessWebhookQueue : unconfiguredQueue,
    local,
    retryBaseMs: Number(env.WEBHOOK_RETRY_BASE_MS) > 0 ? Number(env.WEBHOOK_RETRY_BASE_MS) : DEFAULT_RETRY_BASE_MS,
    reservedPorts: (env.WEBHOOK_RESERVED_PORTS ?? '').split(',').filter(Boolean).map(Number),
    count: countWithinRateLimits,
  };
}
