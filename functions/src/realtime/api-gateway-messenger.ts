import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { ConnectionMessenger } from './connections';

/** Posts to WebSocket connections through the API Gateway management API (the local gateway speaks it too). */
export class ApiGatewayMessenger implements ConnectionMessenger {
  private readonly client: ApiGatewayManagementApiClient;
  constructor(endpoint: string, region: string) {
    this.client = new ApiGatewayManagementApiClient({ endpoint, region });
  }

  async post(connectionId: string, data: string): Promise<'sent' | 'gone'> {
    try {
      await this.client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(data) }));
      return 'sent';
    } catch (error) {
      if (error instanceof GoneException || (error as Error).name === 'GoneException') return 'gone';
      throw error;
    }
  }
}
