import { subscribeLiveEvents } from '@/lib/live-events';

/** How long the dialog waits for the server's balance.updated push after a paid card before showing success anyway. */
const BALANCE_WAIT_MS = 15_000;

/**
 * Resolves when the server pushes `balance.updated` (the webhook granted the credits), or after a timeout: the
 * payment itself has succeeded by then, and the balance card refreshes on the push whenever it comes.
 */
export function waitForBalanceUpdate(signal: AbortSignal): Promise<'updated' | 'timeout'> {
  return new Promise((resolve) => {
    let stop = () => {};
    const done = (how: 'updated' | 'timeout') => {
      stop();
      clearTimeout(timer);
      resolve(how);
    };
    const timer = setTimeout(() => done('timeout'), BALANCE_WAIT_MS);
    stop = subscribeLiveEvents({ onEvent: (event) => event.type === 'balance.updated' && done('updated') });
    signal.addEventListener('abort', () => done('timeout'), { once: true });
  });
}
