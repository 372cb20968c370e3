import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { deliveryAdapters } from '../webhooks/delivery-adapters';
import type { DeliveryMessage } from '../webhooks/ports';
import { deliverMessage } from '../webhooks/webhooks';

const deps = deliveryAdapters();

/**
 * The webhook queue's consumer (SQS in AWS, the in-process queue locally): one attempt per message. A receiver's
 * refusal is not an error here (the next attempt is queued with its backoff); only our own failure (the table) reports
 * the message as failed, so SQS hands it out again.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await deliverMessage(deps, JSON.parse(record.body) as DeliveryMessage);
    } catch (error) {
      logger.error('webhook attempt not processed', { messageId: record.messageId, error: error as Error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
};
