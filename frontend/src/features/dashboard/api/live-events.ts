import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, ApiError } from '@/lib/api-client';
import { retryDelay } from '@/lib/query-client';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { meQueryKey } from './account';
import { creditsQueryKey } from './credits';

/** API Gateway drops a WebSocket after 10 idle minutes: a ping every 5 keeps it. */
const PING_INTERVAL_MS = 5 * 60_000;

interface LiveEvent {
  type: string;
}

/**
 * Live status for the signed-in dealer: a short-lived ticket from an authenticated call opens the WebSocket (the
 * long-lived token never goes in a URL); pushed events refresh the cached data they concern. Reconnects with
 * backoff (1 s doubling up to 30 s, with jitter) until the dashboard unmounts or the session ends.
 */
export function useLiveEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    let stopped = false;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;

    const apply = (event: LiveEvent) => {
      if (event.type === 'balance.updated') {
        void client.invalidateQueries({ queryKey: creditsQueryKey });
        void client.invalidateQueries({ queryKey: meQueryKey });
      }
    };
    const reconnectLater = () => {
      if (stopped) return;
      const delay = retryDelay(attempt++) * (0.5 + Math.random() / 2);
      retryTimer = setTimeout(() => void connect(), delay);
    };
    const connect = async () => {
      let ticket: string;
      try {
        ({ ticket } = await api.post<{ ticket: string }>('/api/realtime/ticket', undefined, { auth: true }));
      } catch (error) {
        // Signed out: nothing to listen to.
        if (error instanceof ApiError && error.status === 401) return;
        return reconnectLater();
      }
      if (stopped) return;
      const ws = new WebSocket(`${getRuntimeConfig().webSocketUrl}?ticket=${encodeURIComponent(ticket)}`);
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        pingTimer = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ action: 'ping' })), PING_INTERVAL_MS);
      };
      ws.onmessage = (message) => {
        try {
          const event = JSON.parse(String(message.data)) as LiveEvent;
          if (event && typeof event.type === 'string') apply(event);
        } catch {
          // Not JSON: not for us.
        }
      };
      ws.onclose = () => {
        clearInterval(pingTimer);
        if (socket === ws) socket = null;
        reconnectLater();
      };
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      socket?.close();
    };
  }, [client]);
}
