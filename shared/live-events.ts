/** Events pushed to a signed-in browser over the live status WebSocket. */
export type LiveEvent =
  | { type: 'balance.updated' }
  | { type: 'pong' }
  | { type: 'error'; message: string };
