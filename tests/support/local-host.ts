import { inject } from 'vitest';

/**
 * The local host started once for the test run (tests/support/global-setup.ts). Also points this test
 * process's AWS SDK clients at its engines, so tests can use the project's own adapters.
 */
export function useLocalHost(): { url: string } {
  const { url, env } = inject('localHost');
  Object.assign(process.env, env);
  return { url };
}
