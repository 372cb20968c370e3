import { useLocalHost } from './local-host';

/**
 * The running local host for browser tests. The host itself is started once per test run by the global
 * setup; `stop` is a no-op here so that test files can share it.
 */
export async function startTestHost(): Promise<{ url: string; stop(): Promise<void> }> {
  const { url } = useLocalHost();
  return { url, stop: async () => undefined };
}
