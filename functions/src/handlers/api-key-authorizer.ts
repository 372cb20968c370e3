import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerWithContextResult } from 'aws-lambda';
import { identifyApiKey } from '../api-keys/api-keys';
import { DynamoDbApiKeyStore } from '../api-keys/dynamodb-api-key-store';
import { logger } from '../lib/logger';

const deps = { store: new DynamoDbApiKeyStore() };

export interface ApiKeyContext {
  sub: string;
  key_id: string;
  [key: string]: string;
}

/**
 * The HTTP API's Lambda authorizer of the public API's routes (simple responses, payload 2.0): which dealer's active
 * key the Authorization header holds. API Gateway caches the answer briefly per header; the route's handler checks the
 * key again on every call, so a revoked key is refused at once. The same handler runs in the local gateway.
 */
export const handler = async (event: APIGatewayRequestAuthorizerEventV2): Promise<APIGatewaySimpleAuthorizerWithContextResult<ApiKeyContext>> => {
  const found = await identifyApiKey(deps, event.headers?.authorization ?? event.headers?.Authorization);
  if (!found) {
    logger.info('api key refused');
    return { isAuthorized: false, context: { sub: '', key_id: '' } };
  }
  return { isAuthorized: true, context: { sub: found.user_id, key_id: found.key_id } };
};
