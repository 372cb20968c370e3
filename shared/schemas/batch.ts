import { z } from 'zod';
import { BACKGROUNDS, DEFAULT_BACKGROUND } from '../backgrounds';
import { MAX_BATCH_PHOTOS } from '../limits';
import { MESSAGES } from '../messages';
import { SESSION_STATUSES } from '../statuses';
import { packagePhotoRequestSchema, packageIdSchema, photoUploadSchema } from './car-packages';
import { creditBalanceSchema } from './credit-balance';

/** A batch id is a ULID, like a car package id. */
export const batchPathSchema = z.strictObject({ id: packageIdSchema });

/** One photo of a batch: the same description as a car package photo, without an angle (each photo is its own image). */
export const batchPhotoRequestSchema = packagePhotoRequestSchema.omit({ angle: true });

/** POST /api/batches: a batch to fill; answers one presigned upload per photo. Nothing is charged yet. */
export const createBatchRequestSchema = z.strictObject({
  background: z.enum(BACKGROUNDS, { error: `background must be one of ${BACKGROUNDS.join(', ')}` }).default(DEFAULT_BACKGROUND),
  photos: z
    .array(batchPhotoRequestSchema, { error: MESSAGES.noPhotosBatch })
    .min(1, { error: MESSAGES.noPhotosBatch })
    .max(MAX_BATCH_PHOTOS, { error: MESSAGES.tooManyBatchPhotos.description }),
});
export type CreateBatchRequest = z.input<typeof createBatchRequestSchema>;

export const createBatchResponseSchema = z.object({
  batch_id: z.string(),
  /** In the order of the photos asked for; photo_id is photo-1 ... photo-10. */
  uploads: z.array(photoUploadSchema),
  expires_at: z.string(),
});
export type CreateBatchResponse = z.infer<typeof createBatchResponseSchema>;

export const BATCH_PHOTO_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type BatchPhotoStatus = (typeof BATCH_PHOTO_STATUSES)[number];

/** One photo of a started batch and the studio image made from it. */
export const batchPhotoSchema = z.object({
  /** 0-based position in the batch (the order the dealer chose). */
  index: z.number().int().nonnegative(),
  file_name: z.string(),
  status: z.enum(BATCH_PHOTO_STATUSES),
  error_message: z.string().nullable(),
  /** Its credit was given back (the photo failed). */
  refunded: z.boolean(),
  original_url: z.string().nullable(),
  rendered_url: z.string().nullable(),
  web_url: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type BatchPhoto = z.infer<typeof batchPhotoSchema>;

export const batchSchema = z.object({
  id: z.string(),
  status: z.enum(SESSION_STATUSES),
  background: z.enum(BACKGROUNDS),
  total_photos: z.number().int(),
  completed_photos: z.number().int(),
  failed_photos: z.number().int(),
  credits_used: z.number().int(),
  photos: z.array(batchPhotoSchema),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Batch = z.infer<typeof batchSchema>;

export const startBatchResponseSchema = z.object({
  batch: batchSchema,
  balance: creditBalanceSchema,
  /** True when the batch had been started before: nothing was charged this time. */
  replayed: z.boolean(),
});
export type StartBatchResponse = z.infer<typeof startBatchResponseSchema>;
