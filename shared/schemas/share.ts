import { z } from 'zod';
import { actingMemberSchema } from './team';
import { ANGLES } from '../angles';
import { decodedVehicleSchema } from '../vin';
import { packageIdSchema } from './car-packages';

/**
 * Sharing a car package (issue 29): a public page per car at /c/<token>, off by default. The token is 16 random bytes
 * in base64url (22 characters, 128 bits): unguessable, and the only thing the link reveals.
 */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const shareTokenSchema = z.string({ error: 'token is required' }).regex(SHARE_TOKEN_PATTERN, { error: 'token is not a share link' });

export const sharePathSchema = z.strictObject({ token: shareTokenSchema });
/**
 * The sizes of a shared image: the full-size JPEG (downloads, og:image), the gallery-size WebP (the page), and the
 * listing sizes of the inventory feed (issue 41): 1024 px wide and 640x480 JPEGs, made on first request and kept.
 */
export const SHARED_IMAGE_SIZES = ['full', 'web', '1024', '640x480'] as const;
export type SharedImageSize = (typeof SHARED_IMAGE_SIZES)[number];
export const sharedImagePathSchema = z.strictObject({
  token: shareTokenSchema,
  angle: z.enum(ANGLES, { error: `angle must be one of ${ANGLES.join(', ')}` }),
  size: z.enum(SHARED_IMAGE_SIZES, { error: `size must be one of ${SHARED_IMAGE_SIZES.join(', ')}` }),
});
export const sharePackagePathSchema = z.strictObject({ id: packageIdSchema });

/** The dealer's view of a package's sharing (GET/PUT/DELETE /api/car-packages/{id}/share). */
export const packageShareSchema = z.object({
  shared: z.boolean(),
  /** The public page's path (/c/<token>), null when Share is off. The page's origin is the site's. */
  page_path: z.string().nullable(),
  /** The embed's path (/c/<token>/embed), null when Share is off. */
  embed_path: z.string().nullable(),
  /** The dealership's member who turned Share on (issue 42); null when off, or shared before teams. */
  shared_by: actingMemberSchema.nullable(),
});
export type PackageShare = z.infer<typeof packageShareSchema>;

/** One finished angle of a shared car: stable links on the site that answer the file itself. */
export const sharedCarImageSchema = z.object({
  angle: z.enum(ANGLES),
  label: z.string(),
  /** Gallery-size WebP (/api/share/<token>/images/<angle>/web). */
  web_url: z.string(),
  /** Full-size JPEG with its content credentials (/api/share/<token>/images/<angle>/full). */
  full_url: z.string(),
  /** The name the full-size image downloads under. */
  file_name: z.string(),
});

/**
 * The dealer's public contact as set in Settings ("Car page contact"); each null when not set. Never the sign-in e-mail:
 * only a contact e-mail the dealer typed for this.
 */
export const sharedCarContactSchema = z.object({
  phone: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
});

/** The car's walk-around video on the page: a stable link on the site (answers byte ranges) and its poster picture. */
export const sharedCarVideoSchema = z.object({
  /** /api/share/<token>/video (MP4, H.264). */
  url: z.string(),
  /** The gallery-size image of the video's first angle. */
  poster_url: z.string(),
  duration_seconds: z.number(),
});

/**
 * What the public page shows (GET /api/share/{token}): the car (name, VIN, stock number, what the VIN decoded to), the
 * dealer's name, logo and public contact, the finished images and the walk-around video; no id, no sign-in e-mail.
 */
export const sharedCarSchema = z.object({
  car_name: z.string(),
  dealer_name: z.string().nullable(),
  /** The dealer's logo as a data: URL (PNG), null without one. */
  logo_url: z.string().nullable(),
  contact: sharedCarContactSchema,
  vin: z.string().nullable(),
  stock_number: z.string().nullable(),
  /** What the VIN decoded to (year, make, model, trim, body where known); null without a VIN or when it did not decode. */
  vehicle: decodedVehicleSchema.nullable(),
  video: sharedCarVideoSchema.nullable(),
  images: z.array(sharedCarImageSchema),
});
export type SharedCarContact = z.infer<typeof sharedCarContactSchema>;
export type SharedCar = z.infer<typeof sharedCarSchema>;
export type SharedCarImage = z.infer<typeof sharedCarImageSchema>;

/**
 * GET /api/share/{token}/owner: the shared car's package, for its own dealer signed in (the page's "Download all" then
 * asks for the package's zip); 404 for anyone else, as for a link not shared.
 */
export const sharedCarOwnerSchema = z.object({ package_id: z.string() });
export type SharedCarOwner = z.infer<typeof sharedCarOwnerSchema>;

export const sharePagePath = (token: string) => `/c/${token}`;
export const shareEmbedPath = (token: string) => `/c/${token}/embed`;
