import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { projectSourcesOf } from '../project-sources';
import { BATCH_WORKFLOW_TASK_HANDLERS, WORKFLOW_TASK_HANDLERS } from '../workflow-tasks';
import { stateMachineDefinitions, type AslDefinition } from './state-machine-definition';

/**
 * The render workflow of the local home: the ASL that CDK synthesizes from the same RenderWorkflow construct the
 * AWS stack uses (each task function an inline Lambda carrying HANDLER_NAME, so its ARN resolves to the handler
 * module). Synthesis takes 2-5 s of CPU, so the resolved ASL is cached in .cache/local-workflow, keyed by a hash of
 * the construct's source files (the construct and every project file it imports, followed transitively), this
 * file, the resolver, and the aws-cdk-lib and constructs versions. Any change to one of them synthesizes again.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const CACHE_DIR = join(ROOT, '.cache/local-workflow');

/** The workflows the local host runs: the car package render workflow and its sibling, the batch workflow. */
export type WorkflowKind = 'render' | 'batch';
const CONSTRUCTS: Record<WorkflowKind, string> = {
  render: join(ROOT, 'infra/cdk/constructs/render-workflow.ts'),
  batch: join(ROOT, 'infra/cdk/constructs/batch-workflow.ts'),
};
const TASK_HANDLERS: Record<WorkflowKind, Record<string, string>> = { render: WORKFLOW_TASK_HANDLERS, batch: BATCH_WORKFLOW_TASK_HANDLERS };

export const LOCAL_ACCOUNT_ID = '000000000000';
export const RENDER_WORKFLOW_NAME = 'studio-lot-render-workflow';
const BATCH_WORKFLOW_NAME = 'studio-lot-batch-workflow';
export const renderWorkflowArn = (region: string) => `arn:aws:states:${region}:${LOCAL_ACCOUNT_ID}:stateMachine:${RENDER_WORKFLOW_NAME}`;
export const batchWorkflowArn = (region: string) => `arn:aws:states:${region}:${LOCAL_ACCOUNT_ID}:stateMachine:${BATCH_WORKFLOW_NAME}`;

/** Synthesizes a stack holding only the workflow's construct and resolves its definition for local mode. */
export async function synthesizeRenderWorkflow(kind: WorkflowKind = 'render'): Promise<AslDefinition> {
  const [{ App, Stack }, lambda, { RenderWorkflow }, { BatchWorkflow }] = await Promise.all([
    import('aws-cdk-lib'),
    import('aws-cdk-lib/aws-lambda'),
    import('../cdk/constructs/render-workflow'),
    import('../cdk/constructs/batch-workflow'),
  ]);
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const outdir = await mkdtemp(join(tmpdir(), 'studio-lot-workflow-synth-'));
  try {
    // Without CDK's CloudFormation validation: it builds a rule engine (WebAssembly, about 5 core-seconds) to check a
    // template only read here for its ASL; `cdk synth` of the real app still validates it.
    const app = new App({ outdir, builtinCloudFormationValidation: false });
    const stack = new Stack(app, kind === 'render' ? 'LocalRenderWorkflow' : 'LocalBatchWorkflow');
    const functions: Record<string, import('aws-cdk-lib/aws-lambda').IFunction> = {};
    for (const [task, handler] of Object.entries(TASK_HANDLERS[kind])) {
      functions[task] = new lambda.Function(stack, `${task}Function`, {
        runtime: lambda.Runtime.NODEJS_24_X,
        handler: 'index.handler',
        code: lambda.Code.fromInline('exports.handler = async () => { throw new Error("local mode runs the handler module"); };'),
        environment: { HANDLER_NAME: handler },
      });
    }
    if (kind === 'render') new RenderWorkflow(stack, 'RenderWorkflow', { functions: functions as never });
    else new BatchWorkflow(stack, 'BatchWorkflow', { functions: functions as never });
    const template = app.synth().getStackArtifact(stack.artifactId).template;
    const definitions = Object.values(stateMachineDefinitions(template));
    if (definitions.length !== 1) throw new Error(`Expected one state machine in the ${kind} workflow stack, found ${definitions.length}`);
    return definitions[0]!;
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

const packageVersion = (name: string) => (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/** The cache key: what the synthesized definition depends on. */
function renderWorkflowCacheKey(kind: WorkflowKind = 'render'): string {
  const hash = createHash('sha256');
  const files = [...new Set([...projectSourcesOf(CONSTRUCTS[kind]).keys(), ...projectSourcesOf(import.meta.filename).keys()])].sort();
  for (const file of files) hash.update(`${file.slice(ROOT.length)}\n`).update(readFileSync(file)).update('\n');
  hash.update(`aws-cdk-lib@${packageVersion('aws-cdk-lib')} constructs@${packageVersion('constructs')}`);
  return hash.digest('hex').slice(0, 32);
}

export interface LoadedWorkflow {
  definition: AslDefinition;
  source: 'cache' | 'synthesized';
  ms: number;
}

/** The render workflow's ASL: from the cache when its sources are unchanged, otherwise synthesized (and cached). */
export function loadRenderWorkflowDefinition(options: { cacheDir?: string } = {}): Promise<LoadedWorkflow> {
  return loadWorkflowDefinition('render', options);
}

/** The batch workflow's ASL, cached the same way. */
export function loadBatchWorkflowDefinition(options: { cacheDir?: string } = {}): Promise<LoadedWorkflow> {
  return loadWorkflowDefinition('batch', options);
}

async function loadWorkflowDefinition(kind: WorkflowKind, options: { cacheDir?: string }): Promise<LoadedWorkflow> {
  const started = performance.now();
  const cacheDir = options.cacheDir ?? CACHE_DIR;
  const key = renderWorkflowCacheKey(kind);
  const prefix = `${kind}-workflow-`;
  const file = join(cacheDir, `${prefix}${key}.json`);
  const cached = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as AslDefinition,
    () => undefined,
  );
  if (cached?.StartAt && cached.States) return { definition: cached, source: 'cache', ms: performance.now() - started };

  const definition = await synthesizeRenderWorkflow(kind);
  try {
    await mkdir(cacheDir, { recursive: true });
    // Older keys are dead weight; written through a temporary name so a reader never sees half a file.
    for (const old of await readdir(cacheDir)) if (old.startsWith(prefix) && old !== `${prefix}${key}.json`) await rm(join(cacheDir, old), { force: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(definition));
    await rename(temporary, file);
  } catch {
    // A read-only checkout still runs; it synthesizes at every start.
  }
  return { definition, source: 'synthesized', ms: performance.now() - started };
}
