/**
 * The car package as stored, and the rules that do not depend on where it is stored: S3 keys, the status a
 * package gets from its angles, and how it is shown. No AWS SDK here.
 */
import type { ActingMember } from '@shared/schemas/team';
import type { CarCheck } from '@shared/car-checks';
import { DEFAULT_PLATE_TREATMENT, type PlateTreatment } from '@shared/plates';
import { createHash } from 'node:crypto';
import { ANGLES, imageLabel, type Angle } from '@shared/angles';
import type { Background } from '@shared/backgrounds';
import { planCoverage, type CoveragePlan } from '@shared/angle-plan';
import { ACCEPTED_IMAGE_TYPES, CAR_PACKAGE_CREDITS, MAX_FREE_RETRIES_PER_ANGLE, type AcceptedImageType } from '@shared/limits';
import type { CarPackageSummary, MissingAngle, PackageImage, PackagePhoto } from '@shared/schemas/car-packages';
import type { AngleStatus, ImageStatus, SessionStatus } from '@shared/statuses';
import type { RenderedImageRecord } from '../images/rendered-image';
import { pickScene } from '../renderer/scenes/scene-manifest';
import { vinWarning, type DecodedVehicle } from '@shared/vin';

export interface StoredPhoto {
  /** photo-1 ... photo-15, in the order the dealer chose them. */
  id: string;
  file_name: string;
  content_type: AcceptedImageType;
  size: number;
  /** The dealer's tag. */
  angle: Angle | null;
  /** Where the upload goes (drafts/, expires) and where the checked copy lives once the package starts. */
  upload_key: string;
  key: string;
  /** Set by the workflow's prepare step. */
  assigned_angle: Angle | null;
  refused: string | null;
}

/** A scene of the manifest and the camera's direction for the Front angle (each angle turns it by its azimuth). */
export interface StoredScene {
  id: string;
  start_yaw: number;
}

/** The scene a new package (or batch) keeps for all its images, picked from its id within its style. */
export function sceneFor(background: Background, id: string): StoredScene | null {
  const picked = pickScene(background, id);
  return picked ? { id: picked.id, start_yaw: picked.startYaw } : null;
}

/** A package being filled: its uploads are under way; nothing is charged. Expires with its uploads. */
export interface StoredDraft {
  id: string;
  user_id: string;
  session_name: string;
  background: Background;
  use_logo: boolean;
  /** "Fill missing sides with mirror images" (absent on drafts from before: off). */
  fill_missing_sides?: boolean;
  /** The number plate: kept or blurred (absent on drafts from before: kept). */
  plate?: PlateTreatment;
  photos: StoredPhoto[];
  created_at: string;
  expires_at: string;
  /** The dealer's stock number or VIN, when created through the public API. */
  external_id?: string;
  /** The car's VIN, stock number and what its VIN decoded to (issue 41; absent: not given, or not decoded). */
  vin?: string;
  stock_number?: string;
  vehicle?: DecodedVehicle;
  /**
   * Photos whose upload passed every check as it landed (POST .../photos/{photo_id}/check), by photo id: the SHA-256
   * of the bytes checked. The start checks only bytes that differ (absent on drafts from before, and on v1 drafts).
   */
  checked_uploads?: Record<string, string>;
  /**
   * The angles the package is made of, when the draft names them (a trial package: the angles its photos show). Absent:
   * the angles its photos' tags give (draftAngles), or, while some photo's angle is not known, the 8 standard angles
   * until the workflow's prepare step finds the photos' angles and drops those no photo gives.
   */
  angles?: Angle[];
  /** The member who made it (issue 42; absent on drafts from before, and from the public API). */
  created_by?: ActingMember;
}


/**
 * The angles a package started from this draft is made of, in the package's order (decisions.md, turn 4: a credit buys
 * the angles the photos show, up to 8): those the draft names (a trial package); else, when every photo's angle is known
 * (tagged, or suggested and kept), those the photos give, with the mirror images of the opposite sides when the dealer
 * turned the mirror fill on (shared/angle-plan.ts). Otherwise the 8 standard angles: the workflow's prepare step finds
 * the unknown photos' angles and drops the angles no photo gives (render-workflow-tasks.ts).
 */
export function draftAngles(draft: Pick<StoredDraft, 'angles' | 'photos' | 'fill_missing_sides'>): Angle[] {
  if (draft.angles?.length) return ANGLES.filter((a) => draft.angles!.includes(a));
  const tags = draft.photos.map((p) => p.angle);
  if (tags.length > 0 && tags.every(Boolean)) {
    const given = anglesPlanned(planCoverage(tags, mirrorFillOf(draft)));
    if (given.length > 0) return given;
  }
  return [...ANGLES];
}

/** The angles a plan makes (from a photo, or its mirror image with the mirror fill on), in the package's order. */
export const anglesPlanned = (plan: CoveragePlan): Angle[] => plan.angles.filter((a) => a.source !== 'missing').map((a) => a.angle);

/**
 * The angles not in a package (its photos give none of them), each with the photos that would give it and whether the
 * mirror fill would make it: what the package page asks the dealer for (never failed angles: nothing was attempted).
 */
export function missingAngles(pkg: Pick<StoredPackage, 'photos' | 'fill_missing_sides'>, images: Pick<StoredImage, 'angle'>[]): MissingAngle[] {
  const made = new Set(images.map((i) => i.angle));
  const plan = planCoverage(
    pkg.photos.filter((p) => !p.refused).map((p) => p.assigned_angle ?? p.angle),
    mirrorFillOf(pkg),
  );
  return plan.angles.filter((a) => !made.has(a.angle)).map((a) => ({ angle: a.angle, would_be_given_by: a.would_be_given_by, mirror_possible: a.mirror_possible }));
}

/** A draft's uploads that passed their checks as they landed, by upload key: the digest of the bytes checked. */
export function passedUploads(draft: StoredDraft): Map<string, string> {
  const passed = new Map<string, string>();
  for (const p of draft.photos) {
    const digest = draft.checked_uploads?.[p.id];
    if (digest) passed.set(p.upload_key, digest);
  }
  return passed;
}

export interface StoredPackage {
  id: string;
  user_id: string;
  session_name: string;
  background: Background;
  use_logo: boolean;
  /**
   * "Fill missing sides with mirror images": a side or corner no photo shows is made from the mirrored opposite one.
   * Absent (packages from before the switch) reads as off, as for every new package unless the dealer turns it on.
   */
  fill_missing_sides?: boolean;
  /** The number plate on its images: kept or blurred. Absent (packages from before the choice) reads as kept. */
  plate?: PlateTreatment;
  /** The dealer's logo as it was when the package started (uploads bucket). */
  logo_key: string | null;
  /**
   * The photographic scene every angle is rendered in, picked once at the start (absent on packages started before
   * scenes existed; null for the original location, which has none). A retried angle gets the same scene and camera.
   */
  scene?: StoredScene | null;
  status: SessionStatus;
  total_angles: number;
  completed_angles: number;
  failed_angles: number;
  credits_used: number;
  photos: StoredPhoto[];
  /** The execution currently working on the package (the start, or the latest retry). */
  execution_name: string;
  status_message: string | null;
  /** Absent until the first angle completes (set once with if_not_exists). */
  thumbnail_key?: string;
  created_at: string;
  updated_at: string;
  /** Absent while the package runs (set once per run with if_not_exists; a retry removes it). */
  finished_at?: string;
  /**
   * When its credit was refunded (nothing rendered, or it could not start): written in the refund's transaction. Such a
   * package is never rendered again for free; it is started again as a new package (startPackageAgain).
   */
  credit_refunded_at?: string;
  /** The package that "Start again" made from this one's photos. */
  started_again_as?: string;
  /** The dealer's stock number or VIN, when created through the public API. */
  external_id?: string;
  /** The car's VIN, stock number and what its VIN decoded to (issue 41; absent: not given, or not decoded). */
  vin?: string;
  stock_number?: string;
  vehicle?: DecodedVehicle;
  /** The public link's token while Share is on (issue 29; its lookup item is keyed by the token's SHA-256). */
  share_token?: string;
  /** The member who turned Share on (issue 42), while it is on. */
  shared_by?: ActingMember;
  /** The walk-around video of its finished angles, once made (issue 29; absent before, and for fewer than 2 angles). */
  video?: StoredVideo;
  /** The member who made it (issue 42; absent on packages from before, and from the public API). */
  created_by?: ActingMember;
}

/** A package's walk-around video (renders bucket, under the package's own prefix: deleted and erased with it). */
export interface StoredVideo {
  key: string;
  size_bytes: number;
  duration_seconds: number;
  /** The angles it shows, in the order it shows them. */
  angles: Angle[];
  /** Of the images it was made from: a package whose images changed (a retried angle) gets a new video. */
  fingerprint: string;
  encoder: string;
  made_at: string;
}

export interface StoredImage {
  id: string;
  session_id: string;
  user_id: string;
  angle: Angle;
  angle_status: AngleStatus;
  status: ImageStatus;
  /** Render attempts so far (automatic retries and the dealer's); retry_count is attempts beyond the first. */
  attempts: number;
  /** Free retries the dealer asked for (at most MAX_FREE_RETRIES_PER_ANGLE); absent means none. */
  free_retries?: number;
  error_message: string | null;
  /** False when a retry cannot help (no photo gives the angle, the photos were refused); absent means true. */
  retryable?: boolean;
  background: Background;
  source_photo_id: string | null;
  rendered_key: string | null;
  web_key: string | null;
  model: string | null;
  renderer: string | null;
  mirrored: boolean;
  fidelity: number | null;
  /** The check of the car in the image (absent on images made before it existed, and from renderers without one). */
  check?: CarCheck | null;
  warnings: string[];
  render_ms: number | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** The package's mirror fill as the angle plan takes it (shared/angle-plan.ts): off unless the dealer turned it on. */
export const mirrorFillOf = (pkg: Pick<StoredPackage, 'fill_missing_sides'>) => ({ fillMissingSides: pkg.fill_missing_sides === true });

/** The package's plate treatment: kept unless the dealer asked for it to be blurred. */
export const plateOf = (pkg: Pick<StoredPackage, 'plate'>): PlateTreatment => pkg.plate ?? DEFAULT_PLATE_TREATMENT;

/** The charge of a package: one ledger entry per package id, so a repeated start cannot charge twice. */
export const chargeKey = (packageId: string) => `car-package:${packageId}`;
/** The refund of a package: one key whatever path refunds it (start failed, finalize, sweeper). */
export const refundKey = (packageId: string) => `car-package:${packageId}`;

export const photoId = (index: number) => `photo-${index + 1}`;

export function extensionOf(type: AcceptedImageType): string {
  return ACCEPTED_IMAGE_TYPES[type][0].slice(1);
}

/**
 * A readable, safe file name part from the dealer's name for the car ("2019 BMW X3 M40i" -> "2019-bmw-x3-m40i");
 * `fallback` when nothing readable is left. Batches name their downloads from photo file names the same way.
 */
export function slugOf(name: string, fallback = 'car'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** An image's file name as stored, zipped and downloaded; a mirror image says so ("…-front-right-corner-mirrored.jpg"). */
export const imageFileName = (slug: string, angle: Angle, mirrored: boolean, ext: 'jpg' | 'webp') => `${slug}-${angle.replace(/_/g, '-')}${mirrored ? '-mirrored' : ''}.${ext}`;

/** A short name for one set of stored files (the images a zip or a video is made of): other files, another name. */
export const filesFingerprint = (keys: readonly string[]) => createHash('sha256').update(keys.join('\n')).digest('hex').slice(0, 16);

/** The walk-around video's file name, in storage and as the browser saves it: the car's name, as its images are named. */
export const walkAroundVideoName = (slug: string) => `${slug}-walk-around.mp4`;

export const s3Keys = {
  /** Where the browser uploads (a lifecycle rule forgets drafts/ after two days). */
  upload: (sub: string, id: string, photo: string, ext: string) => `drafts/car-packages/${sub}/${id}/${photo}.${ext}`,
  photo: (sub: string, id: string, photo: string, ext: string) => `car-packages/${sub}/${id}/photos/${photo}.${ext}`,
  logo: (sub: string, id: string) => `car-packages/${sub}/${id}/logo`,
  /** The compositor's checked cut-out of a photo, written by prepare and read by each render task (gone with the package). */
  cutout: (sub: string, id: string, photo: string) => `car-packages/${sub}/${id}/cutouts/${photo}`,
  /** One folder per attempt, so a retried angle never serves a cached old image; the file is named for downloads. */
  rendered: (sub: string, id: string, angle: Angle, attempt: number, slug: string, mirrored = false) => `car-packages/${sub}/${id}/${angle}/${attempt}/${imageFileName(slug, angle, mirrored, 'jpg')}`,
  web: (sub: string, id: string, angle: Angle, attempt: number, slug: string, mirrored = false) => `car-packages/${sub}/${id}/${angle}/${attempt}/${imageFileName(slug, angle, mirrored, 'webp')}`,
  zip: (sub: string, id: string, fingerprint: string, slug: string) => `car-packages/${sub}/${id}/zip/${fingerprint}/${slug}-studio-images.zip`,
  /** The walk-around video of one set of images (issue 29). */
  video: (sub: string, id: string, fingerprint: string, slug: string) => `car-packages/${sub}/${id}/video/${fingerprint}/${walkAroundVideoName(slug)}`,
  /** Everything of a package in either bucket. */
  packagePrefix: (sub: string, id: string) => `car-packages/${sub}/${id}/`,
  draftPrefix: (sub: string, id: string) => `drafts/car-packages/${sub}/${id}/`,
};

export function newImage(pkg: Pick<StoredPackage, 'id' | 'user_id' | 'background'>, angle: Angle, now: string): StoredImage {
  return {
    id: `${pkg.id}-${angle}`,
    session_id: pkg.id,
    user_id: pkg.user_id,
    angle,
    angle_status: 'pending',
    status: 'pending',
    attempts: 0,
    error_message: null,
    background: pkg.background,
    source_photo_id: null,
    rendered_key: null,
    web_key: null,
    model: null,
    renderer: null,
    mirrored: false,
    fidelity: null,
    warnings: [],
    render_ms: null,
    created_at: now,
    updated_at: now,
    completed_at: null,
  };
}

export function newPackage(draft: StoredDraft, logoKey: string | null, photos: StoredPhoto[], now: string): { pkg: StoredPackage; images: StoredImage[] } {
  const angles = draftAngles(draft);
  const pkg: StoredPackage = {
    id: draft.id,
    user_id: draft.user_id,
    session_name: draft.session_name,
    background: draft.background,
    use_logo: draft.use_logo,
    fill_missing_sides: mirrorFillOf(draft).fillMissingSides,
    plate: plateOf(draft),
    logo_key: logoKey,
    scene: sceneFor(draft.background, draft.id),
    status: 'pending',
    total_angles: angles.length,
    completed_angles: 0,
    failed_angles: 0,
    credits_used: CAR_PACKAGE_CREDITS,
    photos,
    execution_name: draft.id,
    status_message: null,
    created_at: draft.created_at,
    updated_at: now,
    ...(draft.external_id ? { external_id: draft.external_id } : {}),
    ...(draft.vin ? { vin: draft.vin } : {}),
    ...(draft.stock_number ? { stock_number: draft.stock_number } : {}),
    ...(draft.vehicle ? { vehicle: draft.vehicle } : {}),
    ...(draft.created_by ? { created_by: draft.created_by } : {}),
  };
  return { pkg, images: angles.map((a) => newImage(pkg, a, now)) };
}

export type Outcome = { status: SessionStatus; finished: boolean };

/** A package's status from its angles: still running while any is pending or processing. */
export function outcomeOf(images: Pick<StoredImage, 'angle_status'>[]): Outcome {
  const count = (s: AngleStatus) => images.filter((i) => i.angle_status === s).length;
  if (count('pending') + count('processing') > 0) return { status: 'processing', finished: false };
  const completed = count('completed');
  if (completed === images.length) return { status: 'completed', finished: true };
  return { status: completed > 0 ? 'partial_complete' : 'error', finished: true };
}

export interface SignedUrls {
  upload(key: string): Promise<string>;
  render(key: string): Promise<string>;
}

export async function summaryView(pkg: StoredPackage, urls: SignedUrls): Promise<CarPackageSummary> {
  return {
    id: pkg.id,
    user_id: pkg.user_id,
    session_name: pkg.session_name,
    status: pkg.status,
    background: pkg.background,
    use_logo: pkg.use_logo,
    fill_missing_sides: mirrorFillOf(pkg).fillMissingSides,
    plate: plateOf(pkg),
    total_angles: pkg.total_angles,
    completed_angles: pkg.completed_angles,
    failed_angles: pkg.failed_angles,
    credits_used: pkg.credits_used,
    photo_count: pkg.photos.length,
    status_message: pkg.status_message,
    thumbnail_url: pkg.thumbnail_key ? await urls.render(pkg.thumbnail_key) : null,
    created_at: pkg.created_at,
    updated_at: pkg.updated_at,
    finished_at: pkg.finished_at ?? null,
    credit_refunded: pkg.credit_refunded_at !== undefined,
    vin: pkg.vin ?? null,
    vin_warning: pkg.vin ? vinWarning(pkg.vin) : null,
    stock_number: pkg.stock_number ?? null,
    vehicle: pkg.vehicle ?? null,
    created_by: pkg.created_by ?? null,
  };
}

/**
 * What the gallery's search reads (issue 41): the name, the VIN and the stock number, in lower case. Stored on the
 * package so the table filters by it; packages from before it are found by their name as written.
 */
export const searchTextOf = (pkg: Pick<StoredPackage, 'session_name' | 'vin' | 'stock_number'>): string =>
  [pkg.session_name, pkg.vin, pkg.stock_number].filter(Boolean).join(' ').toLowerCase();

export const freeRetriesLeft = (image: Pick<StoredImage, 'free_retries'>) => Math.max(0, MAX_FREE_RETRIES_PER_ANGLE - (image.free_retries ?? 0));

/**
 * What the dealer sees of an angle's state, the same in API answers and live events. `refunded`: the package's credit
 * was refunded, so no angle of it is retried for free.
 */
export function angleState(image: StoredImage, refunded = false) {
  const retryable = image.angle_status === 'failed' && image.retryable !== false && freeRetriesLeft(image) > 0 && !refunded;
  return {
    angle: image.angle,
    angle_status: image.angle_status,
    retry_count: Math.max(0, image.attempts - 1),
    // Written when the angle failed; an angle that can no longer be retried for free (its package refunded, its free
    // retries used up) does not keep promising one.
    error_message: retryable || !image.error_message ? image.error_message : withoutFreeRetryOffer(image.error_message),
    retryable,
    free_retries_left: freeRetriesLeft(image),
  };
}

const FREE_RETRY_OFFER = /\s*You can retry (this angle|it) for free\.$/;
export const withoutFreeRetryOffer = (message: string) => message.replace(FREE_RETRY_OFFER, '');

/**
 * What a finished angle adds to the rendered-image record (My Images) beside what the render produced: where it
 * came from. The original is the dealer's photo the renderer named as its source (the package's checked copy).
 */
export function renderedImageOrigin(
  pkg: Pick<StoredPackage, 'id' | 'photos'>,
  angle: Angle,
  sourcePhotoId: string,
  mirrored: boolean,
): Pick<RenderedImageRecord, 'image_id' | 'source' | 'source_id' | 'label' | 'angle' | 'original_key'> {
  const photo = pkg.photos.find((p) => p.id === sourcePhotoId);
  if (!photo) throw new Error(`package ${pkg.id} has no photo ${sourcePhotoId} (named by the renderer for ${angle})`);
  return { image_id: `${pkg.id}-${angle}`, source: 'car_package', source_id: pkg.id, label: imageLabel(angle, mirrored), angle, original_key: photo.key };
}

export async function imageView(image: StoredImage, pkg: StoredPackage, urls: SignedUrls): Promise<PackageImage> {
  const source = image.source_photo_id ? pkg.photos.find((p) => p.id === image.source_photo_id) : undefined;
  const done = image.angle_status === 'completed';
  return {
    id: image.id,
    session_id: image.session_id,
    user_id: image.user_id,
    ...angleState(image, pkg.credit_refunded_at !== undefined),
    status: image.status,
    original_url: source ? await urls.upload(source.key) : null,
    rendered_url: done && image.rendered_key ? await urls.render(image.rendered_key) : null,
    web_url: done && image.web_key ? await urls.render(image.web_key) : null,
    metadata: {
      desired_background: image.background,
      model: image.model,
      renderer: image.renderer,
      source_photo_id: image.source_photo_id,
      mirrored: image.mirrored,
      fidelity: image.fidelity,
      check: image.check ?? null,
      warnings: image.warnings,
      render_ms: image.render_ms,
    },
    created_at: image.created_at,
    updated_at: image.updated_at,
  };
}

export async function photoView(photo: StoredPhoto, urls: SignedUrls, started: boolean): Promise<PackagePhoto> {
  return {
    id: photo.id,
    file_name: photo.file_name,
    angle: photo.angle,
    assigned_angle: photo.assigned_angle,
    refused: photo.refused,
    original_url: started ? await urls.upload(photo.key) : null,
  };
}
