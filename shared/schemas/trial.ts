/** Trial links (issue 12): the prospect's trial page, the transfer after the first sign-in, and the admin's links. */
import { z } from 'zod';
import { ANGLES } from '../angles';
import { ACCEPTED_IMAGE_MIME_TYPES, DEALER_NAME_MAX, MAX_FILE_BYTES, MAX_TRIAL_PHOTOS, PHOTO_NAME_MAX, TRIAL_LINK_MAX_DAYS } from '../limits';
import { MESSAGES } from '../messages';
import { photoTypeRefusal } from '../photo-types';
import { carAppearanceFields } from './car-photo-check';
import { emailSchema, type UploadTarget } from './common';
import { ownUserIdSchema } from './own-user-id';


/** A trial token: 32 random bytes, base64url (43 characters). Anything else is refused before a table read. */
export const trialTokenSchema = z
  .string({ error: (i) => (i.input === undefined ? 'token is required' : 'token must be text') })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: MESSAGES.invalidOrExpiredTrialToken });

export const trialTokenPathSchema = z.strictObject({ token: z.string() });
export const trialLinkIdSchema = z.string({ error: 'id is required' }).regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { error: 'id is not a trial link id' });
export const trialLinkPathSchema = z.strictObject({ id: trialLinkIdSchema });

/** GET /api/trial/validate-token/{token} (spec section 7). */
export interface TrialValidationResponse {
  valid: boolean;
  dealer_name?: string;
  error?: string;
}

/** One photo the prospect is about to upload. */
export const trialFileSchema = z.strictObject({
  name: z
    .string({ error: (i) => (i.input === undefined ? 'name is required' : 'name must be text') })
    .trim()
    .min(1, { error: 'name is required' })
    .max(PHOTO_NAME_MAX, { error: `name must be at most ${PHOTO_NAME_MAX} characters` }),
  type: z.enum(ACCEPTED_IMAGE_MIME_TYPES as [string, ...string[]], { error: (issue) => photoTypeRefusal({ type: typeof issue.input === 'string' ? issue.input : undefined }) }),
  size: z
    .number({ error: (i) => (i.input === undefined ? 'size is required' : 'size must be a number') })
    .int({ error: 'size must be a whole number of bytes' })
    .min(1, { error: MESSAGES.fileTooSmall(1) })
    .max(MAX_FILE_BYTES, { error: MESSAGES.fileTooLarge(MAX_FILE_BYTES) }),
});

/**
 * POST /api/trial/upload-photos/{token}: the spec sends the files as multipart; here the browser asks for one
 * presigned POST per file and uploads straight to S3, then calls .../complete.
 */
export const trialUploadRequestSchema = z.strictObject({
  files: z
    .array(trialFileSchema, { error: MESSAGES.noPhotosTrial })
    .min(1, { error: MESSAGES.noPhotosTrial })
    .max(MAX_TRIAL_PHOTOS, { error: MESSAGES.tooManyTrialPhotos(MAX_TRIAL_PHOTOS).description! }),
});

export type TrialUploadTarget = UploadTarget & { name: string };
export interface TrialUploadResponse {
  success: true;
  uploads: TrialUploadTarget[];
}
/**
 * One trial photo's verdict (issue 39): the car check with the angle, as the package form's POST /api/car-photos/check
 * answers it. A usable photo names the angle it shows and the car it shows (`car_group`: 1 is the car most photos
 * show, then 2, 3… by their first photo); a refused one says why, and is not kept.
 */
export const trialPhotoVerdictSchema = z.discriminatedUnion('car', [
  z.strictObject({
    name: z.string(),
    car: z.literal(true),
    angle: z.enum(ANGLES),
    confidence: z.number().min(0).max(1),
    low_confidence: z.boolean(),
    /** The main car's paint and shape, as the package form's check measures them (shared/same-car.ts); null when not measured. */
    appearance: z.strictObject(carAppearanceFields).nullable(),
    car_group: z.number().int().min(1),
  }),
  z.strictObject({ name: z.string(), car: z.literal(false), reason: z.string() }),
]);
export type TrialPhotoVerdict = z.infer<typeof trialPhotoVerdictSchema>;

/**
 * The spec's trial upload response (answered by .../complete), with each photo's verdict in the order uploaded.
 * `uploaded_count`: the photos kept (usable). `success` only when the account step may follow: at least one usable
 * photo, all of one car; otherwise `error` says what the prospect does next.
 */
export const trialUploadCompleteResponseSchema = z.strictObject({
  success: z.boolean(),
  uploaded_count: z.number().int().min(0),
  error: z.string().nullable(),
  photos: z.array(trialPhotoVerdictSchema),
  /** How many different cars the usable photos show (1 when they agree; 0 without a usable photo). */
  cars: z.number().int().min(0),
  /** The angles the usable photos give, in the package's order (each once). */
  angles: z.array(z.enum(ANGLES)),
});
export type TrialUploadCompleteResponse = z.infer<typeof trialUploadCompleteResponseSchema>;

const dealerNameSchema = z
  .string({ error: 'dealer_name must be text' })
  .trim()
  .max(DEALER_NAME_MAX, { error: `dealer_name must be at most ${DEALER_NAME_MAX} characters` });

/** POST /api/trial/create-account (JSON, spec section 7). */
export const createTrialAccountRequestSchema = z.strictObject({
  token: trialTokenSchema,
  email: emailSchema,
  dealer_name: dealerNameSchema.optional(),
});
export interface CreateTrialAccountResponse {
  success: boolean;
  error: string | null;
}

/** POST /api/trial/transfer-photos (form-encoded in the spec; JSON accepted too). */
export const transferPhotosRequestSchema = z.strictObject({ trial_token: trialTokenSchema, user_id: ownUserIdSchema });
/** POST /api/trial/transfer-photos-by-email: the e-mail must be the caller's own sign-in address. */
export const transferPhotosByEmailRequestSchema = z.strictObject({ email: emailSchema, user_id: ownUserIdSchema });
export interface TransferPhotosResponse {
  success: boolean;
  transferred_count: number;
  detail?: string;
  error?: string;
  package_id?: string;
}

export const TRIAL_LINK_STATES = ['unused', 'uploaded', 'converted', 'expired', 'revoked'] as const;
export type TrialLinkState = (typeof TRIAL_LINK_STATES)[number];

/** POST /api/admin/trial-links (super users). */
export const createTrialLinkRequestSchema = z.strictObject({
  dealer_name: dealerNameSchema.min(1, { error: 'dealer_name is required' }),
  /** Mailed the link through the mailer when given. */
  email: z.union([z.literal(''), emailSchema]).optional(),
  expires_in_days: z
    .number({ error: 'expires_in_days must be a number' })
    .int({ error: 'expires_in_days must be a whole number' })
    .min(1, { error: 'expires_in_days must be at least 1' })
    .max(TRIAL_LINK_MAX_DAYS, { error: `expires_in_days must be at most ${TRIAL_LINK_MAX_DAYS}` })
    .default(14),
});

export interface TrialLinkPhotoView {
  name: string;
  size: number;
  thumbnail_url: string;
}
export interface TrialLinkView {
  id: string;
  dealer_name: string;
  email: string | null;
  state: TrialLinkState;
  created_at: string;
  created_by: string;
  expires_at: string;
  revoked_at: string | null;
  converted_at: string | null;
  converted_email: string | null;
  transferred_at: string | null;
  package_id: string | null;
  photos: TrialLinkPhotoView[];
}
export interface CreateTrialLinkResponse {
  link: TrialLinkView;
  /** Shown once: only the token's SHA-256 is stored. */
  url: string;
  mailed: boolean;
}
export interface ListTrialLinksResponse {
  links: TrialLinkView[];
}
