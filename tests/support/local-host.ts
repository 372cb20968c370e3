import { inject } from 'vitest';

/**
 * A local host started once for the test run (tests/support/global-setup.ts): by default the one whose renders are
 * the scripted renderer's (RENDERER=scripted: a fixed grey plate per angle, planned from the photos' tags), for tests
 * about the product around the image; `{ renderer: 'studio' }` the one with the studio compositor, for tests that
 * look at the images themselves. Also points this test process's AWS SDK clients at that host's engines, so tests
 * can use the project's own adapters (a file uses one host).
 */
export function useLocalHost(options: { renderer?: 'scripted' | 'studio' } = {}): { url: string } {
  const host = inject(options.renderer === 'studio' ? 'studioHost' : 'localHost');
  if (!host) throw new Error('The global setup did not start this host: tests/support/run-needs.ts did not see this file use it');
  const { url, env } = host;
  Object.assign(process.env, env);
  return { url };
}
