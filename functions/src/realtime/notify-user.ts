import type { LiveEvent } from '@shared/live-events';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { ApiGatewayMessenger } from './api-gateway-messenger';
import { DynamoDbConnectionRepository } from './dynamodb-connections';
import { pushToUser } from './live-status';

/**
 * Tells a user's open browsers that something changed. Best effort: the change itself is already stored,
 * and the browser also re-reads on focus, so a failed push is logged, never surfaced.
 */
export function createUserNotifier(): (sub: string, event: LiveEvent) => Promise<void> {
  const endpoint = config().WEBSOCKET_MANAGEMENT_ENDPOINT;
  if (!endpoint) return async () => undefined;
  const deps = { connections: new DynamoDbConnectionRepository(), messenger: new ApiGatewayMessenger(endpoint, config().AWS_REGION) };
  return async (sub, event) => {
    try {
      await pushToUser(deps, sub, event);
    } catch (error) {
      logger.warn('live event not pushed', { type: event.type, error: error as Error });
    }
  };
}
