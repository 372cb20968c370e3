import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { DynamoDbConnectionRepository } from '../realtime/dynamodb-connections';

const connections = new DynamoDbConnectionRepository();

export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  await connections.remove(event.requestContext.connectionId);
  return { statusCode: 200, body: 'Disconnected' };
};
