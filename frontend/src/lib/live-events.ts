import { useEffect, useRef } from 'react';
import type { LiveEvent } from '@shared/live-events';
import { api, ApiError } from './api-client';
import { retryDelay } from './query-client';
import { getRuntimeConfig } from './runtime-config';

/** API Gateway drops a WebSocket after 10 idle minutes: a ping every 5 keeps it. */
const PING_INTERVAL_MS = 5 * 60_000;

export interface LiveListener {
  /** A pushed event (any type; each listener picks the ones it handles). */
  onEvent?: (event: LiveEvent) => void;
  /**
   * The socket (re)opened. Events sent while it was closed are lost, so listeners refetch what they show;
   * `reconnect` is false for the first connection of the visit.
   */
  onOpen?: (info: { reconnect: boolean }) => void;
}

const listeners = new Set<LiveListener>();

/** Registers a listener of the live channel; returns the function that removes it. */
export function subscribeLiveEvents(listener: LiveListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: LiveEvent): void {
  for (const listener of listeners) listener.onEvent?.(event);
}
function emitOpen(reconnect: boolean): void {
  for (const listener of listeners) listener.onOpen?.({ reconnect });
}

/**
 * Opens the live WebSocket of the signed-in dealer: a short-lived ticket from an authenticated call opens it (the
 * long-lived token never goes in a URL). Reconnects with backoff (1 s doubling up to 30 s, with jitter) until
 * stopped or signed out. Returns the function that closes it.
 */
function openLiveSocket(): () => void {
  let stopped = false;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let opened = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

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
      emitOpen(opened);
      opened = true;
    };
    ws.onmessage = (message) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(String(message.data)) as LiveEvent;
      } catch {
        return; // Not JSON: not for us.
      }
      if (event && typeof event.type === 'string') emit(event);
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
}

let holders = 0;
let closeSocket: (() => void) | null = null;

/** Keeps the live WebSocket open while the calling component is mounted (one socket, however many callers). */
export function useLiveConnection(): void {
  useEffect(() => {
    if (holders++ === 0) closeSocket = openLiveSocket();
    return () => {
      if (--holders === 0) {
        closeSocket?.();
        closeSocket = null;
      }
    };
  }, []);
}

/** Listens to the live channel while mounted; the latest listener is always the one called. */
export function useLiveEvents(listener: LiveListener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(
    () =>
      subscribeLiveEvents({
        onEvent: (event) => latest.current.onEvent?.(event),
        onOpen: (info) => latest.current.onOpen?.(info),
      }),
    [],
  );
}
