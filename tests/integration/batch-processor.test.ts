import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { contentSignerFromEnv } from '../../functions/src/content-credentials/create-signer';
import { verifyCredentials } from '../../functions/src/content-credentials/verify';
import { afterAll, describe, expect, it } from 'vitest';
import { BATCH_MESSAGES, MESSAGES } from '@shared/messages';
import type { Batch, CreateBatchResponse, StartBatchResponse } from '@shared/schemas/batch';
import type { CredentialsReport } from '@shared/schemas/content-credentials';
import { useLocalHost } from '../support/local-host';
import { signInNewDealer, uploadByPresignedPost, type Dealer } from './package-api-client';

/**
 * The batch processor on the real local engines. The 10-photo runs use the REAL synthesized batch workflow (the
 * CDK BatchWorkflow construct: Map, Retry, Catch inside the iteration, finalize) on a LocalStateMachine in this
 * process, its tasks running the real use cases against the shared host's DynamoDB and S3, the renderer created by
 * createRenderer (content credentials included) with the scripted adapter failing chosen photos. The use cases reach
 * it through the real SFN adapter over the wire protocol. The last tests go through the host's HTTP API.
 */
const { url } = useLocalHost();
const h = await import('../support/car-package-harness');
const { loadBatchWorkflowDefinition, LOCAL_ACCOUNT_ID } = await import('../../infra/local/render-workflow-local');
const { LocalStateMachine } = await import('../../infra/local/step-functions-local');
const { BATCH_WORKFLOW_TASK_HANDLERS } = await import('../../infra/workflow-tasks');
const { SfnRenderWorkflow } = await import('../../functions/src/car-packages/sfn-render-workflow');
const { DynamoDbBatchStore } = await import('../../functions/src/batch/dynamodb-batch-store');
const { createBatch, startBatch, getBatch } = await import('../../functions/src/batch/start-batch');
const tasks = await import('../../functions/src/batch/batch-workflow-tasks');
const { createBatchRequestSchema } = await import('@shared/schemas/batch');
const { createRenderer } = await import('../../functions/src/renderer/create-renderer');
const { createVision } = await import('../../functions/src/vision/create-vision');
const { grantBonusCredits } = await import('../../functions/src/credits/credit-changes');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
type BatchRun = import('../../functions/src/batch/ports').BatchRun;
type BatchPhotoItem = import('../../functions/src/batch/ports').BatchPhotoItem;
type RenderScript = import('../../functions/src/renderer/scripted/scripted-renderer').RenderScript;

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

const store = new DynamoDbBatchStore();
const base = { store, photos: h.adapters.photos, credits: h.adapters.credits, notify: h.adapters.notify };

/** The real batch definition on its own machine, its task states running the real use cases with a scripted renderer. */
async function batchWorkflow(script: RenderScript) {
  const renderer = createRenderer({ renderer: 'scripted', script });
  const deps = { ...base, renderer };
  const handlers: Record<string, (event: unknown) => Promise<unknown>> = {
    [BATCH_WORKFLOW_TASK_HANDLERS.photoStarted]: (e) => tasks.startPhoto(deps, (e as { item: BatchPhotoItem }).item),
    [BATCH_WORKFLOW_TASK_HANDLERS.render]: (e) => tasks.renderPhoto(deps, (e as { item: BatchPhotoItem }).item),
    [BATCH_WORKFLOW_TASK_HANDLERS.photoFailed]: (e) => tasks.failPhoto(deps, (e as { item: BatchPhotoItem }).item),
    [BATCH_WORKFLOW_TASK_HANDLERS.finalize]: (e) => tasks.finalizeBatch(deps, e as BatchRun),
  };
  const arn = `arn:aws:states:${h.REGION}:${LOCAL_ACCOUNT_ID}:stateMachine:test-batch-workflow-${randomUUID().slice(0, 8)}`;
  const machine = new LocalStateMachine(arn, (await loadBatchWorkflowDefinition()).definition, {
    retryIntervalMs: 20,
    loadHandler: async (name) => handlers[name] ?? Promise.reject(new Error(`the batch workflow has no task handler ${name}`)),
  });
  sfn.api.register(machine);
  const workflow = new SfnRenderWorkflow<BatchRun>(arn, { region: h.REGION, endpoint: sfn.endpoint });
  return {
    machine,
    deps,
    batchDeps: { ...base, workflow, vision: createVision({ vision: 'local' }) },
    settle: async () => {
      while (machine.list('RUNNING').length) await Promise.all(machine.list().map((e) => e.done));
    },
  };
}

/** A dealer with 5 trial credits plus `bonus` bonus credits. */
async function dealerWith(bonus: number) {
  const dealer = await h.newDealer('batch');
  if (bonus > 0) await grantBonusCredits({ store: h.adapters.credits }, { sub: dealer.sub, credits: bonus, grantKey: `test-${randomUUID()}`, description: 'test' });
  return dealer;
}

/** POST /api/batches at the use-case level, then every photo uploaded through its presigned POST. */
async function uploadedBatch(sub: string, count: number, bytes?: Buffer): Promise<string> {
  const photo = bytes ?? (await h.carPhoto());
  const body = createBatchRequestSchema.parse({ photos: Array.from({ length: count }, (_, i) => ({ file_name: `lot-car-${i + 1}.jpg`, content_type: 'image/jpeg', size: photo.length })) });
  const created = await createBatch(base, sub, body);
  expect(created.uploads).toHaveLength(count);
  await Promise.all(created.uploads.map((u) => uploadByPresignedPost(u, photo)));
  return created.batch_id;
}

/** The dealer's images on the rendered-image index (what My Images lists), newest first. */
async function renderedImages(sub: string) {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :s)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(sub), ':s': 'IMAGE#' },
      ScanIndexForward: false,
    }),
  );
  return out.Items ?? [];
}

describe('batch processor: one studio image per photo, 1 credit each, a failed photo refunds its own credit once', () => {
  it('a batch of 10 where 3 photos fail: 7 images on the rendered-image index, 3 refunds, ledger and balance agree; re-runs refund nothing more', async () => {
    // Photo 2 and 6 are refused by the image service; photo 9 stays busy until the Retry gives up.
    const w = await batchWorkflow({ outcomes: { 'batch-photo-2': ['permanent'], 'batch-photo-6': ['permanent'], 'batch-photo-9': ['retryable'] } });
    const dealer = await dealerWith(10);
    const id = await uploadedBatch(dealer.sub, 10);
    const started = await startBatch(w.batchDeps, dealer.sub, id);
    expect(started.replayed).toBe(false);
    expect(started.balance.total_credits).toBe(5);
    expect(started.batch).toMatchObject({ total_photos: 10, credits_used: 10 });
    await w.settle();
    expect(w.machine.describe(w.machine.executionArnFor(id))!.status).toBe('SUCCEEDED');

    const batch = await getBatch(base, dealer.sub, id);
    expect(batch).toMatchObject({ status: 'partial_complete', completed_photos: 7, failed_photos: 3 });
    const failed = batch.photos.filter((p) => p.status === 'failed');
    expect(failed.map((p) => p.index)).toEqual([1, 5, 8]);
    for (const p of failed) expect(p.refunded).toBe(true);
    expect(failed[0]!.error_message).toBe(BATCH_MESSAGES.photoRefused('The scripted image service refused this angle (scripted).'));
    expect(failed[2]!.error_message).toBe(BATCH_MESSAGES.photoBusy);
    const renders = w.machine.describe(w.machine.executionArnFor(id))!.tasks.filter((t) => t.state === 'Render photo');
    expect(renders.filter((t) => t.error === 'RenderRetryableError').length).toBe(4); // the first try and 3 retries

    const images = await renderedImages(dealer.sub);
    expect(images).toHaveLength(7);
    for (const image of images) {
      expect(image).toMatchObject({ source: 'batch', source_id: id, background: 'studio', model: 'scripted' });
      expect(image.label).toMatch(/^lot-car-\d+\.jpg$/);
      expect(image.GSI1SK).toBe(`IMAGE#${image.completed_at}#${image.image_id}`);
    }
    const done = batch.photos.find((p) => p.status === 'completed')!;
    expect(done.rendered_url).toMatch(/^http/);
    // Every studio image leaves with signed content credentials (createRenderer wraps the adapter).
    const stored = images[0]!;
    const { verifyCredentials } = await import('../../functions/src/content-credentials/verify');
    const { contentSignerFromEnv } = await import('../../functions/src/content-credentials/create-signer');
    const report: CredentialsReport = await verifyCredentials(await h.adapters.photos.readRender(stored.rendered_key as string), 'image/jpeg', contentSignerFromEnv());
    expect(report.status).toBe('signed_by_us');

    const ledger = await h.ledgerOf(dealer.sub);
    expect(ledger.debits.map((d) => [d.id, d.credits])).toEqual([[`DEBIT#batch:${id}`, -10]]);
    expect(ledger.refunds.map((r) => r.id).sort()).toEqual([`REFUND#batch:${id}:1`, `REFUND#batch:${id}:5`, `REFUND#batch:${id}:8`]);
    expect(ledger.refunds.every((r) => r.credits === 1)).toBe(true);
    expect(ledger.balance).toBe(5 + 3);
    expect(ledger.sum).toBe(ledger.balance);

    // The Catch, finalize and the sweeper run again (a retried Lambda, a re-run): nothing is refunded twice.
    for (const index of [1, 5, 8]) await tasks.failPhoto(w.deps, { batch_id: id, user_id: dealer.sub, index, error: { Error: 'RenderPermanentError', Cause: 'again' } });
    await tasks.finalizeBatch(w.deps, { batch_id: id, user_id: dealer.sub, photos: [], execution: id });
    await tasks.closeBatch(w.deps, id, id, BATCH_MESSAGES.interrupted);
    const again = await h.ledgerOf(dealer.sub);
    expect(again.refunds).toHaveLength(3);
    expect(again.balance).toBe(8);
    expect(again.sum).toBe(again.balance);
    expect((await getBatch(base, dealer.sub, id)).status).toBe('partial_complete');
  }, 120_000);

  it('concurrent starts of the same batch charge once and answer the same batch; one workflow runs', async () => {
    const w = await batchWorkflow({});
    const dealer = await dealerWith(0);
    const id = await uploadedBatch(dealer.sub, 3);
    const answers = await Promise.allSettled([0, 1, 2, 3].map(() => startBatch(w.batchDeps, dealer.sub, id)));
    const fulfilled = answers.filter((a): a is PromiseFulfilledResult<StartBatchResponse> => a.status === 'fulfilled').map((a) => a.value);
    expect(fulfilled).toHaveLength(4);
    expect(fulfilled.filter((a) => !a.replayed)).toHaveLength(1);
    for (const a of fulfilled) expect(a.batch.id).toBe(id);
    await w.settle();
    expect(w.machine.list()).toHaveLength(1);
    const ledger = await h.ledgerOf(dealer.sub);
    expect(ledger.debits).toHaveLength(1);
    expect(ledger.balance).toBe(2);
    expect(ledger.sum).toBe(ledger.balance);
    expect((await getBatch(base, dealer.sub, id)).status).toBe('completed');
    expect(await renderedImages(dealer.sub)).toHaveLength(3);
  }, 120_000);

  it('keeps each photo without its GPS position (a metadata edit: same size, same pixels)', async () => {
    const w = await batchWorkflow({});
    const dealer = await dealerWith(0);
    const gps = { GPSLatitudeRef: 'N', GPSLatitude: '59/1 20/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '18/1 4/1 0/1' };
    const phone = await sharp(await h.carPhoto()).jpeg({ quality: 90 }).withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: gps }).toBuffer();
    expect(exifReader((await sharp(phone).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual([59, 20, 12.34]);
    const id = await uploadedBatch(dealer.sub, 1, phone);
    await startBatch(w.batchDeps, dealer.sub, id);
    await w.settle();
    const kept = (await store.getWithPhotos(id))!.photos[0]!;
    const stored = await h.adapters.photos.readUpload(kept.key);
    const exif = exifReader((await sharp(stored).metadata()).exif!);
    expect(exif.GPSInfo?.GPSLatitude).toBeUndefined();
    expect(exif.Image?.Make).toBe('PhoneCam');
    expect(stored.length).toBe(phone.length);
  }, 120_000);

  it('the sweeper closes a batch whose execution was lost mid-render: unfinished photos fail and are refunded once; a second sweep changes nothing', async () => {
    // Every render takes 3 s; the execution is stopped while the photos render (as a killed host loses it).
    const w = await batchWorkflow({ delayMs: 3000 });
    const dealer = await dealerWith(0);
    const id = await uploadedBatch(dealer.sub, 2);
    await startBatch(w.batchDeps, dealer.sub, id);
    await expect.poll(async () => (await getBatch(base, dealer.sub, id)).photos.filter((p) => p.status === 'processing').length, { timeout: 20_000, interval: 100 }).toBe(2);
    w.machine.stop(w.machine.executionArnFor(id), 'States.Aborted', 'lost');
    await w.settle();
    const sweep = { ...base, workflow: w.batchDeps.workflow };
    const first = await tasks.sweepBatches(sweep, { graceMs: 0, maxRunMs: 60_000 });
    expect(first.closed).toContain(id);
    const batch = await getBatch(base, dealer.sub, id);
    expect(batch.status).toBe('error');
    for (const p of batch.photos) expect(p).toMatchObject({ status: 'failed', refunded: true, error_message: BATCH_MESSAGES.interrupted });
    const second = await tasks.sweepBatches(sweep, { graceMs: 0, maxRunMs: 60_000 });
    expect(second.closed).not.toContain(id);
    const ledger = await h.ledgerOf(dealer.sub);
    expect(ledger.refunds.map((r) => r.id).sort()).toEqual([`REFUND#batch:${id}:0`, `REFUND#batch:${id}:1`]);
    expect(ledger.balance).toBe(5);
    expect(ledger.sum).toBe(ledger.balance);
  }, 120_000);

  it('insufficient credits: 402 with the spec text, and nothing is written (no batch, no charge, no kept copies)', async () => {
    const w = await batchWorkflow({});
    const dealer = await dealerWith(0);
    const id = await uploadedBatch(dealer.sub, 6);
    const refused = await startBatch(w.batchDeps, dealer.sub, id).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'insufficient_credits', message: MESSAGES.insufficientCreditsBatch(6, 5) });
    expect(MESSAGES.insufficientCreditsBatch(6, 5)).toBe('You need 6 credits but only have 5. Please purchase more credits.');
    expect(await store.get(id)).toBeUndefined();
    expect(await store.getDraft(id)).toBeDefined();
    const ledger = await h.ledgerOf(dealer.sub);
    expect(ledger.debits).toHaveLength(0);
    expect(ledger.balance).toBe(5);
    expect(await h.objectKeys('uploads', `batches/${dealer.sub}/${id}/`)).toEqual([]);
    expect(w.machine.list()).toHaveLength(0);
  }, 60_000);
});

describe('batch routes on the local host (HTTP API, the host runs the synthesized batch workflow)', () => {
  const call = async <T>(dealer: Dealer, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${dealer.accessToken}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as T & { message?: string } };
  };

  it('a standard dealer gets 403 on every batch route and nothing is written', async () => {
    const dealer = await signInNewDealer(url, 'batch-standard');
    const someId = '01JB0000000000000000000000';
    const answers = [
      await call(dealer, 'POST', '/api/batches', { photos: [{ file_name: 'a.jpg', content_type: 'image/jpeg', size: 1000 }] }),
      await call(dealer, 'GET', `/api/batches/${someId}`),
      await call(dealer, 'POST', `/api/batches/${someId}/start`),
    ];
    for (const a of answers) expect(a).toMatchObject({ status: 403, body: { message: MESSAGES.forbiddenSuperUser } });
    expect((await call<{ total_credits: number }>(dealer, 'GET', '/api/credits/balance')).body.total_credits).toBe(5);
  }, 60_000);

  it('a super user creates, uploads, starts and reads a batch of a PNG and a WebP photo through the API; the host renders both, signed', async () => {
    const dealer = await signInNewDealer(url, 'batch-super');
    expect(await promoteToSuperUser(new DynamoDbAccountStore(), dealer.email)).toMatchObject({ role: 'super' });
    const source = await h.carPhoto();
    const photos = [
      { file_name: 'front.png', content_type: 'image/png', bytes: await sharp(source).png().toBuffer() },
      { file_name: 'front.webp', content_type: 'image/webp', bytes: await sharp(source).webp({ quality: 85 }).toBuffer() },
    ];
    const created = await call<CreateBatchResponse>(dealer, 'POST', '/api/batches', {
      background: 'sunset',
      photos: photos.map((p) => ({ file_name: p.file_name, content_type: p.content_type, size: p.bytes.length })),
    });
    expect(created.status).toBe(201);
    await Promise.all(created.body.uploads.map((u, i) => uploadByPresignedPost(u, photos[i]!.bytes, photos[i]!.content_type)));
    const t0 = Date.now();
    const started = await call<StartBatchResponse>(dealer, 'POST', `/api/batches/${created.body.batch_id}/start`).catch((e) => { throw new Error(`start failed after ${Date.now() - t0} ms: ${e}`); });
    expect(started.status).toBe(200);
    expect(started.body.balance.total_credits).toBe(3);
    let batch: Batch | undefined;
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; await h.sleep(250)) {
      batch = (await call<Batch>(dealer, 'GET', `/api/batches/${created.body.batch_id}`)).body;
      if (['completed', 'partial_complete', 'error'].includes(batch.status)) break;
    }
    expect(batch, JSON.stringify(batch?.photos.map((p) => p.error_message))).toMatchObject({ status: 'completed', background: 'sunset', completed_photos: 2 });
    const signer = contentSignerFromEnv();
    for (const photo of batch!.photos) {
      const image = Buffer.from(await (await fetch(photo.rendered_url!)).arrayBuffer());
      expect((await verifyCredentials(image, 'image/jpeg', signer)).status, photo.file_name).toBe('signed_by_us');
    }
    const me = await call<{ profile: { id: string } }>(dealer, 'GET', '/api/me');
    expect(await renderedImages(me.body.profile.id)).toHaveLength(2);
  }, 120_000);
});
