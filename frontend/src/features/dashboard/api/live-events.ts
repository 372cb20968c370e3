import { useQueryClient } from '@tanstack/react-query';
import { useLiveConnection, useLiveEvents as useLiveListener } from '@/lib/live-events';
import { meQueryKey } from './account';
import { creditsQueryKey } from './credits';

/**
 * Live status for the signed-in dealer's dashboard: keeps the live WebSocket open (other features listen to it
 * through `@/lib/live-events`) and refreshes the credit balance when the server says it changed, or after a
 * reconnect (a change may have been missed while the socket was closed).
 */
export function useLiveEvents(): void {
  const client = useQueryClient();
  const refreshBalance = () => {
    void client.invalidateQueries({ queryKey: creditsQueryKey });
    void client.invalidateQueries({ queryKey: meQueryKey });
  };
  useLiveConnection();
  useLiveListener({
    onEvent: (event) => {
      if (event.type === 'balance.updated') refreshBalance();
    },
    onOpen: ({ reconnect }) => {
      if (reconnect) refreshBalance();
    },
  });
}
