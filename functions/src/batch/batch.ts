/**
 * The batch as stored, and the rules that do not depend on where it is stored: S3 keys, the ledger keys of its
 * charge and per-photo refunds, its status from its photos, and how it is shown. No AWS SDK here.
 */
import type { Background } from '@shared/backgrounds';
import { BATCH_CREDITS_PER_IMAGE, type AcceptedImageType } from '@shared/limits';
import type { Batch, BatchPhoto, BatchPhotoStatus } from '@shared/schemas/batch';
import type { SessionStatus } from '@shared/statuses';
import { sceneFor, slugOf, type StoredScene } from '../car-packages/car-package';
import type { RenderedImageRecord } from '../images/rendered-image';

export interface StoredBatchPhoto {
  batch_id: string;
  user_id: string;
  /** 0-based, in the order the dealer chose. */
  index: number;
  file_name: string;
  content_type: AcceptedImageType;
  size: number;
  /** Where the browser uploads (drafts/, forgotten after two days), and the checked copy kept once started. */
  upload_key: string;
  key: string;
  status: BatchPhotoStatus;
  error_message: string | null;
  /** Render attempts so far (the state machine's retries included). */
  attempts: number;
  /** Set once its credit was given back (failed photos only). */
  refunded: boolean;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** A completed photo carries what My Images reads (RenderedImageRecord). */
export type CompletedBatchPhoto = StoredBatchPhoto & RenderedImageRecord & { renderer: string; render_ms: number };

/** A batch being filled: its uploads are under way; nothing is charged. Expires with its uploads. */
export interface StoredBatchDraft {
  id: string;
  user_id: string;
  background: Background;
  photos: StoredBatchPhoto[];
  created_at: string;
  expires_at: string;
}

export interface StoredBatch {
  id: string;
  user_id: string;
  background: Background;
  /** One photographic scene for every photo of the batch (absent on batches from before scenes; null for the original location). */
  scene?: StoredScene | null;
  status: SessionStatus;
  total_photos: number;
  completed_photos: number;
  failed_photos: number;
  credits_used: number;
  execution_name: string;
  status_message: string | null;
  created_at: string;
  updated_at: string;
  finished_at?: string;
}

export interface ActiveBatch {
  batch_id: string;
  user_id: string;
  execution_name: string;
  started_at: string;
}

/** The charge of a batch: one ledger entry per batch id (DEBIT#batch:<id>), so a repeated start charges once. */
export const chargeKey = (batchId: string) => `batch:${batchId}`;
/** The refund of one photo (REFUND#batch:<id>:<index>): once per photo, whatever path refunds it. */
export const photoRefundKey = (batchId: string, index: number) => `batch:${batchId}:${index}`;

export const batchCredits = (photoCount: number) => photoCount * BATCH_CREDITS_PER_IMAGE;
export const photoName = (index: number) => `photo-${index + 1}`;
/** The id the renderer sees for a batch photo (and a scripted renderer can name to fail it). */
export const rendererPhotoId = (index: number) => `batch-photo-${index + 1}`;
export const imageIdOf = (batchId: string, index: number) => `${batchId}-${index}`;

/** "IMG_2041.HEIC.jpg" -> "img-2041-heic": the downloaded file's name part. */
export function slugOfFileName(fileName: string): string {
  return slugOf(fileName.replace(/\.[a-z0-9]+$/i, ''), 'photo');
}

export const batchS3Keys = {
  /** Where the browser uploads (the uploads bucket forgets drafts/ after two days). */
  upload: (sub: string, id: string, index: number, ext: string) => `drafts/batches/${sub}/${id}/${photoName(index)}.${ext}`,
  photo: (sub: string, id: string, index: number, ext: string) => `batches/${sub}/${id}/photos/${photoName(index)}.${ext}`,
  /** One folder per attempt, so a retried render never serves a cached old image. */
  rendered: (sub: string, id: string, index: number, attempt: number, slug: string) => `batches/${sub}/${id}/${photoName(index)}/${attempt}/${slug}-studio.jpg`,
  web: (sub: string, id: string, index: number, attempt: number, slug: string) => `batches/${sub}/${id}/${photoName(index)}/${attempt}/${slug}-studio.webp`,
  batchPrefix: (sub: string, id: string) => `batches/${sub}/${id}/`,
  draftPrefix: (sub: string, id: string) => `drafts/batches/${sub}/${id}/`,
};

export function newBatch(draft: StoredBatchDraft, now: string): { batch: StoredBatch; photos: StoredBatchPhoto[] } {
  const batch: StoredBatch = {
    id: draft.id,
    user_id: draft.user_id,
    background: draft.background,
    scene: sceneFor(draft.background, draft.id),
    status: 'pending',
    total_photos: draft.photos.length,
    completed_photos: 0,
    failed_photos: 0,
    credits_used: batchCredits(draft.photos.length),
    execution_name: draft.id,
    status_message: null,
    created_at: draft.created_at,
    updated_at: now,
  };
  return { batch, photos: draft.photos.map((p) => ({ ...p, status: 'pending', updated_at: now })) };
}

export type Outcome = { status: SessionStatus; finished: boolean };

/** A batch's status from its photos: running while any is pending or processing. */
export function outcomeOf(photos: Pick<StoredBatchPhoto, 'status'>[]): Outcome {
  if (photos.some((p) => p.status === 'pending' || p.status === 'processing')) return { status: 'processing', finished: false };
  const completed = photos.filter((p) => p.status === 'completed').length;
  if (completed === photos.length) return { status: 'completed', finished: true };
  return { status: completed > 0 ? 'partial_complete' : 'error', finished: true };
}

export interface SignedUrls {
  upload(key: string): Promise<string>;
  render(key: string): Promise<string>;
}

export async function photoView(photo: StoredBatchPhoto, urls: SignedUrls): Promise<BatchPhoto> {
  const done = photo.status === 'completed' ? (photo as CompletedBatchPhoto) : undefined;
  return {
    index: photo.index,
    file_name: photo.file_name,
    status: photo.status,
    error_message: photo.error_message,
    refunded: photo.refunded,
    original_url: await urls.upload(photo.key),
    rendered_url: done?.rendered_key ? await urls.render(done.rendered_key) : null,
    web_url: done?.web_key ? await urls.render(done.web_key) : null,
    completed_at: photo.completed_at,
  };
}

export async function batchView(batch: StoredBatch, photos: StoredBatchPhoto[], urls: SignedUrls): Promise<Batch> {
  return {
    id: batch.id,
    status: batch.status,
    background: batch.background,
    total_photos: batch.total_photos,
    completed_photos: batch.completed_photos,
    failed_photos: batch.failed_photos,
    credits_used: batch.credits_used,
    photos: await Promise.all([...photos].sort((a, b) => a.index - b.index).map((p) => photoView(p, urls))),
    created_at: batch.created_at,
    updated_at: batch.updated_at,
    finished_at: batch.finished_at ?? null,
  };
}
