import { z } from 'zod';
import { actingMemberSchema } from './team';
import { carCheckSchema } from '../car-checks';
import { ANGLES } from '../angles';
import { BACKGROUNDS, DEFAULT_BACKGROUND } from '../backgrounds';
import {
  ACCEPTED_IMAGE_MIME_TYPES,
  CAR_PACKAGE_NAME_MAX,
  CAR_PACKAGE_PAGE_SIZE,
  CAR_PACKAGE_PAGE_SIZE_MAX,
  MAX_CAR_PACKAGE_PHOTOS,
  MAX_FILE_BYTES,
  PHOTO_NAME_MAX,
} from '../limits';
import { INVENTORY_MESSAGES, MESSAGES } from '../messages';
import { photoTypeRefusal } from '../photo-types';
import { PLATE_TREATMENTS } from '../plates';
import { ANGLE_STATUSES, IMAGE_STATUSES, SESSION_STATUSES } from '../statuses';
import { uploadTargetSchema } from './common';
import { decodedVehicleSchema, optionalField, stockNumberSchema, vinSchema } from '../vin';
import { creditBalanceSchema } from './credit-balance';


/** A package id is a ULID (time-ordered); anything else is refused before a table read. */
export const packageIdSchema = z
  .string({ error: 'id is required' })
  .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { error: 'id is not a car package id' });

export const anglePathSchema = z.enum(ANGLES, { error: `angle must be one of ${ANGLES.join(', ')}` });

export const carPackagePathSchema = z.strictObject({ id: packageIdSchema });
export const carPackageAnglePathSchema = z.strictObject({ id: packageIdSchema, angle: anglePathSchema });
/** A photo of a package as create answered it: photo-1, photo-2, ... */
export const carPackagePhotoPathSchema = z.strictObject({
  id: packageIdSchema,
  photo_id: z.string().regex(/^photo-[1-9][0-9]?$/, { error: 'photo_id is not a photo of a car package' }),
});

/** POST /api/car-packages/{id}/photos/{photo_id}/check: the photo passed every check (a refusal is a 400). */
export const checkCarPackagePhotoResponseSchema = z.strictObject({ photo_id: z.string(), checked: z.literal(true) });
export type CheckCarPackagePhotoResponse = z.infer<typeof checkCarPackagePhotoResponseSchema>;

/** One photo the dealer is about to upload, with the angle it shows if the dealer tagged it. */
export const packagePhotoRequestSchema = z.strictObject({
  file_name: z
    .string({ error: (i) => (i.input === undefined ? 'file_name is required' : 'file_name must be text') })
    .trim()
    .min(1, { error: 'file_name is required' })
    .max(PHOTO_NAME_MAX, { error: `file_name must be at most ${PHOTO_NAME_MAX} characters` }),
  content_type: z.enum(ACCEPTED_IMAGE_MIME_TYPES as [string, ...string[]], { error: (issue) => photoTypeRefusal({ type: typeof issue.input === 'string' ? issue.input : undefined }) }),
  size: z
    .number({ error: (i) => (i.input === undefined ? 'size is required' : 'size must be a number') })
    .int({ error: 'size must be a whole number of bytes' })
    .min(1, { error: MESSAGES.fileTooSmall(1) })
    .max(MAX_FILE_BYTES, { error: MESSAGES.fileTooLarge(MAX_FILE_BYTES) }),
  angle: z.enum(ANGLES, { error: `angle must be one of ${ANGLES.join(', ')}` }).nullable().optional(),
});
export type PackagePhotoRequest = z.infer<typeof packagePhotoRequestSchema>;

/** POST /api/car-packages: a car package to fill; answers one presigned upload per photo. */
export const createCarPackageFields = z.strictObject({
  session_name: z
    .string({ error: (i) => (i.input === undefined ? MESSAGES.sessionNameRequired.description : 'session_name must be text') })
    .trim()
    .max(CAR_PACKAGE_NAME_MAX, { error: `session_name must be at most ${CAR_PACKAGE_NAME_MAX} characters` })
    // Empty or absent with a VIN: the name is the decoded year, make and model (refused when neither gives one).
    .default(''),
  /** The car's VIN (issue 41): checked, decoded offline, shown and searched; a wrong check digit is only a warning. */
  vin: optionalField(vinSchema),
  /** The dealer's stock number for the car (issue 41): shown and searched. */
  stock_number: optionalField(stockNumberSchema),
  background: z.enum(BACKGROUNDS, { error: `background must be one of ${BACKGROUNDS.join(', ')}` }).default(DEFAULT_BACKGROUND),
  /** Place the dealer's logo (Settings) on every image. */
  use_logo: z.boolean({ error: 'use_logo must be true or false' }).default(false),
  /**
   * Make a side or corner no photo shows from the mirror image of the opposite one (labelled as such everywhere).
   * Off by default: a mirror image reverses plates, badges and the steering wheel.
   */
  fill_missing_sides: z.boolean({ error: 'fill_missing_sides must be true or false' }).default(false),
  /** The number plate on the images: kept or blurred. Absent: the dealer's default (Settings, "Number plates"). */
  plate: z.enum(PLATE_TREATMENTS, { error: `plate must be one of ${PLATE_TREATMENTS.join(', ')}` }).optional(),
  photos: z
    .array(packagePhotoRequestSchema, { error: MESSAGES.noPhotosPackage })
    .min(1, { error: MESSAGES.noPhotosPackage })
    .max(MAX_CAR_PACKAGE_PHOTOS, { error: MESSAGES.tooManyPackagePhotos(MAX_CAR_PACKAGE_PHOTOS).description! }),
});
/** A name, or a VIN to name the car by (refused before anything else happens when neither is given). */
export const carNamed = (b: { session_name: string; vin?: string }) => Boolean(b.session_name || b.vin);
export const createCarPackageRequestSchema = createCarPackageFields.refine(carNamed, { error: MESSAGES.sessionNameRequired.description, path: ['session_name'] });
export type CreateCarPackageRequest = z.input<typeof createCarPackageRequestSchema>;

export const photoUploadSchema = uploadTargetSchema.extend({
  photo_id: z.string(),
  file_name: z.string(),
});
export type PhotoUpload = z.infer<typeof photoUploadSchema>;

export const createCarPackageResponseSchema = z.object({
  package_id: z.string(),
  uploads: z.array(photoUploadSchema),
  /** After this the uploads are refused and the draft is forgotten. */
  expires_at: z.string(),
});
export type CreateCarPackageResponse = z.infer<typeof createCarPackageResponseSchema>;

/** What became of one uploaded photo. */
export const packagePhotoSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  /** The angle the dealer tagged (null: untagged). */
  angle: z.enum(ANGLES).nullable(),
  /** The angle it was found to show (tagged or recognised); null before preparation or when refused. */
  assigned_angle: z.enum(ANGLES).nullable(),
  /** Set when the photo was refused (not a car, damaged...): the reason for the dealer. */
  refused: z.string().nullable(),
  original_url: z.string().nullable(),
});
export type PackagePhoto = z.infer<typeof packagePhotoSchema>;

/** One of the 8 angles of a package (the spec's rendered image). */
export const packageImageSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  user_id: z.string(),
  angle: z.enum(ANGLES),
  angle_status: z.enum(ANGLE_STATUSES),
  status: z.enum(IMAGE_STATUSES),
  retry_count: z.number().int().nonnegative(),
  error_message: z.string().nullable(),
  /**
   * A failed angle the dealer may retry for free (false: no photo can give this angle, the photos were refused, its
   * free retries are used up, or the package's credit was refunded: it is started again instead).
   */
  retryable: z.boolean(),
  /** Free retries of this angle the dealer has left (MAX_FREE_RETRIES_PER_ANGLE at first). */
  free_retries_left: z.number().int().nonnegative(),
  /** The dealer's photo that served this angle (signed, short-lived). */
  original_url: z.string().nullable(),
  /** Full-size studio JPEG (signed, short-lived); only when completed. */
  rendered_url: z.string().nullable(),
  /** Gallery-size WebP (signed, short-lived); only when completed. */
  web_url: z.string().nullable(),
  metadata: z.object({
    desired_background: z.enum(BACKGROUNDS),
    model: z.string().nullable(),
    renderer: z.string().nullable(),
    source_photo_id: z.string().nullable(),
    mirrored: z.boolean(),
    fidelity: z.number().nullable(),
    /** The check of the car: ok, review (what to look at) or retake; null on images made before it and from renderers without one. */
    check: carCheckSchema.nullable(),
    warnings: z.array(z.string()),
    render_ms: z.number().nullable(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PackageImage = z.infer<typeof packageImageSchema>;

/** A car package as listed in the gallery. */
export const carPackageSummarySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  session_name: z.string(),
  status: z.enum(SESSION_STATUSES),
  background: z.enum(BACKGROUNDS),
  use_logo: z.boolean(),
  /** The dealer turned on "Fill missing sides with mirror images" for this package. */
  fill_missing_sides: z.boolean(),
  /** What happens to the number plate on this package's images. */
  plate: z.enum(PLATE_TREATMENTS),
  total_angles: z.number().int(),
  completed_angles: z.number().int(),
  failed_angles: z.number().int(),
  credits_used: z.number().int(),
  photo_count: z.number().int(),
  /** Why the package stopped (all angles failed, photos refused, could not start); null otherwise. */
  status_message: z.string().nullable(),
  /** First completed angle, gallery size (signed); null: "No preview". */
  thumbnail_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When the last angle finished (null while running). */
  finished_at: z.string().nullable(),
  /** Its credit was refunded (nothing rendered): no free retries; "Start again" makes a new package for 1 credit. */
  credit_refunded: z.boolean(),
  /** The car's VIN (null: none given). */
  vin: z.string().nullable(),
  /** Why the VIN's check digit looks wrong (North American VINs); null when it is right, not used, or there is no VIN. */
  vin_warning: z.string().nullable(),
  stock_number: z.string().nullable(),
  /** What the VIN decoded to offline (year, make, model, trim, body where known); null without a VIN or when it did not decode. */
  vehicle: decodedVehicleSchema.nullable(),
  /** The dealership's member who made it (issue 42); null on packages from before teams and from the public API. */
  created_by: actingMemberSchema.nullable(),
});
export type CarPackageSummary = z.infer<typeof carPackageSummarySchema>;

/** The walk-around video of a package's finished angles (issue 29): an H.264 MP4, 1280×720, about 8 s. */
export const packageVideoSchema = z.object({
  /** Signed, short-lived; the browser saves it as file_name. */
  url: z.string(),
  file_name: z.string(),
  size_bytes: z.number().int().positive(),
  duration_seconds: z.number().positive(),
  /** The angles it shows, in the order it shows them (a walk around the car from the front). */
  angles: z.array(z.enum(ANGLES)),
  made_at: z.string(),
});
export type PackageVideo = z.infer<typeof packageVideoSchema>;

/**
 * An angle not in the package: none of its photos gives it (decisions.md, turn 4: a credit buys the angles the photos
 * show). Nothing was attempted or charged for it; a package with a photo of it would have it.
 */
export const missingAngleSchema = z.object({
  angle: z.enum(ANGLES),
  /** The angles a photo could show to give it: the angle itself, and for a side or corner the opposite one (mirrored). */
  would_be_given_by: z.array(z.enum(ANGLES)),
  /** "Fill missing sides with mirror images" would make it from a photo this package has (the opposite side or corner). */
  mirror_possible: z.boolean(),
});
export type MissingAngle = z.infer<typeof missingAngleSchema>;

export const carPackageDetailSchema = carPackageSummarySchema.extend({
  /** The angles of the package (total_angles of them): the angles its photos give, each made, running or failed. */
  images: z.array(packageImageSchema),
  /**
   * The angles not in the package, in angle order, with the photo that would give each: its photos show none of them.
   * Empty while the angle of some photo is still being found (the package then has all 8 until that step drops them).
   */
  missing_angles: z.array(missingAngleSchema).meta({
    description:
      'The angles not in this package because none of its photos shows them (nothing was attempted or charged for them), each with the angles a photo would have to show to give it, and whether "Fill missing sides with mirror images" would make it from a photo the package has.',
  }),
  photos: z.array(packagePhotoSchema),
  /** Null until made: after the package finished with at least 2 angles (made after, so it follows by seconds). */
  video: packageVideoSchema.nullable(),
});
export type CarPackageDetail = z.infer<typeof carPackageDetailSchema>;

/**
 * Finding a car (issue 41, item 2): the filters of the gallery and of the public API's list. The dealer's packages are
 * read newest first from their own partition and filtered there (a dealer has a few thousand packages at most).
 */
export const packageFilterShape = {
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(CAR_PACKAGE_NAME_MAX, { error: `q must be at most ${CAR_PACKAGE_NAME_MAX} characters` })
    .optional()
    .meta({ description: 'Finds packages whose name, VIN (whole, its last 6 characters or any part) or stock number contains this text, in any case.', example: '004352' }),
  vin: optionalField(vinSchema).meta({ description: 'Only the packages of the car with this VIN (exactly).' }),
  status: z.enum(SESSION_STATUSES, { error: `status must be one of ${SESSION_STATUSES.join(', ')}` }).optional().meta({ description: 'Only packages in this status.' }),
  created_from: z.iso.datetime({ offset: true, error: 'created_from must be an ISO date-time' }).optional().meta({ description: 'Only packages created at or after this moment (ISO 8601).' }),
  created_to: z.iso.datetime({ offset: true, error: 'created_to must be an ISO date-time' }).optional().meta({ description: 'Only packages created before this moment (ISO 8601).' }),
};

/** GET /api/car-packages?limit=&cursor=&q=&vin=&status=&created_from=&created_to= : newest first. */
export const listCarPackagesQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(CAR_PACKAGE_PAGE_SIZE_MAX, { error: `limit must be at most ${CAR_PACKAGE_PAGE_SIZE_MAX}` })
    .default(CAR_PACKAGE_PAGE_SIZE),
  cursor: z.string().max(512, { error: 'cursor is not valid' }).optional(),
  ...packageFilterShape,
}).refine((q) => !q.created_from || !q.created_to || Date.parse(q.created_from) < Date.parse(q.created_to), { error: INVENTORY_MESSAGES.dateRangeInvalid, path: ['created_to'] });
export type PackageFilterQuery = Pick<z.output<typeof listCarPackagesQuerySchema>, 'q' | 'vin' | 'status' | 'created_from' | 'created_to'>;
export const listCarPackagesResponseSchema = z.object({
  packages: z.array(carPackageSummarySchema),
  next_cursor: z.string().nullable(),
});
export type ListCarPackagesResponse = z.infer<typeof listCarPackagesResponseSchema>;

/**
 * GET /api/car-packages/activity?today_start=&week_start= : counts for the User Activity card. The browser sends
 * its own local midnight (the spec's "today since local midnight") and the start of the last 7 days.
 */
export const carPackageActivityQuerySchema = z.strictObject({
  today_start: z.iso.datetime({ offset: true, error: 'today_start must be an ISO date-time' }),
  week_start: z.iso.datetime({ offset: true, error: 'week_start must be an ISO date-time' }),
});
export const carPackageActivityResponseSchema = z.object({
  today: z.number().int().nonnegative(),
  last_7_days: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type CarPackageActivity = z.infer<typeof carPackageActivityResponseSchema>;

/** Which photo gives each of the 8 angles (shared/angle-plan.ts: the form draws the same plan before paying). */
export const coveragePlanSchema = z.object({
  angles: z.array(
    z.object({
      angle: z.enum(ANGLES),
      source: z.enum(['photo', 'mirror', 'missing']),
      photo_index: z.number().int().nonnegative().nullable(),
      reason: z.string().nullable(),
      would_be_given_by: z.array(z.enum(ANGLES)),
      mirror_possible: z.boolean(),
    }),
  ),
  covered: z.number().int().min(0).max(ANGLES.length),
  unknown_photos: z.number().int().nonnegative(),
  mirror_possible: z.number().int().nonnegative(),
});

/** POST /api/car-packages/{id}/start: charges 1 credit once, then starts the render workflow. */
export const startCarPackageResponseSchema = z.object({
  package: carPackageSummarySchema,
  balance: creditBalanceSchema,
  /** The plan of the 8 angles from the photos' angles as tagged (the same function the form draws its diagram with). */
  plan: coveragePlanSchema,
  /** True when this package had already been started (a repeated call): nothing was charged this time. */
  replayed: z.boolean(),
});
export type StartCarPackageResponse = z.infer<typeof startCarPackageResponseSchema>;

/** POST /api/car-packages/{id}/angles/{angle}/retry: free. */
export const retryAngleResponseSchema = z.object({ image: packageImageSchema });
export type RetryAngleResponse = z.infer<typeof retryAngleResponseSchema>;

/** POST /api/car-packages/{id}/start-again: a refunded package's photos as a new package, charged 1 credit once. */
export const startPackageAgainResponseSchema = startCarPackageResponseSchema;
export type StartPackageAgainResponse = StartCarPackageResponse;

/** POST /api/car-packages/{id}/zip: a signed link to a zip of every completed image. */
export const carPackageZipResponseSchema = z.object({
  url: z.string(),
  file_name: z.string(),
  image_count: z.number().int().positive(),
  expires_at: z.string(),
});
export type CarPackageZipResponse = z.infer<typeof carPackageZipResponseSchema>;

/** GET /api/vins/{vin}: the form's look-up of a VIN as the dealer types it (issue 41). */
export const vinPathSchema = z.strictObject({ vin: vinSchema });
export const vinLookupResponseSchema = z.object({
  /** As stored: upper case, without spaces or dashes. */
  vin: z.string(),
  check_digit: z.enum(['valid', 'wrong', 'not_used']),
  /** Why the check digit looks wrong (a warning: the VIN is accepted). */
  warning: z.string().nullable(),
  /** Decoded offline; null when the data has no entry for it. */
  vehicle: decodedVehicleSchema.nullable(),
  /** The car's name from the decoded VIN ("2003 Honda Accord EX-V6"), for an empty name field. */
  name: z.string().nullable(),
  /** The dealer's packages of this car already, newest first: "This car already has a package: open it". */
  packages: z.array(z.object({ id: z.string(), session_name: z.string(), status: z.enum(SESSION_STATUSES), created_at: z.string() })),
});
export type VinLookup = z.infer<typeof vinLookupResponseSchema>;
