/**
 * Creating and starting a batch (Image Processor, super users): presigned uploads, the checks of every photo by its
 * bytes, and the start that charges 1 credit per photo in the transaction that creates the batch, then starts the
 * batch workflow.
 */
import { CAR_PACKAGE_DRAFT_LIFETIME_MS, MAX_FILE_BYTES, type AcceptedImageType } from '@shared/limits';
import { BATCH_MESSAGES, MESSAGES } from '@shared/messages';
import type { z } from 'zod';
import type { CreateBatchResponse, createBatchRequestSchema, StartBatchResponse } from '@shared/schemas/batch';
import { extensionOf } from '../car-packages/car-package';
import { debitCredits } from '../credits/credit-changes';
import { getCreditBalance } from '../credits/read-credits';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { checkUploadedPhotos } from '../uploads/check-uploads';
import { stripLocation } from '../uploads/strip-location';
import { batchCredits, batchS3Keys, batchView, chargeKey, newBatch, photoName, type StoredBatch, type StoredBatchDraft, type StoredBatchPhoto } from './batch';
import { batchChanged } from './batch-events';
import { clock, notFound, type BatchDeps } from './batch-deps';
import { closeBatch } from './batch-workflow-tasks';
import { assertStyleOffered } from '../car-packages/styles-offered';
import type { BatchRun } from './ports';

/** POST /api/batches: a draft and one presigned upload per photo. Nothing is charged yet. */
export async function createBatch(
  deps: Pick<BatchDeps, 'store' | 'photos' | 'now'>,
  sub: string,
  body: z.output<typeof createBatchRequestSchema>,
): Promise<CreateBatchResponse> {
  assertStyleOffered(body.background);
  const id = newId();
  const now = clock(deps);
  const created = now.toISOString();
  const photos: StoredBatchPhoto[] = body.photos.map((p, index) => {
    const type = p.content_type as AcceptedImageType;
    const ext = extensionOf(type);
    return {
      batch_id: id,
      user_id: sub,
      index,
      file_name: p.file_name,
      content_type: type,
      size: p.size,
      upload_key: batchS3Keys.upload(sub, id, index, ext),
      key: batchS3Keys.photo(sub, id, index, ext),
      status: 'pending',
      error_message: null,
      attempts: 0,
      refunded: false,
      created_at: created,
      updated_at: created,
      completed_at: null,
    };
  });
  const draft: StoredBatchDraft = {
    id,
    user_id: sub,
    background: body.background,
    photos,
    created_at: created,
    expires_at: new Date(now.getTime() + CAR_PACKAGE_DRAFT_LIFETIME_MS).toISOString(),
  };
  await deps.store.putDraft(draft);
  const uploads = await Promise.all(
    photos.map(async (p) => ({ photo_id: photoName(p.index), file_name: p.file_name, ...(await deps.photos.presignUpload(p.upload_key, p.content_type, MAX_FILE_BYTES)) })),
  );
  return { batch_id: id, uploads, expires_at: draft.expires_at };
}

const runOf = (batch: StoredBatch): BatchRun => ({
  batch_id: batch.id,
  user_id: batch.user_id,
  photos: Array.from({ length: batch.total_photos }, (_, index) => ({ batch_id: batch.id, user_id: batch.user_id, index })),
});

/** 402 with the batch's own wording: You need N credits but only have M. */
async function insufficient(deps: Pick<BatchDeps, 'credits' | 'now'>, sub: string, need: number): Promise<DomainError | undefined> {
  const balance = await getCreditBalance({ store: deps.credits, now: deps.now }, sub);
  if (!balance) return new DomainError('not_found', MESSAGES.accountNotFound);
  return balance.total_credits < need ? new DomainError('insufficient_credits', MESSAGES.insufficientCreditsBatch(need, balance.total_credits)) : undefined;
}

/**
 * POST /api/batches/{id}/start: checks the credits and every upload, then in one transaction creates the batch and
 * its photos and charges 1 credit per photo (ledger key per batch: a repeated or concurrent start charges once and
 * answers the same batch), then starts the batch workflow named by the batch id. If it cannot start, every credit is
 * refunded (per photo, as a failed photo would be).
 */
export async function startBatch(deps: BatchDeps, sub: string, id: string): Promise<StartBatchResponse> {
  const started = await deps.store.get(id);
  if (started) {
    if (started.user_id !== sub) throw notFound();
    return replay(deps, started);
  }
  const draft = await deps.store.getDraft(id);
  let charge: Awaited<ReturnType<typeof chargeDraft>>;
  try {
    if (!draft || draft.user_id !== sub) throw notFound();
    charge = await chargeDraft(deps, draft);
  } catch (error) {
    // A start of the same batch at the same moment may have won meanwhile: its result is this call's answer too.
    const winner = await deps.store.get(id);
    if (winner?.user_id === sub) return replay(deps, winner);
    throw error;
  }
  const { batch, photos, balance, replayed } = charge;
  if (replayed) return replay(deps, (await deps.store.get(id)) ?? batch);
  await deps.notify(sub, { type: 'balance.updated' });
  await deps.photos.deletePrefix(batchS3Keys.draftPrefix(sub, id), 'uploads').catch((error) => logger.warn('draft uploads not deleted', { error: error as Error }));

  try {
    await deps.workflow.start(batch.execution_name, runOf(batch));
  } catch (error) {
    logger.error('batch workflow did not start; refunding', { batchId: id, error: error as Error });
    await closeBatch(deps, batch.id, batch.execution_name, BATCH_MESSAGES.couldNotStart);
    throw new DomainError('unavailable', BATCH_MESSAGES.couldNotStart);
  }
  await batchChanged(deps.notify, batch);
  return { batch: await batchView(batch, photos, deps.photos.urls()), balance, replayed: false };
}

/**
 * Credits first (nothing is decoded for a dealer who cannot pay), then every upload, then the checked copies are
 * kept and the charge is made in the same transaction that creates the batch. Refused: nothing is written.
 */
async function chargeDraft(deps: BatchDeps, draft: StoredBatchDraft) {
  if (Date.parse(draft.expires_at) <= clock(deps).getTime()) throw new DomainError('validation', BATCH_MESSAGES.uploadsExpired);
  const need = batchCredits(draft.photos.length);
  const short = await insufficient(deps, draft.user_id, need);
  if (short) throw short;
  const checked = await checkUploadedPhotos(deps, draft.photos.map((p) => ({ id: photoName(p.index), file_name: p.file_name, upload_key: p.upload_key })));
  try {
    // Kept without their GPS position (like a car package's photos): only the copy outlives the draft.
    await Promise.all(draft.photos.map((p) => deps.photos.putUpload(p.key, stripLocation(checked.get(p.upload_key)!), p.content_type)));
    const { batch, photos } = newBatch(draft, clock(deps).toISOString());
    const charge = await debitCredits(
      { store: deps.credits, now: deps.now },
      {
        sub: draft.user_id,
        credits: need,
        key: chargeKey(draft.id),
        description: `Batch: ${need} ${need === 1 ? 'photo' : 'photos'}`,
        metadata: { batch_id: draft.id, photos: draft.photos.length },
        alongside: { writes: () => deps.store.creationWrites(batch, photos), refused: () => new DomainError('conflict', BATCH_MESSAGES.alreadyStarted) },
      },
    ).catch(async (error: unknown) => {
      // Spent elsewhere between the check and the charge: the same 402 in the batch's wording.
      if (error instanceof DomainError && error.kind === 'insufficient_credits') throw (await insufficient(deps, draft.user_id, need)) ?? error;
      throw error;
    });
    return { batch, photos, balance: charge.balance, replayed: charge.replayed };
  } catch (error) {
    // Unless another start of this batch won (its copies are the same files), no copy may outlive the refusal.
    if (!(await deps.store.get(draft.id))) {
      await deps.photos.deletePrefix(batchS3Keys.batchPrefix(draft.user_id, draft.id), 'uploads').catch((e) => logger.warn('photo copies not removed', { error: e as Error }));
    }
    throw error;
  }
}

/** A repeated start: nothing is charged again; the workflow is started if the first call could not. */
async function replay(deps: BatchDeps, batch: StoredBatch): Promise<StartBatchResponse> {
  if (batch.status === 'pending') await deps.workflow.start(batch.execution_name, runOf(batch));
  const [balance, found] = await Promise.all([getCreditBalance({ store: deps.credits, now: deps.now }, batch.user_id), deps.store.getWithPhotos(batch.id)]);
  if (!balance || !found) throw notFound();
  return { batch: await batchView(found.batch, found.photos, deps.photos.urls()), balance, replayed: true };
}

/** GET /api/batches/{id}: the caller's batch with its photos' states and signed links; another dealer's is 404. */
export async function getBatch(deps: Pick<BatchDeps, 'store' | 'photos'>, sub: string, id: string) {
  const found = await deps.store.getWithPhotos(id);
  if (!found || found.batch.user_id !== sub) throw notFound();
  return batchView(found.batch, found.photos, deps.photos.urls());
}
