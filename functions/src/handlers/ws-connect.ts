import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { acceptConnection } from '../realtime/live-status';
import { DynamoDbConnectionRepository, DynamoDbConnectionTicketStore } from '../realtime/dynamodb-connections';
import { logger } from '../lib/logger';

const deps = { tickets: new DynamoDbConnectionTicketStore(), connections: new DynamoDbConnectionRepository() };

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

/** $connect: a short-lived ticket (from POST /api/realtime/ticket) authorizes the connection. */
export const handler = async (event: ConnectEvent): Promise<APIGatewayProxyResultV2> => {
  const sub = await acceptConnection(deps, event.queryStringParameters?.ticket, event.requestContext.connectionId);
  if (!sub) {
    logger.warn('websocket refused: missing, used or expired ticket', { connectionId: event.requestContext.connectionId });
    return { statusCode: 401, body: 'Unauthorized' };
  }
  return { statusCode: 200, body: 'Connected' };
};
