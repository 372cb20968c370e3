import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import LongestFirstSequencer from './tests/support/longest-first-sequencer';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const resolve = { alias: { '@shared': r('./shared'), '@': r('./frontend/src') } };

/**
 * Test files at once: one more than the cores. A browser or API file alone keeps about 1.5 cores busy (it, a shared
 * host, Chromium, DynamoDB Local) and spends much of its time waiting for a workflow or a page, so a third file on two
 * cores fills the idle time; four made the run CPU-bound and slowed files past their timeouts (measured in
 * docs/benchmarks/test-suite.md, "Test suite"). TEST_WORKERS overrides it.
 */
const workers = Number(process.env.TEST_WORKERS) || availableParallelism() + 1;

/**
 * Every test file runs in a fresh process that loads the same packages (the AWS SDK, aws-cdk-lib, Playwright): Node's
 * on-disk compile cache keeps their compiled code between processes and runs (a third less CPU to load them).
 */
process.env.NODE_COMPILE_CACHE ??= r('./node_modules/.cache/node-compile-cache');

/**
 * Files that run the models (car detector, u2netp, the compositor) or hash the scene library. They run first, two at
 * a time, each model on one thread (RENDER_THREADS=1): one file with two threads left a core idle about a third of
 * the time (it waits on JavaScript between model calls), and two files with two threads each took three times as
 * long. They share their two processes (isolate: false; all but the files that need a process of their own, below),
 * so each process loads each model once for the files it runs instead of once per file.
 */
const MODEL_DIRS = ['tests/renderer', 'tests/vision', 'tests/cutout'];

/**
 * The infrastructure files that build the CDK app: a process runs them one after another (isolate: false), so they
 * share one build and synthesis of each app they read (tests/infra/built-app.ts) and one import of aws-cdk-lib
 * instead of about 10 core-seconds each. They run first in the model files' group, back to back (the sequencer's
 * keepingTogether), so they take one process in each of its two slots: queued among the model files, each of them
 * that followed a model file in a slot started a new process (five in a full run). The file that synthesizes with
 * CloudFormation validation keeps a process of its own: in theirs it took no less CPU (docs/benchmarks.md).
 */
const CDK_APP_FILES = ['tests/infra/{edge,least-privilege,native-image-layer,ops,scene-library,stack-limits,stacks}.test.ts'];

/**
 * Files that only drive the run's shared scripted host share their worker processes (isolate: false): each process
 * loads Playwright, the test helpers and the handlers once for the files it runs instead of once per file (about
 * 1.5 core-seconds a file). They all see the same environment (useLocalHost gives each the scripted host's), so
 * nothing one file loads depends on which file loaded it first. A file keeps a process of its own when it changes
 * the environment, mocks, fakes timers, starts a host or process of its own, or uses the studio host: the rule
 * below reads each file, so a new file is put where it belongs.
 */
const OWN_PROCESS = /process\.env(\.\w+|\[[^\]]+\])\s*(\?\?|\|\||&&)?=[^=]|Object\.assign\(process\.env|delete process\.env|vi\.(mock|doMock|stub\w*|spyOn|useFakeTimers)|startTestHost|startLocalHost|\bfork\(|\bspawn\(|renderer: 'studio'/;
const sourceOf = (file: string) => readFileSync(r(`./${file}`), 'utf8');
const testFilesIn = (dirs: string[]) => dirs.flatMap((dir) => readdirSync(r(`./${dir}`)).filter((name) => name.endsWith('.test.ts')).map((name) => `${dir}/${name}`));

const MODEL_FILES = testFilesIn(MODEL_DIRS);
const SHARED_MODEL_FILES = MODEL_FILES.filter((file) => !OWN_PROCESS.test(sourceOf(file)));
const SHARED_HOST_FILES = testFilesIn(['tests/browser', 'tests/integration', 'tests/proof']).filter((file) => {
  const source = sourceOf(file);
  return /use(LocalHost|BrowserSession)\(/.test(source) && !OWN_PROCESS.test(source);
});

const project = (name: string, include: string[], exclude: string[], maxWorkers: number, groupOrder: number, env: Record<string, string> = {}, isolate = true): TestProjectInlineConfiguration => ({
  resolve,
  test: {
    name,
    include,
    exclude: ['**/node_modules/**', 'frontend/dist/**', 'cdk.out/**', ...exclude],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll's own default (1 s) is shorter than a page or a workflow step takes when two cores run three files.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    isolate,
    maxWorkers,
    sequence: { groupOrder },
    setupFiles: ['tests/support/count-assertions.ts'],
    env: { POWERTOOLS_LOG_LEVEL: 'WARN', ...env },
  },
});

export default defineConfig({
  resolve,
  test: {
    // The run's one local host and one Chromium (the root's global setup; both projects inject them).
    globalSetup: ['tests/support/global-setup.ts'],
    reporters: ['default', './tests/support/summary-reporter.ts'],
    sequence: { sequencer: LongestFirstSequencer.keepingTogether('infra') },
    projects: [
      project('models', SHARED_MODEL_FILES, [], 2, 0, { RENDER_THREADS: '1' }, false),
      project('models-own', MODEL_FILES, SHARED_MODEL_FILES, 2, 0, { RENDER_THREADS: '1' }),
      project('infra', CDK_APP_FILES, [], 2, 0, {}, false),
      project('shared-host', SHARED_HOST_FILES, [], workers, 1, {}, false),
      project('app', ['{shared,functions,infra,frontend,tests}/**/*.test.{ts,tsx}'], [...MODEL_FILES, ...CDK_APP_FILES, ...SHARED_HOST_FILES], workers, 1),
    ],
  },
});
