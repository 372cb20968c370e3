import { afterEach, expect } from 'vitest';

/**
 * Each test's executed assertions (`expect` calls, counted by Vitest), carried to the reporters in the test's meta:
 * the summary reporter adds them up, so a change to the suite can show it kept every assertion.
 */
declare module 'vitest' {
  interface TaskMeta {
    assertions?: number;
  }
}

afterEach((context) => {
  context.task.meta.assertions = expect.getState().assertionCalls;
});
