import { useLocalHost } from './local-host';

/**
 * The running local host for browser tests (the scripted renderer's unless `{ renderer: 'studio' }`). The hosts
 * are started once per test run by the global setup; `stop` is a no-op here so that test files can share them.
 */
export async function startTestHost(options: Parameters<typeof useLocalHost>[0] = {}): Promise<{ url: string; stop(): Promise<void> }> {
  const { url } = useLocalHost(options);
  return { url, stop: async () => undefined };
}
