/** The angle suggestion and car check of one photo, asked by the package form right after a photo is added. */
import { z } from 'zod';
import { ANGLES } from '../angles';
import { LOOK_NUMBERS, PLATE_TEXT } from '../same-car';

/** The browser shrinks a photo to this longest side before sending it (the check needs no more). */
export const PHOTO_CHECK_MAX_SIDE = 1280;
/** Bytes of the shrunk photo at most (a 1280 px JPEG is far smaller). */
export const PHOTO_CHECK_MAX_BYTES = 2 * 1024 * 1024;
const MAX_BASE64 = Math.ceil(PHOTO_CHECK_MAX_BYTES / 3) * 4;

export const checkCarPhotoRequestSchema = z.strictObject({
  photo: z
    .string({ error: 'photo must be the photo as base64 text' })
    .min(1, 'photo is required')
    .max(MAX_BASE64, `photo must be at most ${PHOTO_CHECK_MAX_BYTES / 1024 / 1024} MB`)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'photo must be the photo as base64 text'),
  /** The photo's own size, upright, before the browser shrank it: how much the studio would enlarge the car. */
  original_size: z
    .strictObject({
      width: z.number().int('original_size.width must be a whole number of pixels').min(1).max(100_000),
      height: z.number().int('original_size.height must be a whole number of pixels').min(1).max(100_000),
    })
    .optional(),
});
export type CheckCarPhotoRequest = z.infer<typeof checkCarPhotoRequestSchema>;

/**
 * The silhouette's proportions for the same-car comparison (shared/same-car.ts CarShape). Optional: checks made before
 * shapes were measured, and checks without a cut-out, carry none and are compared by their paint alone.
 */
export const carShapeSchema = z.strictObject({
  angle: z.enum(ANGLES),
  aspect: z.number().positive(),
  symmetry: z.number().min(0).max(1),
  roof: z.array(z.number().min(0).max(1)).max(32),
  wheelSpan: z.number().min(0).max(1).optional(),
});

/** The main car's paint (CIELAB), how much of its body has it, and its shape: the fields of a measured appearance. */
export const carAppearanceFields = {
  paint: z.tuple([z.number(), z.number(), z.number()]),
  share: z.number().min(0).max(1),
  shape: carShapeSchema.optional(),
  /**
   * The car's look as the local detector's network saw it (shared/same-car.ts lookDistance): 64 whole numbers -127..127.
   * Absent from the cloud check and from checks made before it was measured: compared by paint and shape alone.
   */
  look: z.array(z.number().int().min(-127).max(127)).length(LOOK_NUMBERS).optional(),
  /** The photo's width to height as the detector took it for the look (shared/same-car.ts LOOK_SQUEEZE_RATIO). */
  lookSqueeze: z.number().min(0.5).max(2).optional(),
  /**
   * The car's number plate as the local check read it (shared/same-car.ts platesDiffer). Returned only to whoever
   * uploaded the photo and stored only with its check (docs/vision.md, "The number plate's text").
   */
  plate: z.string().regex(PLATE_TEXT).optional(),
};

export const checkCarPhotoResponseSchema = z.discriminatedUnion('car', [
  z.object({
    car: z.literal(true),
    /** The suggested angle of the main car. */
    angle: z.enum(ANGLES),
    confidence: z.number().min(0).max(1),
    /** True when the suggestion should say it is not sure. */
    low_confidence: z.boolean(),
    /** Vehicles seen, the main one included. */
    cars: z.number().int(),
    /** What the dealer should know (a car cut by the frame edge, other cars left out). */
    warnings: z.array(z.string()),
    /**
     * The main car's paint (CIELAB) and shape for comparing the photos of one package (shared/same-car.ts) without
     * sending them again; null when it could not be measured.
     */
    appearance: z.object(carAppearanceFields).nullable(),
  }),
  z.object({
    car: z.literal(false),
    reason: z.enum(['not_a_car', 'car_interior', 'car_too_small', 'car_outside_frame', 'several_cars']),
    message: z.string(),
  }),
]);
export type CheckCarPhotoResponse = z.infer<typeof checkCarPhotoResponseSchema>;
