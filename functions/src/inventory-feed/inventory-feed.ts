/**
 * The dealer's inventory feed for listing sites (issue 41, item 4): one row per car package (not drafts, not deleted
 * packages, not a package that "Start again" replaced), newest first, as CSV or JSON. Read with an API key of the
 * dealer the URL names, or through the dealer's secret feed link. No AWS SDK here.
 *
 * Image URLs are stable (the same in every read of the feed while the image is unchanged): a shared car's are its
 * public page's (/api/share/<token>/images/<angle>/<size>); the others are links on the site signed with the dealer's
 * feed key (HMAC-SHA256 of the package, the file and the stored image it is of). They carry no expiry: a listing site
 * reads the feed every few hours and fetches images when it likes, so a link lives as long as the image it names does,
 * and stops working when that image is replaced (a retried angle), the car is deleted, or the dealer renews the feed
 * link (which renews the signing key too: whoever had the old feed had its image links).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { ANGLES, type Angle } from '@shared/angles';
import { INVENTORY_FEED_MESSAGES } from '@shared/messages';
import {
  FEED_FILE_PATTERN,
  FEED_FILES_PER_MINUTE_PER_CAR,
  INVENTORY_FEED_COLUMNS,
  INVENTORY_FEED_LINK_PER_MINUTE,
  type FeedImageSize,
  type InventoryFeed,
  type InventoryFeedCar,
  type InventoryFeedLink,
  type InventoryFeedLinkStatus,
  type InventoryFeedQuery,
} from '@shared/schemas/inventory-feed';
import { slugOf, walkAroundVideoName, type StoredImage, type StoredPackage } from '../car-packages/car-package';
import type { PackageStore, PhotoStorage } from '../car-packages/ports';
import { DomainError, RateLimitedError, secondsToWindowEnd } from '../lib/errors';
import { sha256 } from '../lib/ids';
import { sharedImagePath } from '../sharing/share';
import { listingImageOf, type ListingImage } from './listing-sizes';
import type { FeedRecord, InventoryFeedStore, WindowCounter } from './ports';

export interface InventoryFeedDeps {
  feeds: InventoryFeedStore;
  store: Pick<PackageStore, 'list' | 'getWithImages'>;
  photos: Pick<PhotoStorage, 'readRender' | 'downloadUrl'>;
  /** The listing sizes (1024, 640x480): wired by the feed files' handler only (it has the image library). */
  listingImage?: ListingImage;
  /** The site's origin (feed URLs are absolute: a listing site fetches them from elsewhere). */
  origin: () => Promise<string>;
  countLinkRead?: WindowCounter;
  countFileRead?: WindowCounter;
  now?: () => Date;
}

const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();
const newSecret = () => randomBytes(32).toString('base64url');
/** How many packages are read at once while a page of the feed is built. */
const READ_CONCURRENCY = 8;
/** The dealer's packages are listed from the table this many at a time. */
const LIST_BATCH = 100;

export const feedLinkPath = (token: string) => `/api/feeds/${token}`;
export const feedFilePath = (packageId: string, file: string, signature: string) => `/api/feed-files/${packageId}/${file}/${signature}`;

/** The signature of one feed file: of the package, the file's name and the stored object it is made from. */
export function signFeedFile(signingKey: string, packageId: string, file: string, sourceKey: string): string {
  return createHmac('sha256', Buffer.from(signingKey, 'base64url')).update(`${packageId}\n${file}\n${sourceKey}`).digest('base64url');
}

const finishedInAngleOrder = (images: readonly StoredImage[]) =>
  ANGLES.map((a) => images.find((i) => i.angle === a && i.angle_status === 'completed' && i.rendered_key)).filter((i): i is StoredImage => i !== undefined);

function carRow(pkg: StoredPackage, images: readonly StoredImage[], record: FeedRecord, origin: string): InventoryFeedCar {
  const done = finishedInAngleOrder(images);
  const signed = (file: string, sourceKey: string) => `${origin}${feedFilePath(pkg.id, file, signFeedFile(record.signing_key, pkg.id, file, sourceKey))}`;
  const url = (image: StoredImage, size: FeedImageSize) =>
    pkg.share_token ? `${origin}${sharedImagePath(pkg.share_token, image.angle, size)}` : signed(`${image.angle}-${size}.jpg`, image.rendered_key!);
  return {
    vin: pkg.vin ?? null,
    stock_number: pkg.stock_number ?? null,
    name: pkg.session_name,
    year: pkg.vehicle?.year ?? null,
    make: pkg.vehicle?.make ?? null,
    model: pkg.vehicle?.model ?? null,
    status: pkg.status,
    angles: done.map((i) => i.angle),
    image_urls_full: done.map((i) => url(i, 'full')),
    image_urls_1024: done.map((i) => url(i, '1024')),
    image_urls_640x480: done.map((i) => url(i, '640x480')),
    video_url: pkg.video ? signed('walk-around.mp4', pkg.video.key) : null,
    shared: pkg.share_token !== undefined,
    package_id: pkg.id,
    external_id: pkg.external_id ?? null,
    updated_at: pkg.updated_at,
  };
}

async function mapLimited<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await run(items[i]!);
      }
    }),
  );
  return out;
}

/** One page of the dealer's feed, newest first. */
export async function feedOf(deps: InventoryFeedDeps, sub: string, query: Pick<InventoryFeedQuery, 'limit' | 'cursor'>): Promise<InventoryFeed> {
  // The signing key is made on the dealer's first read of the feed (a read of the record after that writes nothing).
  const record = (await deps.feeds.get(sub)) ?? (await deps.feeds.ensure(sub, newSecret(), clock(deps).toISOString()));
  const origin = await deps.origin();
  const packages: StoredPackage[] = [];
  let cursor = query.cursor;
  let nextCursor: string | null = null;
  do {
    const page = await deps.store.list(sub, Math.min(LIST_BATCH, query.limit - packages.length), cursor);
    packages.push(...page.packages);
    nextCursor = page.nextCursor;
    cursor = nextCursor ?? undefined;
  } while (nextCursor && packages.length < query.limit);
  const rows = await mapLimited(packages, READ_CONCURRENCY, async (p) => {
    if (p.started_again_as) return undefined;
    const found = await deps.store.getWithImages(p.id);
    return found && found.pkg.user_id === sub ? carRow(found.pkg, found.images, record, origin) : undefined;
  });
  return { cars: rows.filter((r): r is InventoryFeedCar => r !== undefined), next_cursor: nextCursor, has_more: nextCursor !== null };
}

/** GET /api/v1/dealers/{dealer_id}/inventory-feed: only the key's own dealer; any other gets 404 and no data. */
export async function feedForKey(deps: InventoryFeedDeps, callerSub: string, dealerId: string, query: InventoryFeedQuery): Promise<InventoryFeed> {
  if (callerSub !== dealerId) throw new DomainError('not_found', INVENTORY_FEED_MESSAGES.notFound);
  return feedOf(deps, callerSub, query);
}

/** GET /api/feeds/{token}: the feed of the dealer whose current secret link this is; 404 for any other token. */
export async function feedForLink(deps: InventoryFeedDeps, token: string, query: InventoryFeedQuery): Promise<InventoryFeed> {
  const tokenHash = sha256(token);
  const sub = await deps.feeds.findLink(tokenHash);
  // The record says which link is current (the lookup and the record change in one transaction; both are read consistently).
  const record = sub ? await deps.feeds.get(sub) : undefined;
  if (!sub || record?.link_hash !== tokenHash) throw new DomainError('not_found', INVENTORY_FEED_MESSAGES.linkNotFound);
  const at = clock(deps).getTime();
  if (deps.countLinkRead && !(await deps.countLinkRead(tokenHash, INVENTORY_FEED_LINK_PER_MINUTE, at))) {
    throw new RateLimitedError(secondsToWindowEnd(at, 60_000), INVENTORY_FEED_MESSAGES.linkBusy(INVENTORY_FEED_LINK_PER_MINUTE));
  }
  return feedOf(deps, sub, query);
}

/** Whether the dealer has a secret feed link, since when (the link itself is shown only when made). */
export async function feedLinkStatus(deps: Pick<InventoryFeedDeps, 'feeds'>, sub: string): Promise<InventoryFeedLinkStatus> {
  const record = await deps.feeds.get(sub);
  return { active: Boolean(record?.link_hash), created_at: record?.link_created_at ?? null, dealer_id: sub };
}

/**
 * A new secret feed link (and signing key): the old link, and the image links of the old key, are refused from now
 * on. Shown once; only the token's SHA-256 is kept.
 */
export async function rotateFeedLink(deps: Pick<InventoryFeedDeps, 'feeds' | 'origin' | 'now'>, sub: string): Promise<InventoryFeedLink> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const previous = await deps.feeds.get(sub);
    const token = newSecret();
    const createdAt = clock(deps).toISOString();
    if (await deps.feeds.rotate(sub, previous, { signing_key: newSecret(), link_hash: sha256(token), link_created_at: createdAt })) {
      return { url: `${await deps.origin()}${feedLinkPath(token)}`, created_at: createdAt };
    }
  }
  throw new DomainError('conflict', INVENTORY_FEED_MESSAGES.rotateConflict);
}

/** The same bytes compared in constant time. */
const sameSignature = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export type FeedFile = { kind: 'image'; bytes: Buffer; file_name: string } | { kind: 'redirect'; url: string };

/**
 * GET /api/feed-files/{package_id}/{file}/{signature}: an image of the feed (its bytes, from the site) or the
 * walk-around video (a redirect to a signed storage link of an hour: a video may be larger than a function may
 * answer). 404, the same for each case, when the signature is not the current one of that file.
 */
export async function feedFile(deps: InventoryFeedDeps, packageId: string, file: string, signature: string): Promise<FeedFile> {
  const gone = () => new DomainError('not_found', INVENTORY_FEED_MESSAGES.fileNotFound);
  const match = FEED_FILE_PATTERN.exec(file);
  if (!match) throw gone();
  const found = await deps.store.getWithImages(packageId);
  if (!found) throw gone();
  const { pkg, images } = found;
  const record = await deps.feeds.get(pkg.user_id);
  if (!record) throw gone();
  const [, angle, size] = match as unknown as [string, Angle | undefined, FeedImageSize | undefined];
  const image = angle ? images.find((i) => i.angle === angle && i.angle_status === 'completed' && i.rendered_key) : undefined;
  const sourceKey = angle ? image?.rendered_key : pkg.video?.key;
  if (!sourceKey || !sameSignature(signature, signFeedFile(record.signing_key, pkg.id, file, sourceKey))) throw gone();
  const at = clock(deps).getTime();
  if (deps.countFileRead && !(await deps.countFileRead(pkg.id, FEED_FILES_PER_MINUTE_PER_CAR, at))) throw new RateLimitedError(secondsToWindowEnd(at, 60_000), INVENTORY_FEED_MESSAGES.filesBusy);
  const slug = slugOf(pkg.session_name);
  if (!angle || !size) return { kind: 'redirect', url: await deps.photos.downloadUrl(sourceKey, walkAroundVideoName(slug)) };
  const bytes = size === 'full' ? await deps.photos.readRender(sourceKey) : await listingImageOf(deps.listingImage)(sourceKey, size);
  return { kind: 'image', bytes, file_name: `${slug}-${file}` };
}

const cellOf = (value: InventoryFeedCar[keyof InventoryFeedCar]): string =>
  value === null ? '' : Array.isArray(value) ? value.join('|') : typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);

/**
 * The feed as CSV, RFC 4180: a header row, CRLF line ends, every field quoted (quotes doubled), its columns in
 * INVENTORY_FEED_COLUMNS order. A cell that starts with =, +, -, @, a tab or a carriage return would be a formula to
 * Excel and its kin: it gets a leading apostrophe (OWASP's advice on CSV injection), whatever field it is in.
 */
export function feedCsv(feed: Pick<InventoryFeed, 'cars'>): string {
  return stringify([[...INVENTORY_FEED_COLUMNS], ...feed.cars.map((car) => INVENTORY_FEED_COLUMNS.map((c) => cellOf(car[c])))], {
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
    escape_formulas: true,
  });
}
