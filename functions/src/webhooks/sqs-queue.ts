import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { DeliveryMessage, WebhookQueue } from './ports';

/** SQS delays a message at most 15 minutes; a later attempt is passed on until it is due (deliverMessage). */
const MAX_DELAY_S = 900;

/** AWS: one SQS message per attempt, consumed by the deliver-webhook function. */
export class SqsWebhookQueue implements WebhookQueue {
  private readonly client: SQSClient;
  constructor(private readonly queueUrl: string, region?: string) {
    this.client = new SQSClient({ region });
  }

  async send(message: DeliveryMessage, delayMs: number): Promise<void> {
    await this.client.send(
      new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify(message), DelaySeconds: Math.min(MAX_DELAY_S, Math.max(0, Math.ceil(delayMs / 1000))) }),
    );
  }
}
