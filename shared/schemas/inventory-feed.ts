/**
 * The dealer's inventory feed for listing sites (issue 41, item 4): one row per car package, as CSV or JSON, read with
 * an API key (GET /api/v1/dealers/{dealer_id}/inventory-feed) or through the dealer's secret feed link
 * (GET /api/feeds/{token}), which the dealer can replace at any time (the old link is refused at once).
 */
import { z } from 'zod';
import { ANGLES } from '../angles';
import { SESSION_STATUSES } from '../statuses';
import { packageIdSchema } from './car-packages';

export const INVENTORY_FEED_FORMATS = ['csv', 'json'] as const;
export type InventoryFeedFormat = (typeof INVENTORY_FEED_FORMATS)[number];

/** The sizes offered for listing sites: the full 1536x1024, 1024 px wide (1024x683), and exactly 640x480 (old DMS feeds). */
export const FEED_IMAGE_SIZES = ['full', '1024', '640x480'] as const;
export type FeedImageSize = (typeof FEED_IMAGE_SIZES)[number];

/** At most this many cars in one answer; a dealer with more reads the next page with `cursor`. */
export const INVENTORY_FEED_PAGE_MAX = 500;
/** Reads of one secret feed link a minute (a listing site reads it every few hours). */
export const INVENTORY_FEED_LINK_PER_MINUTE = 30;
/** Requests for one car's feed files (images, video) a minute. */
export const FEED_FILES_PER_MINUTE_PER_CAR = 600;

/**
 * The CSV's columns, in this order (the JSON's fields have the same names). Lists (angles, image URLs) are in the
 * package's angle order and joined with "|" in the CSV; a car's n-th URL of each size is of its n-th angle.
 */
export const INVENTORY_FEED_COLUMNS = [
  'vin',
  'stock_number',
  'name',
  'year',
  'make',
  'model',
  'status',
  'angles',
  'image_urls_full',
  'image_urls_1024',
  'image_urls_640x480',
  'video_url',
  'shared',
  'package_id',
  'external_id',
  'updated_at',
] as const;

const formatSchema = z.enum(INVENTORY_FEED_FORMATS, { error: `format must be one of ${INVENTORY_FEED_FORMATS.join(', ')}` });

export const inventoryFeedQuerySchema = z.strictObject({
  format: formatSchema.default('csv').meta({ description: 'csv (the default) or json.' }),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(INVENTORY_FEED_PAGE_MAX, { error: `limit must be at most ${INVENTORY_FEED_PAGE_MAX}` })
    .default(INVENTORY_FEED_PAGE_MAX)
    .meta({ description: `Cars in one answer, newest first (at most and by default ${INVENTORY_FEED_PAGE_MAX}).` }),
  cursor: z.string().max(512, { error: 'cursor is not valid' }).optional().meta({ description: 'The next page: next_cursor of the JSON answer, or the cursor in the CSV answer’s Link header.' }),
});
export type InventoryFeedQuery = z.output<typeof inventoryFeedQuerySchema>;

/** {dealer_id}: the dealer's account id (the `user_id` of every car package). */
export const inventoryFeedDealerPathSchema = z.strictObject({
  dealer_id: z
    .string()
    .min(1, { error: 'dealer_id is required' })
    .max(64, { error: 'dealer_id is not a valid account id' })
    .regex(/^[A-Za-z0-9-]+$/, { error: 'dealer_id is not a valid account id' })
    .meta({ description: 'Your account id: the user_id of each of your car packages, also shown in Settings → Inventory feed.' }),
});

/** The secret feed link's token: 32 random bytes in base64url (256 bits); only its SHA-256 is stored. */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const inventoryFeedLinkPathSchema = z.strictObject({
  token: z.string({ error: 'token is required' }).regex(FEED_TOKEN_PATTERN, { error: 'token is not a feed link' }),
});

/** A feed file: one size of an angle's image, or the walk-around video. */
export const FEED_FILE_PATTERN = new RegExp(`^(?:(${ANGLES.join('|')})-(${FEED_IMAGE_SIZES.join('|')})\\.jpg|walk-around\\.mp4)$`);
export const FEED_SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const feedFilePathSchema = z.strictObject({
  package_id: packageIdSchema,
  file: z.string({ error: 'file is required' }).regex(FEED_FILE_PATTERN, { error: `file must be <angle>-<size>.jpg (size ${FEED_IMAGE_SIZES.join(', ')}) or walk-around.mp4` }),
  signature: z.string({ error: 'signature is required' }).regex(FEED_SIGNATURE_PATTERN, { error: 'signature is not valid' }),
});

export const inventoryFeedCarSchema = z.object({
  vin: z.string().nullable(),
  stock_number: z.string().nullable(),
  name: z.string(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  status: z.enum(SESSION_STATUSES),
  /** The finished angles, in the package's angle order. */
  angles: z.array(z.enum(ANGLES)),
  image_urls_full: z.array(z.string()),
  image_urls_1024: z.array(z.string()),
  image_urls_640x480: z.array(z.string()),
  video_url: z.string().nullable(),
  /** Whether the car is shared: its image URLs are then its public page's. */
  shared: z.boolean(),
  package_id: z.string(),
  external_id: z.string().nullable(),
  updated_at: z.string(),
});
export type InventoryFeedCar = z.infer<typeof inventoryFeedCarSchema>;

export const inventoryFeedResponseSchema = z.object({
  cars: z.array(inventoryFeedCarSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  has_more: z.boolean(),
});
export type InventoryFeed = z.infer<typeof inventoryFeedResponseSchema>;

/** The secret feed link as Settings shows it: whether there is one, since when; the link itself only when made. */
export const inventoryFeedLinkStatusSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
  /** The account id the API-key feed URL names. */
  dealer_id: z.string(),
});
export type InventoryFeedLinkStatus = z.infer<typeof inventoryFeedLinkStatusSchema>;

/** A new secret feed link (shown once: only its fingerprint is kept). The one before it is refused from now on. */
export const inventoryFeedLinkSchema = z.object({
  /** The CSV feed; add ?format=json for JSON. */
  url: z.string(),
  created_at: z.string(),
});
export type InventoryFeedLink = z.infer<typeof inventoryFeedLinkSchema>;

/** POST .../inventory-feed/link takes no options: no body, or `{}`. */
export const rotateInventoryFeedLinkRequestSchema = z.object({}).strict();
