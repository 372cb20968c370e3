/**
 * Sharing a car package (issue 29): the dealer turns Share on and gets an unguessable link to a public page of the car;
 * turning it off makes the link answer 404 at once. The public side reveals the car's name, VIN, stock number and what
 * the VIN decoded to, the dealer's name, logo and the public contact they set (issue 41, item 6), the finished images
 * and the walk-around video: no account id, no sign-in e-mail, no package id. No AWS SDK here.
 */
import type { ActingMember } from '@shared/schemas/team';
import { actingMember } from '../team/acting-member';
import { randomBytes } from 'node:crypto';
import { imageLabel, WALK_AROUND_ORDER, type Angle } from '@shared/angles';
import { MAX_LOGO_BYTES, SHARED_CAR_CACHE_SECONDS, SHARED_CAR_ORIGIN_PER_MINUTE } from '@shared/limits';
import { SHARE_MESSAGES } from '@shared/messages';
import { shareEmbedPath, sharePagePath, type PackageShare, type SharedCar, type SharedCarOwner, type SharedImageSize } from '@shared/schemas/share';
import { DomainError, RateLimitedError, secondsToWindowEnd } from '../lib/errors';
import { sha256 } from '../lib/ids';
import type { AccountStore } from '../accounts/account-store';
import type { LogoStorage } from '../accounts/logo';
import { imageFileName, slugOf, type StoredImage, type StoredPackage } from '../car-packages/car-package';
import { ownPackage } from '../car-packages/package-deps';
import type { PackageStore, PhotoStorage } from '../car-packages/ports';
import { isDerivedSize, listingImageOf, type ListingImage } from '../inventory-feed/listing-sizes';

/** Port: the public link's lookup item and the token on the package (DynamoDB in both homes). */
export interface ShareStore {
  /**
   * Share on, in one transaction: the token on the package (only while it exists, is the dealer's and has none) and
   * its lookup item. False when the package already had a token (another call won) or is gone: nothing written.
   */
  /** `by`: the member who turned it on (issue 42), kept on the package while Share is on. */
  turnOn(pkg: Pick<StoredPackage, 'id' | 'user_id'>, token: string, tokenHash: string, now: string, by?: ActingMember): Promise<boolean>;
  /** Share off, in one transaction: the token off the package (if it is still this one) and the lookup item gone. */
  turnOff(pkg: Pick<StoredPackage, 'id' | 'user_id'>, token: string, tokenHash: string): Promise<void>;
  /** The package a token's hash points to. */
  find(tokenHash: string): Promise<{ package_id: string; user_id: string } | undefined>;
}

/** Port: fixed one-minute windows of one shared car's requests (by its token's hash); false when the window is full. */
export type ShareViewCounter = (tokenHash: string, max: number, atMs: number) => Promise<boolean>;

export interface ShareDeps {
  shares: ShareStore;
  store: PackageStore;
  photos: Pick<PhotoStorage, 'readRender'>;
  /** The inventory feed's listing sizes (1024, 640x480), wired by the image route only (it has the image library). */
  listingImage?: ListingImage;
  /** Each shared car's own limit of requests a minute (absent: none, e.g. the dealer's own share routes). */
  countView?: ShareViewCounter;
  now?: () => number;
}

export interface PublicShareDeps extends ShareDeps {
  accounts: Pick<AccountStore, 'getProfile'>;
  logos: Pick<LogoStorage, 'read'>;
}

const notShared = () => new DomainError('not_found', SHARE_MESSAGES.notFound);
const newToken = () => randomBytes(16).toString('base64url');
const finished = (images: readonly StoredImage[]) => images.filter((i) => i.angle_status === 'completed' && i.rendered_key && i.web_key);

export function shareView(token: string | undefined, by?: ActingMember): PackageShare {
  return token
    ? { shared: true, page_path: sharePagePath(token), embed_path: shareEmbedPath(token), shared_by: by ?? null }
    : { shared: false, page_path: null, embed_path: null, shared_by: null };
}

/** GET /api/car-packages/{id}/share */
export async function packageShare(deps: Pick<ShareDeps, 'store'>, sub: string, id: string): Promise<PackageShare> {
  const { pkg } = await ownPackage(deps, sub, id);
  return shareView(pkg.share_token, pkg.shared_by);
}

/** PUT /api/car-packages/{id}/share: Share on (again: the same link). A package with no finished image has nothing to show. */
export async function sharePackage(deps: Pick<ShareDeps, 'store' | 'shares'>, sub: string, id: string, now: Date): Promise<PackageShare> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const { pkg, images } = await ownPackage(deps, sub, id);
    if (pkg.share_token) return shareView(pkg.share_token, pkg.shared_by);
    if (finished(images).length === 0) throw new DomainError('conflict', SHARE_MESSAGES.nothingToShare);
    const token = newToken();
    // The member whose request turns it on (issue 42): named in the share dialog.
    const by = actingMember();
    if (await deps.shares.turnOn(pkg, token, sha256(token), now.toISOString(), by)) return shareView(token, by);
    // Another call turned it on in between (a double click): read the link it made.
  }
  const { pkg } = await ownPackage(deps, sub, id);
  return shareView(pkg.share_token, pkg.shared_by);
}

/** DELETE /api/car-packages/{id}/share: Share off; the link answers 404 from now on. Off again changes nothing. */
export async function unsharePackage(deps: Pick<ShareDeps, 'store' | 'shares'>, sub: string, id: string): Promise<PackageShare> {
  const { pkg } = await ownPackage(deps, sub, id);
  if (pkg.share_token) await deps.shares.turnOff(pkg, pkg.share_token, sha256(pkg.share_token));
  return shareView(undefined);
}

/** The shared package behind a token, or 404: unknown, turned off, or its package gone (consistent reads throughout). */
async function sharedPackage(deps: Pick<ShareDeps, 'shares' | 'store' | 'countView' | 'now'>, token: string) {
  const tokenHash = sha256(token);
  const found = await deps.shares.find(tokenHash);
  if (!found) throw notShared();
  // Counted per car once it is known to be shared: one busy car is refused on its own, the others go on.
  const at = deps.now?.() ?? Date.now();
  if (deps.countView && !(await deps.countView(tokenHash, SHARED_CAR_ORIGIN_PER_MINUTE, at))) throw new RateLimitedError(secondsToWindowEnd(at, 60_000), SHARE_MESSAGES.busy);
  const shared = await deps.store.getWithImages(found.package_id);
  if (!shared || shared.pkg.user_id !== found.user_id || shared.pkg.share_token !== token) throw notShared();
  return shared;
}

/**
 * What a shared car's answers (page, embed, data, images) say to caches: a shared cache (CloudFront) may keep them a
 * minute, so a busy embed is served from the edge; a browser asks again each time, so Share off is 404 at once for
 * anyone whose request reaches the API. A "not shared" answer is never kept (the API's default no-store).
 */
export const SHARED_CAR_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_CAR_CACHE_SECONDS}`;

/** Stable links on the site (a signed link expires; a page, a preview or a listing does not). */
export const sharedImagePath = (token: string, angle: Angle, size: SharedImageSize) => `/api/share/${token}/images/${angle}/${size}`;
const fileNameOf = (pkg: Pick<StoredPackage, 'session_name'>, image: Pick<StoredImage, 'angle' | 'mirrored'>) => imageFileName(slugOf(pkg.session_name), image.angle, image.mirrored, 'jpg');

/**
 * GET /api/share/{token}/owner: the package behind a shared link, for the dealer who shared it (signed in) only: the
 * page offers them "Download all", the package's own zip. Anyone else, signed in too, gets the "not shared" 404: the
 * link says nothing of whose it is. Not counted against the car's request limit (the dealer's own route).
 */
export async function sharedCarOwner(deps: Pick<ShareDeps, 'shares' | 'store'>, sub: string, token: string): Promise<SharedCarOwner> {
  const found = await deps.shares.find(sha256(token));
  if (!found || found.user_id !== sub) throw notShared();
  const { pkg } = await sharedPackage(deps, token);
  return { package_id: pkg.id };
}

/** The shared video's stable link (answers the MP4 itself, by byte ranges too). */
export const sharedVideoPath = (token: string) => `/api/share/${token}/video`;

/** GET /api/share/{token}: what the public page shows, finished angles in walk-around order. */
export async function sharedCar(deps: PublicShareDeps, token: string): Promise<SharedCar> {
  const { pkg, images } = await sharedPackage(deps, token);
  const profile = await deps.accounts.getProfile(pkg.user_id);
  const done = finished(images).sort((a, b) => WALK_AROUND_ORDER.indexOf(a.angle) - WALK_AROUND_ORDER.indexOf(b.angle));
  // The video's poster: its first angle, as the page shows it (the gallery size).
  const posterAngle = pkg.video?.angles.find((a) => done.some((i) => i.angle === a));
  return {
    car_name: pkg.session_name,
    dealer_name: profile?.dealer_name?.trim() || null,
    logo_url: profile?.logo_key ? await logoDataUrl(deps, profile.logo_key) : null,
    // Only what the dealer set for buyers in Settings: never the sign-in e-mail.
    contact: { phone: profile?.contact_phone ?? null, address: profile?.contact_address ?? null, email: profile?.contact_email ?? null },
    vin: pkg.vin ?? null,
    stock_number: pkg.stock_number ?? null,
    vehicle: pkg.vehicle ?? null,
    video: pkg.video && posterAngle ? { url: sharedVideoPath(token), poster_url: sharedImagePath(token, posterAngle, 'web'), duration_seconds: pkg.video.duration_seconds } : null,
    // Links on the site, never signed storage links: those name the storage keys (account and package ids).
    images: done.map((i) => ({
      angle: i.angle,
      label: imageLabel(i.angle, i.mirrored),
      web_url: sharedImagePath(token, i.angle, 'web'),
      full_url: sharedImagePath(token, i.angle, 'full'),
      file_name: fileNameOf(pkg, i),
    })),
  };
}

/** The dealer's logo inline (a checked PNG of at most 800x400): its storage key names the account. */
async function logoDataUrl(deps: Pick<PublicShareDeps, 'logos'>, key: string): Promise<string | null> {
  const bytes = await deps.logos.read(key, MAX_LOGO_BYTES);
  return bytes ? `data:image/png;base64,${bytes.toString('base64')}` : null;
}

export interface SharedImageFile {
  bytes: Buffer;
  content_type: 'image/jpeg' | 'image/webp';
  /** The full size downloads under the car's name. */
  file_name: string | null;
}

/**
 * GET /api/share/{token}/images/{angle}/{size}: the file itself, from the site (a redirect to a signed storage link
 * would show its key, which names the account and the package).
 */
export async function sharedImageFile(deps: ShareDeps, token: string, angle: Angle, size: SharedImageSize): Promise<SharedImageFile> {
  const { pkg, images } = await sharedPackage(deps, token);
  const image = finished(images).find((i) => i.angle === angle);
  if (!image) throw notShared();
  // The inventory feed's listing sizes (issue 41): a shared car's feed links are these public ones.
  if (isDerivedSize(size)) return { bytes: await listingImageOf(deps.listingImage)(image.rendered_key!, size), content_type: 'image/jpeg', file_name: null };
  return size === 'full'
    ? { bytes: await deps.photos.readRender(image.rendered_key!), content_type: 'image/jpeg', file_name: fileNameOf(pkg, image) }
    : { bytes: await deps.photos.readRender(image.web_key!), content_type: 'image/webp', file_name: null };
}

export interface SharedVideoFile {
  /** 200 (the whole file), 206 (the range asked for) or 416 (a range outside the file: no bytes). */
  status: 200 | 206 | 416;
  bytes: Buffer;
  headers: Record<string, string>;
}

/**
 * One byte range of a Range header (RFC 9110, 14.1.2): "bytes=a-b", "bytes=a-" or "bytes=-n". Undefined for no header,
 * another unit or several ranges (answered whole, as the RFC allows); 'unsatisfiable' for a range outside the file.
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * GET /api/share/{token}/video: the walk-around video itself, from the site (its storage key names the account), by
 * byte ranges too: Safari asks for a video in ranges and plays none that answers without them. 404 while there is none.
 */
export async function sharedVideoFile(deps: ShareDeps, token: string, range: string | undefined): Promise<SharedVideoFile> {
  const { pkg } = await sharedPackage(deps, token);
  if (!pkg.video) throw notShared();
  const bytes = await deps.photos.readRender(pkg.video.key);
  const base = { 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'cache-control': SHARED_CAR_CACHE_CONTROL };
  const wanted = byteRange(range, bytes.length);
  if (wanted === 'unsatisfiable') return { status: 416, bytes: Buffer.alloc(0), headers: { ...base, 'content-range': `bytes */${bytes.length}` } };
  if (!wanted) return { status: 200, bytes, headers: base };
  return {
    status: 206,
    bytes: bytes.subarray(wanted.start, wanted.end + 1),
    headers: { ...base, 'content-range': `bytes ${wanted.start}-${wanted.end}/${bytes.length}` },
  };
}

/**
 * The picture a link preview shows (og:image): the front three-quarter view, as listings lead with it; the nearest
 * finished angle otherwise.
 */
export function previewAngle(car: Pick<SharedCar, 'images'>): Angle | undefined {
  const preference: Angle[] = ['front_left_corner', 'front_right_corner', 'front', 'left_side', 'right_side', 'rear_left_corner', 'rear_right_corner', 'rear'];
  return preference.find((a) => car.images.some((i) => i.angle === a));
}
