import { logger } from '../lib/logger';
import type { DeliveryMessage, WebhookQueue } from './ports';

/**
 * The local home's queue: the same messages as SQS, held in this process and handed, when due, to the consumer the
 * local host registers (the deliver-webhook handler, with an SQS-shaped event). Lost when the host stops, as the local
 * Step Functions executions are.
 */
class InProcessWebhookQueue implements WebhookQueue {
  private consumer: ((body: string) => Promise<void>) | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();

  consumeWith(consumer: (body: string) => Promise<void>) {
    this.consumer = consumer;
  }

  async send(message: DeliveryMessage, delayMs: number): Promise<void> {
    const consumer = this.consumer;
    if (!consumer) {
      logger.warn('no webhook consumer in this process: delivery not queued', { deliveryId: message.delivery_id });
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      consumer(JSON.stringify(message)).catch((error: Error) => logger.error('webhook delivery failed', { error }));
    }, Math.max(0, delayMs));
    this.timers.add(timer);
  }

  stop() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.consumer = undefined;
  }
}

export const inProcessWebhookQueue = new InProcessWebhookQueue();
