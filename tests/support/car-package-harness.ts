/**
 * Car packages at the use-case level, against the shared local host's DynamoDB and S3 (useLocalHost() must have
 * run before this module is imported: import it dynamically after calling it).
 *
 * The render workflow is the REAL synthesized definition (loadRenderWorkflowDefinition) on a LocalStateMachine in
 * this process, each task state running the real use case (preparePackage, renderAngle, failAngle,
 * finalizePackage, walkAroundVideoTask) with the real adapters (DynamoDB package and credit stores, S3 photo storage, the WebSocket
 * notifier). Only the renderer port is scripted: `new ScriptedRenderer(script)` injects renderer faults.
 * The use cases reach the machine through the real SfnRenderWorkflow adapter (the AWS SDK's Step Functions client)
 * pointed at a small HTTP server in this process that serves createStepFunctionsApi (the SFN wire protocol).
 */
import type { PlateTreatment } from '@shared/plates';
import type { Background } from '@shared/backgrounds';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ANGLES, type Angle } from '@shared/angles';
import { createCarPackageRequestSchema } from '@shared/schemas/car-packages';
import type { LambdaHandler } from '../../infra/local/handler-loader';
import { loadRenderWorkflowDefinition, LOCAL_ACCOUNT_ID } from '../../infra/local/render-workflow-local';
import { createStepFunctionsApi, type StepFunctionsApi } from '../../infra/local/step-functions-api';
import { LocalStateMachine } from '../../infra/local/step-functions-local';
import type { AslDefinition } from '../../infra/local/state-machine-definition';
import { WORKFLOW_TASK_HANDLERS } from '../../infra/workflow-tasks';
import { ensureAccount } from '../../functions/src/accounts/ensure-account';
import { DynamoDbAccountStore } from '../../functions/src/accounts/dynamodb-account-store';
import { s3 } from '../../functions/src/adapters/s3/client';
import type { StoredImage, StoredPackage } from '../../functions/src/car-packages/car-package';
import { DynamoDbPackageStore } from '../../functions/src/car-packages/dynamodb-package-store';
import { createCarPackage } from '../../functions/src/car-packages/start-package';
import { type PackageDeps } from '../../functions/src/car-packages/package-deps';
import type { RenderWorkflow } from '../../functions/src/car-packages/ports';
import {
  failAngle,
  finalizePackage,
  preparePackage,
  renderAngle,
  type AngleItem,
  type PackageRun,
  type WorkflowDeps,
} from '../../functions/src/car-packages/render-workflow-tasks';
import { S3PhotoStorage } from '../../functions/src/car-packages/s3-photo-storage';
import { SfnRenderWorkflow } from '../../functions/src/car-packages/sfn-render-workflow';
import { DynamoDbCreditStore } from '../../functions/src/credits/dynamodb-credit-store';
import type { LedgerEntry } from '../../functions/src/credits/credit-store';
import { getCreditBalance } from '../../functions/src/credits/read-credits';
import { config } from '../../functions/src/lib/config';
import { createUserNotifier } from '../../functions/src/realtime/notify-user';
import { ScriptedRenderer, type RenderScript } from '../../functions/src/renderer/scripted/scripted-renderer';
import { createVision } from '../../functions/src/vision/create-vision';
import { withRunMemo } from '../../functions/src/walk-around-video/encoder-run-memo';
import { H264Mp4Encoder } from '../../functions/src/walk-around-video/h264-mp4-encoder';
import { walkAroundVideoTask, type VideoDeps, type VideoRun } from '../../functions/src/walk-around-video/make-walk-around-video';
import { uploadByPresignedPost } from '../integration/package-api-client';

export const REGION = config().AWS_REGION;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The real adapters, against the shared host's engines. */
export const adapters = {
  store: new DynamoDbPackageStore(),
  photos: new S3PhotoStorage(config().UPLOADS_BUCKET, config().RENDERS_BUCKET),
  credits: new DynamoDbCreditStore(),
  accounts: new DynamoDbAccountStore(),
  notify: createUserNotifier(),
};

// ---------------------------------------------------------------------------------------------------------------
// Dealers and their credits

export interface TestDealer {
  sub: string;
  email: string;
}

/** A new account as the first sign-in creates it (ensureAccount, called by the PostAuthentication trigger): 5 trial credits. */
export async function newDealer(label = 'dealer'): Promise<TestDealer> {
  const sub = randomUUID();
  const dealer = { sub, email: `${label}-${sub.slice(0, 8)}@example.com` };
  await ensureAccount({ accounts: adapters.accounts }, dealer);
  return dealer;
}

export interface Ledger {
  /** Usable credits now (GET /api/credits/balance). */
  balance: number;
  entries: LedgerEntry[];
  debits: LedgerEntry[];
  refunds: LedgerEntry[];
  /** Signed sum of every ledger entry: must equal the balance. */
  sum: number;
}

/** The whole ledger (strongly consistent) and the balance of a dealer. */
export async function ledgerOf(sub: string): Promise<Ledger> {
  const [entries, balance] = await Promise.all([adapters.credits.listAll(sub), getCreditBalance({ store: adapters.credits }, sub)]);
  if (!balance) throw new Error(`no balance for ${sub}`);
  return {
    balance: balance.total_credits,
    entries,
    debits: entries.filter((e) => e.kind === 'debit'),
    refunds: entries.filter((e) => e.kind === 'refund'),
    sum: entries.reduce((s, e) => s + e.credits, 0),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Photos and drafts

const CUPRA = resolve(import.meta.dirname, '../fixtures/cars/cupra-born-grey-front34-street.jpg');
let smallCar: Promise<Buffer> | undefined;
/** The committed Cupra photo at 480 px: a valid car photo, small enough to move around fast. */
export const carPhoto = () => (smallCar ??= sharp(readFileSync(CUPRA)).resize(480).jpeg({ quality: 80 }).toBuffer());

/**
 * Photos tagged so that every one of the 8 angles has a photo of its own (the scripted renderer plans from tags; no
 * angle is a mirror image unless a package turns the mirror fill on).
 */
export const ALL_ANGLE_TAGS: Angle[] = [...ANGLES];

export interface DraftPhoto {
  bytes: Buffer;
  file_name?: string;
  content_type?: string;
  angle?: Angle;
}

/**
 * POST /api/car-packages at the use-case level (the body through the route's own schema, so defaults apply), then
 * each photo uploaded through its presigned POST, as the browser does. Returns the package id.
 */
export async function createUploadedDraft(
  sub: string,
  photos: DraftPhoto[],
  name = `Test car ${Date.now()}`,
  options: { use_logo?: boolean; background?: Background; fill_missing_sides?: boolean; plate?: PlateTreatment; vin?: string; stock_number?: string } = {},
): Promise<string> {
  const body = createCarPackageRequestSchema.parse({
    session_name: name,
    ...options,
    photos: photos.map((p, i) => ({
      file_name: p.file_name ?? `photo-${i + 1}.jpg`,
      content_type: p.content_type ?? 'image/jpeg',
      size: p.bytes.length,
      ...(p.angle ? { angle: p.angle } : {}),
    })),
  });
  // A VIN is decoded as the route does it (the real offline decoder, opened at its first use).
  const vins = options.vin ? (await import('../../functions/src/vin/vin-decoder')).vinDecoder() : undefined;
  const created = await createCarPackage({ ...adapters, ...(vins ? { vins } : {}) }, sub, body);
  await Promise.all(created.uploads.map((u, i) => uploadByPresignedPost(u, photos[i]!.bytes, photos[i]!.content_type ?? 'image/jpeg')));
  return created.package_id;
}

/** Keys of every object under a prefix of a bucket. */
export async function objectKeys(bucket: 'uploads' | 'renders', prefix: string): Promise<string[]> {
  const Bucket = bucket === 'uploads' ? config().UPLOADS_BUCKET : config().RENDERS_BUCKET;
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading packages

export async function packageOf(id: string): Promise<{ pkg: StoredPackage; images: StoredImage[] }> {
  const found = await adapters.store.getWithImages(id);
  if (!found) throw new Error(`package ${id} not found`);
  return found;
}

export const imageOf = (found: { images: StoredImage[] }, angle: Angle) => found.images.find((i) => i.angle === angle)!;
export const anglesWith = (found: { images: StoredImage[] }, status: StoredImage['angle_status']) =>
  found.images.filter((i) => i.angle_status === status).map((i) => i.angle).sort();

/** Polls the stored package until `done` holds. */
export async function waitForPackage(id: string, done: (p: { pkg: StoredPackage; images: StoredImage[] }) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await adapters.store.getWithImages(id);
    if (found && done(found)) return found;
    if (Date.now() > deadline) {
      throw new Error(`package ${id} did not get there in ${timeoutMs} ms: ${JSON.stringify(found && { status: found.pkg.status, angles: found.images.map((i) => `${i.angle}:${i.angle_status}`) })}`);
    }
    await sleep(50);
  }
}

export const FINAL = ['completed', 'partial_complete', 'error'];

// ---------------------------------------------------------------------------------------------------------------
// The real workflow definition in this process

/** A Step Functions endpoint in this process (the SFN wire protocol over HTTP), for the SDK-based adapter. */
export class TestStepFunctions {
  private constructor(
    readonly api: StepFunctionsApi,
    private readonly server: Server,
    readonly endpoint: string,
  ) {}

  static async start(port = 0): Promise<TestStepFunctions> {
    const api = createStepFunctionsApi();
    const server = createServer((req, res) => void api(req, res));
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
    const bound = (server.address() as { port: number }).port;
    return new TestStepFunctions(api, server, `http://127.0.0.1:${bound}`);
  }

  close(): Promise<void> {
    for (const machine of this.api.machines.values()) machine.stopAll('test over');
    return new Promise((r) => this.server.close(() => r()));
  }
}

type TaskHandlerName = (typeof WORKFLOW_TASK_HANDLERS)[keyof typeof WORKFLOW_TASK_HANDLERS];

export interface ScriptedWorkflow {
  arn: string;
  machine: LocalStateMachine;
  renderer: ScriptedRenderer;
  /** What the workflow's tasks were given. */
  deps: WorkflowDeps;
  /** What the walk-around video task was given. */
  videoDeps: VideoDeps;
  /** The real SfnRenderWorkflow adapter, over HTTP to this machine. */
  workflow: RenderWorkflow;
  /** Deps of the API use cases (startCarPackage, retryAngle...), with that workflow. */
  packageDeps: PackageDeps;
  /** Waits until every execution of this machine has closed. */
  settle(): Promise<void>;
}

let definition: Promise<AslDefinition> | undefined;
export const renderWorkflowDefinition = () => (definition ??= loadRenderWorkflowDefinition().then((l) => l.definition));

/**
 * The real render workflow definition on its own state machine (own ARN, so test files and tests do not share
 * executions), its task states running the real use cases with a ScriptedRenderer. `wrap` may wrap a task handler
 * (e.g. to make the finalize task fail after it ran, as a Lambda that timed out after doing its work).
 */
export async function scriptedWorkflow(
  sfn: TestStepFunctions,
  script: RenderScript,
  options: { arn?: string; wrap?: Partial<Record<TaskHandlerName, (real: LambdaHandler) => LambdaHandler>>; retryIntervalMs?: number } = {},
): Promise<ScriptedWorkflow> {
  const renderer = new ScriptedRenderer(script);
  const deps: WorkflowDeps = { store: adapters.store, photos: adapters.photos, credits: adapters.credits, notify: adapters.notify, renderer };
  const videoDeps: VideoDeps = { store: adapters.store, photos: adapters.photos, notify: adapters.notify, encoder: withRunMemo(new H264Mp4Encoder()) };
  // Exactly what functions/src/handlers/package-*.ts do with their event, with these deps.
  const real: Record<TaskHandlerName, LambdaHandler> = {
    [WORKFLOW_TASK_HANDLERS.prepare]: (run) => preparePackage(deps, run as PackageRun),
    [WORKFLOW_TASK_HANDLERS.render]: (event) => renderAngle(deps, (event as { item: AngleItem }).item),
    [WORKFLOW_TASK_HANDLERS.angleFailed]: (event) => failAngle(deps, (event as { item: AngleItem }).item),
    [WORKFLOW_TASK_HANDLERS.finalize]: (run) => finalizePackage(deps, run as PackageRun),
    [WORKFLOW_TASK_HANDLERS.video]: (run) => walkAroundVideoTask(videoDeps, run as VideoRun),
  } as Record<TaskHandlerName, LambdaHandler>;
  const handlers = Object.fromEntries(Object.entries(real).map(([name, fn]) => [name, options.wrap?.[name as TaskHandlerName]?.(fn) ?? fn]));
  const arn = options.arn ?? `arn:aws:states:${REGION}:${LOCAL_ACCOUNT_ID}:stateMachine:test-render-workflow-${randomUUID().slice(0, 8)}`;
  const machine = new LocalStateMachine(arn, await renderWorkflowDefinition(), {
    retryIntervalMs: options.retryIntervalMs ?? 20,
    loadHandler: async (name) => handlers[name] ?? Promise.reject(new Error(`the render workflow has no task handler ${name}`)),
  });
  sfn.api.register(machine);
  const workflow = new SfnRenderWorkflow(arn, { region: REGION, endpoint: sfn.endpoint });
  return {
    arn,
    machine,
    renderer,
    deps,
    videoDeps,
    workflow,
    // The real local car check (the detector alone: the start asks no angle).
    packageDeps: { ...adapters, workflow, vision: createVision({ vision: 'local' }) },
    settle: async () => {
      // A retry may start another execution while one closes: until none is running.
      while (machine.list('RUNNING').length) await Promise.all(machine.list().map((e) => e.done));
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Calling a route's real handler in this process

/** A route's real handler run in this process with the event API Gateway sends (tests/integration/accounts-test-events.ts). */
export { callRoute as invokeRoute } from '../integration/accounts-test-events';
