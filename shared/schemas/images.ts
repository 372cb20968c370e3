import { z } from 'zod';
import { ANGLES } from '../angles';
import { BACKGROUNDS } from '../backgrounds';

/** My Images (/dashboard/images): the dealer's successfully rendered studio images, newest first, a page at a time. */

/** Images per page of My Images (a grid of 4 columns at its widest: whole rows). */
export const MY_IMAGES_PAGE_SIZE = 24;
export const MY_IMAGES_PAGE_SIZE_MAX = 48;

/** GET /api/images?limit=&cursor= */
export const listImagesQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(MY_IMAGES_PAGE_SIZE_MAX, { error: `limit must be at most ${MY_IMAGES_PAGE_SIZE_MAX}` })
    .default(MY_IMAGES_PAGE_SIZE),
  cursor: z.string().max(1024, { error: 'cursor is not valid' }).optional(),
});
export type ListImagesQuery = z.infer<typeof listImagesQuerySchema>;

export const IMAGE_SOURCES = ['car_package', 'batch'] as const;

/** One studio image as My Images shows it; the links are signed and short-lived. */
export const studioImageSchema = z.object({
  id: z.string(),
  source: z.enum(IMAGE_SOURCES),
  /** The car package or batch it belongs to. */
  source_id: z.string(),
  /** The angle label (Front View) or, for a batch photo, its file name. */
  label: z.string(),
  angle: z.enum(ANGLES).nullable(),
  background: z.enum(BACKGROUNDS),
  model: z.string(),
  /** When it was rendered: the date the grid shows and the order of the list. */
  created_at: z.string(),
  /** 768×512 WebP for the grid. */
  web_url: z.string(),
  /** The full-size JPEG (viewer and Download); its file name is the last segment of the path. */
  rendered_url: z.string(),
  /** The dealer's photo it was made from (View Original). */
  original_url: z.string(),
});
export type StudioImage = z.infer<typeof studioImageSchema>;

export const listImagesResponseSchema = z.object({
  images: z.array(studioImageSchema),
  next_cursor: z.string().nullable(),
});
export type ListImagesResponse = z.infer<typeof listImagesResponseSchema>;
