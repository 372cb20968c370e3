import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { WEBSOCKET_ROUTES } from '@shared/api-routes';
import { lambdaContext, loadHandler } from './handler-loader';

type RouteKey = (typeof WEBSOCKET_ROUTES)[number]['routeKey'];
const handlerFor = (routeKey: RouteKey) => WEBSOCKET_ROUTES.find((r) => r.routeKey === routeKey)!.handler;

/**
 * The local API Gateway for WebSockets: $connect / $disconnect / $default events for the same handlers, and
 * the management API (POST/GET/DELETE /@connections/{id}) that @aws-sdk/client-apigatewaymanagementapi calls.
 */
export function createWebSocketGateway(opts: { stage?: string }) {
  const wss = new WebSocketServer({ noServer: true });
  // On shutdown connections are dropped without $disconnect: the engines its handler needs are stopping too.
  let closing = false;
  const sockets = new Map<string, { socket: WebSocket; connectedAt: number; lastActiveAt: number; sourceIp: string }>();

  const event = (routeKey: RouteKey, connectionId: string, req: IncomingMessage | undefined, extra: Record<string, unknown> = {}) => {
    const url = new URL(req?.url ?? '/', 'http://local');
    const now = Date.now();
    return {
      ...(req ? { headers: req.headers, queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined } : {}),
      isBase64Encoded: false,
      requestContext: {
        routeKey,
        eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
        connectionId,
        domainName: req?.headers.host ?? 'localhost',
        stage: opts.stage ?? 'local',
        apiId: 'local',
        requestId: randomUUID(),
        requestTimeEpoch: now,
        connectedAt: sockets.get(connectionId)?.connectedAt ?? now,
        messageDirection: 'IN',
        identity: { sourceIp: req?.socket.remoteAddress ?? '127.0.0.1' },
      },
      ...extra,
    };
  };

  const run = async (routeKey: RouteKey, evt: unknown) => {
    const handler = await loadHandler(handlerFor(routeKey));
    return (await handler(evt, lambdaContext(handlerFor(routeKey)))) as { statusCode?: number; body?: string } | undefined;
  };

  return {
    /** HTTP upgrade on the WebSocket path. */
    async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      const connectionId = randomBytes(12).toString('base64url') + '=';
      let result: { statusCode?: number } | undefined;
      try {
        result = await run('$connect', event('$connect', connectionId, req));
      } catch (error) {
        console.error('$connect handler threw', error);
        result = { statusCode: 500 };
      }
      const status = result?.statusCode ?? 200;
      if (status < 200 || status > 299) {
        socket.end(`HTTP/1.1 ${status === 401 ? '401 Unauthorized' : `${status} Refused`}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const now = Date.now();
        sockets.set(connectionId, { socket: ws, connectedAt: now, lastActiveAt: now, sourceIp: req.socket.remoteAddress ?? '' });
        ws.on('message', async (data) => {
          const entry = sockets.get(connectionId);
          if (entry) entry.lastActiveAt = Date.now();
          try {
            const reply = await run('$default', event('$default', connectionId, undefined, { body: data.toString() }));
            if (reply?.body) ws.send(reply.body);
          } catch (error) {
            console.error('$default handler threw', error);
          }
        });
        ws.on('close', () => {
          sockets.delete(connectionId);
          if (closing) return;
          run('$disconnect', event('$disconnect', connectionId, undefined)).catch((e) => console.error('$disconnect handler threw', e));
        });
      });
    },

    /** The management API, mounted under its endpoint prefix. */
    async management(req: IncomingMessage, res: ServerResponse, prefix: string) {
      const path = (req.url ?? '').slice(prefix.length).split('?')[0]!;
      const m = /^\/@connections\/([^/]+)$/.exec(path);
      const reply = (status: number, body: unknown, errorType?: string) => {
        res.writeHead(status, { 'content-type': 'application/json', ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      if (!m) return reply(404, { message: 'Not Found' });
      const id = decodeURIComponent(m[1]!);
      const entry = sockets.get(id);
      if (!entry) return reply(410, { message: 'Gone' }, 'GoneException');
      if (req.method === 'POST') {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        const data = Buffer.concat(chunks);
        if (data.length > 128 * 1024) return reply(413, { message: 'Payload too large' }, 'PayloadTooLargeException');
        entry.socket.send(data.toString('utf8'));
        return reply(200, undefined);
      }
      if (req.method === 'DELETE') {
        entry.socket.close(1000);
        return reply(204, undefined);
      }
      if (req.method === 'GET') {
        return reply(200, {
          ConnectedAt: new Date(entry.connectedAt).toISOString(),
          LastActiveAt: new Date(entry.lastActiveAt).toISOString(),
          Identity: { SourceIp: entry.sourceIp },
        });
      }
      return reply(405, { message: 'Method not allowed' });
    },

    close() {
      closing = true;
      for (const { socket } of sockets.values()) socket.terminate();
      wss.close();
    },
  };
}
