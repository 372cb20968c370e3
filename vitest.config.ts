import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: { alias: { '@shared': r('./shared'), '@': r('./frontend/src') } },
  test: {
    include: ['{shared,functions,infra,frontend,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'frontend/dist/**', 'cdk.out/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', './tests/support/summary-reporter.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    env: { POWERTOOLS_LOG_LEVEL: 'WARN' },
  },
});
