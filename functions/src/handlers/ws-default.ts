import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';

/** The channel is server-to-browser; a browser message is only a keep-alive, answered with pong. */
export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  const isPing = (() => {
    try {
      return JSON.parse(event.body ?? '{}').action === 'ping';
    } catch {
      return false;
    }
  })();
  return { statusCode: 200, body: JSON.stringify(isPing ? { type: 'pong' } : { type: 'error', message: 'Unknown message' }) };
};
