/**
 * The tasks of the batch workflow (infra/cdk/constructs/batch-workflow.ts) and its sweeper. Each is safe to run
 * twice: photo transitions are conditional, and each failed photo's refund has its own ledger key
 * (REFUND#batch:<id>:<index>), so it is given back exactly once whatever retries or re-runs happen. No AWS SDK here.
 */
import { BATCH_CREDITS_PER_IMAGE } from '@shared/limits';
import { BATCH_MESSAGES } from '@shared/messages';
import { sweepLostExecutions, type SweepOptions } from '../car-packages/sweep-lost-executions';
import { refundCredits } from '../credits/credit-changes';
import { txIds, type CreditStore } from '../credits/credit-store';
import { logger } from '../lib/logger';
import { PhotoRejectedError, type Renderer } from '../renderer/port';
import { renderFailureOf, reportInternalFailure } from '../renderer/render-failure';
import { batchS3Keys, chargeKey, imageIdOf, outcomeOf, photoRefundKey, rendererPhotoId, slugOfFileName, type StoredBatchPhoto } from './batch';
import { batchChanged, photoChanged } from './batch-events';
import { nowIso } from './batch-deps';
import type { BatchPhotoItem, BatchRun, BatchStore, BatchWorkflow, Notify, PhotoStorage } from './ports';

export interface BatchWorkflowDeps {
  store: BatchStore;
  photos: PhotoStorage;
  credits: CreditStore;
  notify: Notify;
  now?: () => Date;
}

export interface BatchRenderDeps extends BatchWorkflowDeps {
  renderer: Renderer;
}

async function notifyBatch(deps: Pick<BatchWorkflowDeps, 'store' | 'notify'>, id: string) {
  const batch = await deps.store.get(id);
  if (batch) await batchChanged(deps.notify, batch);
}

/** Mark photo processing. */
export async function startPhoto(deps: BatchWorkflowDeps, item: BatchPhotoItem): Promise<{ index: number; skipped: boolean }> {
  const photo = await deps.store.startPhoto(item.batch_id, item.index, nowIso(deps));
  if (photo) await Promise.all([photoChanged(deps.notify, photo), notifyBatch(deps, item.batch_id)]);
  return { index: item.index, skipped: !photo };
}

/**
 * Render one photo through the renderer port: the renderer checks it and finds the angle it shows, then renders that
 * angle from it (one studio image per photo). Renderer errors keep their names (RenderRetryableError is retried by
 * the state machine; the others are caught and fail the photo). The finished image joins My Images.
 */
export async function renderPhoto(deps: BatchRenderDeps, item: BatchPhotoItem): Promise<{ index: number; skipped: boolean }> {
  const batch = await deps.store.get(item.batch_id);
  if (!batch) return { index: item.index, skipped: true };
  const photo = await deps.store.beginAttempt(batch.id, item.index, nowIso(deps));
  if (!photo) return { index: item.index, skipped: true }; // finished by an earlier try
  const source = { id: rendererPhotoId(item.index), bytes: await deps.photos.readUpload(photo.key) };
  const [info] = await deps.renderer.prepare([source]);
  if (info?.refused) throw new PhotoRejectedError(info.refused.reason, info.refused.message, source.id);
  // A photo whose angle the renderer cannot tell is rendered as the most common dealer shot, a front corner.
  const angle = info?.angle ?? 'front_left_corner';
  const started = performance.now();
  // The batch's one scene, for every photo and every retry of it.
  const scene = batch.scene ? { id: batch.scene.id, startYaw: batch.scene.start_yaw } : undefined;
  const rendered = await deps.renderer.render({ photos: [{ ...source, angle }], angle, background: batch.background, ...(scene ? { scene } : {}) });
  const renderMs = performance.now() - started;
  const slug = slugOfFileName(photo.file_name);
  const renderedKey = batchS3Keys.rendered(batch.user_id, batch.id, item.index, photo.attempts, slug);
  const webKey = batchS3Keys.web(batch.user_id, batch.id, item.index, photo.attempts, slug);
  // The render took a while: a batch erased meanwhile (with its account) gets no images.
  if (!(await deps.store.get(batch.id))) return { index: item.index, skipped: true };
  await Promise.all([deps.photos.putRender(renderedKey, rendered.full, 'image/jpeg'), deps.photos.putRender(webKey, rendered.web, 'image/webp')]);
  const now = nowIso(deps);
  const completed = await deps.store.completePhoto({
    ...photo,
    status: 'completed',
    image_id: imageIdOf(batch.id, item.index),
    source: 'batch',
    source_id: batch.id,
    label: photo.file_name,
    angle,
    rendered_key: renderedKey,
    web_key: webKey,
    original_key: photo.key,
    background: batch.background,
    model: rendered.metadata.model,
    renderer: rendered.metadata.renderer,
    render_ms: renderMs,
    completed_at: now,
    updated_at: now,
  });
  // Recorded only while the photo's item exists: gone (the account was erased while this task ran), the images it
  // stored go too, so nothing of an erased dealer stays in the renders bucket.
  if (!completed && !(await deps.store.get(batch.id))) {
    await deps.photos.deleteRenders([renderedKey, webKey]);
    return { index: item.index, skipped: true };
  }
  if (completed) await Promise.all([photoChanged(deps.notify, { ...photo, status: 'completed', updated_at: now, completed_at: now }), notifyBatch(deps, batch.id)]);
  return { index: item.index, skipped: false };
}

/** What the dealer reads on a failed photo, from the error the state machine caught. */
export function photoFailureMessage(error: BatchPhotoItem['error']): string {
  const { kind, message } = renderFailureOf(error);
  switch (kind) {
    case 'photo':
      return message ? BATCH_MESSAGES.photoRefused(/[.!?]$/.test(message) ? message : `${message}.`) : BATCH_MESSAGES.photoFailed;
    case 'retryable':
      return BATCH_MESSAGES.photoBusy;
    case 'timeout':
      return BATCH_MESSAGES.photoTooSlow;
    case 'ours':
      return BATCH_MESSAGES.photoFailedOnOurSide;
  }
}

/**
 * Gives back a failed photo's credit: once per photo by its ledger key (a second call finds the entry and moves
 * nothing). Answers whether this call moved the credit.
 */
async function refundPhoto(deps: BatchWorkflowDeps, photo: StoredBatchPhoto): Promise<boolean> {
  const result = await refundCredits(
    { store: deps.credits, now: deps.now },
    {
      sub: photo.user_id,
      chargeTxId: txIds.debit(chargeKey(photo.batch_id)),
      refundKey: photoRefundKey(photo.batch_id, photo.index),
      credits: BATCH_CREDITS_PER_IMAGE,
      description: `Refund: ${photo.file_name} (could not be processed)`,
      metadata: { batch_id: photo.batch_id, photo_index: photo.index },
    },
  );
  if (!photo.refunded) await deps.store.markRefunded(photo.batch_id, photo.index, nowIso(deps));
  if (!result.replayed) await deps.notify(photo.user_id, { type: 'balance.updated' });
  return !result.replayed;
}

/**
 * Fails one photo (if still open) and refunds it if it is failed: both steps safe to repeat. Answers whether this
 * call failed it, and the photo as it is now (undefined when it is gone).
 */
async function failAndRefund(deps: BatchWorkflowDeps, batchId: string, index: number, message: string): Promise<{ failed: boolean; photo: StoredBatchPhoto | undefined }> {
  const failed = await deps.store.failPhoto(batchId, index, message, nowIso(deps));
  const photo = await deps.store.getPhoto(batchId, index);
  if (photo?.status === 'failed') {
    await refundPhoto(deps, photo);
    if (failed || !photo.refunded) await photoChanged(deps.notify, { ...photo, refunded: true });
    return { failed, photo: { ...photo, refunded: true } };
  }
  return { failed, photo };
}

/** Mark photo failed (the Catch inside the Map): the photo fails with a message and its credit comes back. */
export async function failPhoto(deps: BatchWorkflowDeps, item: BatchPhotoItem): Promise<{ index: number; failed: boolean }> {
  reportInternalFailure(renderFailureOf(item.error), { batchId: item.batch_id, photoIndex: item.index });
  const { failed } = await failAndRefund(deps, item.batch_id, item.index, photoFailureMessage(item.error));
  if (failed) await notifyBatch(deps, item.batch_id);
  return { index: item.index, failed };
}

/**
 * Finalize (also what closes a batch whose Map failed, whose workflow could not start, or whose execution was lost):
 * fails what is still open when told to, makes sure every failed photo is refunded (a refund lost between marking
 * and refunding is made here, once), then sets completed / partial_complete / error.
 */
export async function closeBatch(deps: BatchWorkflowDeps, batchId: string, executionName: string, failOpenWith?: string): Promise<{ status: string }> {
  const found = await deps.store.getWithPhotos(batchId);
  if (!found) return { status: 'gone' };
  // The batch's partition is read once: a photo this call fails or refunds is replaced by what failAndRefund read back.
  const photos: StoredBatchPhoto[] = [];
  for (const photo of found.photos) {
    const open = photo.status === 'pending' || photo.status === 'processing';
    const refundDue = (open && failOpenWith) || (photo.status === 'failed' && !photo.refunded);
    photos.push(refundDue ? ((await failAndRefund(deps, batchId, photo.index, failOpenWith ?? BATCH_MESSAGES.photoFailed)).photo ?? photo) : photo);
  }
  const outcome = outcomeOf(photos);
  if (!outcome.finished) return { status: 'processing' };
  const message = outcome.status === 'error' ? (failOpenWith ?? BATCH_MESSAGES.allFailed) : null;
  await deps.store.finish(batchId, outcome.status, message, executionName, nowIso(deps));
  await notifyBatch(deps, batchId);
  return { status: outcome.status };
}

/** Finalize batch (and "Close batch after a failure", with the caught error). */
export function finalizeBatch(deps: BatchWorkflowDeps, run: BatchRun): Promise<{ status: string }> {
  return closeBatch(deps, run.batch_id, run.execution ?? run.batch_id, run.error ? photoFailureMessage(run.error) : undefined);
}

export type { SweepOptions };

/**
 * The sweeper's batch half: every batch marked active whose execution is no longer running (failed, timed out, lost
 * with a killed local host) is closed: its unfinished photos fail and are refunded, each once.
 */
export function sweepBatches(deps: BatchWorkflowDeps & { workflow: BatchWorkflow }, options: SweepOptions): Promise<{ checked: number; closed: string[] }> {
  return sweepLostExecutions(deps, {
    listActive: () => deps.store.listActive(),
    idOf: (marker) => marker.batch_id,
    options,
    close: async (marker, state, now) => {
      logger.warn('closing a batch whose execution is not running', { batchId: marker.batch_id, execution: marker.execution_name, state });
      const result = await closeBatch(deps, marker.batch_id, marker.execution_name, BATCH_MESSAGES.interrupted);
      if (result.status === 'gone') await deps.store.finish(marker.batch_id, 'error', null, marker.execution_name, new Date(now).toISOString());
    },
  });
}
