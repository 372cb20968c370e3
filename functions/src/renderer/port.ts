/**
 * The renderer port: one car's photos in, studio images out. The render workflow sees only this.
 * Both adapters (local ISNet compositor, OpenAI image edit) return the same shapes.
 */
import type { CarCheck } from '@shared/car-checks';
import type { PlateTreatment } from '@shared/plates';
import type { Angle } from '@shared/angles';
import type { Background } from '@shared/backgrounds';
import type { MirrorFill } from '@shared/angle-plan';

export const FULL_SIZE = { width: 1536, height: 1024 } as const;
export const WEB_SIZE = { width: 768, height: 512 } as const;

export interface SourcePhoto {
  /** Stable id (upload key or file name); echoed back to say which photo served an angle. */
  id: string;
  bytes: Buffer;
  /** The angle the dealer tagged; untagged photos are classified. */
  angle?: Angle;
  /** The photo's checked cut-out as prepare stored it (PreparedPhotoInfo.cutout); when it fits, the render does not cut out again. */
  cutout?: Buffer;
}

/** The scene a car package renders all its angles in (picked once, stored with the package). */
export interface SceneChoice {
  /** A scene of the manifest (functions/src/renderer/scenes/scene-manifest.ts). */
  id: string;
  /** The camera's direction for the Front angle, degrees; each angle turns it by its azimuth. */
  startYaw: number;
}

/** What an image's backdrop was: the scene, the camera that looked at it, and where its ground meets the tyres. */
export interface SceneMetadata {
  /** Scene id from the manifest, 'original' for the photo's own background, 'rendered:<place>' for the studio and showroom. */
  id: string;
  label: string;
  /** Camera direction (degrees) and the angle's azimuth it came from. */
  yaw: number;
  azimuth: number;
  /** Canvas rows (full size 1536x1024): the camera's horizon, and the scene's ground at the car's distance. */
  horizonRow: number;
  groundRow: number;
  focalPx: number;
  cameraHeight: number;
  carDistance: number;
}

/** `fillMissingSides`: the package's "Fill missing sides with mirror images" (off: only the angles the photos show). */
export interface RenderRequest extends MirrorFill {
  photos: SourcePhoto[];
  angle: Angle;
  background: Background;
  /** The package's scene; without one, the renderer picks the style's first scene. */
  scene?: SceneChoice;
  /** PNG/JPEG/WebP bytes of the dealer's logo, placed in a corner. */
  logo?: Buffer;
  /** The number plate: kept as photographed (absent), blurred, or covered with a plain plate carrying `plateLogo`. */
  plate?: PlateTreatment;
  /** PNG/JPEG/WebP bytes of the dealer's logo for the plate (`plate: 'logo'`). */
  plateLogo?: Buffer;
}

export interface PackageRequest extends MirrorFill {
  photos: SourcePhoto[];
  background: Background;
  scene?: SceneChoice;
  logo?: Buffer;
  plate?: PlateTreatment;
  plateLogo?: Buffer;
  /** Defaults to all 8 angles. */
  angles?: readonly Angle[];
}

export interface RenderTimings {
  validateMs: number;
  cutoutMs: number;
  composeMs: number;
  /** Comparing the car in the output with the source (masks of the output included), when measured. */
  fidelityMs?: number;
  /** Signing the content credentials of both files, when signed. */
  credentialsMs?: number;
  totalMs: number;
}

export interface RenderMetadata {
  renderer: 'local' | 'openai' | 'scripted';
  model: string;
  angle: Angle;
  background: Background;
  /** Which source photo served this angle, and whether it was mirrored to get there. */
  sourcePhotoId: string;
  mirrored: boolean;
  /** On a mirror image: the text regions blurred so nothing reads backwards, [x, y, width, height] in output pixels. */
  blurredText?: number[][];
  /**
   * The number plate: what was asked, whether it was found (looked for only to blur it, on a photo of an angle that
   * shows one) and where, [x, y, width, height] in the source photo's pixels (upright, at its full size).
   */
  plate?: { treatment: PlateTreatment; found?: boolean; boxes?: number[][]; blurredInstead?: boolean };
  timings: RenderTimings;
  warnings: string[];
  /** Structural similarity of the car in the output vs the source (1 = identical), when measured. */
  fidelity?: number;
  /** Overlap (IoU) of the aligned car silhouettes in the output and the source, when measured. */
  carMaskIoU?: number;
  /** The check of the car in this image: ok, review (what to look at) or retake (not delivered as finished). */
  check?: CarCheck;
  /** Image-model calls made for this image (2 when the first one changed the car); generative renderers only. */
  attempts?: number;
  /** The backdrop the local renderer drew the car into. */
  scene?: SceneMetadata;
}

export interface RenderedImage {
  /** 1536x1024 JPEG. */
  full: Buffer;
  /** 768x512 WebP for the gallery. */
  web: Buffer;
  metadata: RenderMetadata;
}

export interface UnavailableAngle {
  angle: Angle;
  reason: string;
}

export interface PackageResult {
  images: RenderedImage[];
  unavailable: UnavailableAngle[];
  /** How each untagged photo was classified. */
  classifiedAngles: Record<string, Angle>;
  totalMs: number;
}

/** What the workflow's prepare step learns of each photo before any angle is rendered. */
export interface PreparedPhotoInfo {
  id: string;
  /** The angle it shows: the dealer's tag, or recognised; null when the renderer cannot tell (it only serves as a reference). */
  angle: Angle | null;
  /** True when the angle was recognised rather than tagged. */
  classified: boolean;
  /** How sure the recognised angle is (0..1), when it was recognised. */
  confidence?: number;
  /** What the car check noticed (a car cut by the frame edge, other cars left out): shown to the dealer. */
  warnings?: string[];
  /** Set when the photo cannot be used (damaged, not a car...): shown to the dealer. */
  refused?: { reason: PhotoRejectionReason; message: string };
  /** The compositor's checked cut-out of the photo, for the workflow to keep beside it and give back to each render. */
  cutout?: Buffer;
}

/** How many photos the OpenAI renderer sends with each edit (the serving photo first). */
export const OPENAI_REFERENCE_PHOTOS = 4;

export interface Renderer {
  readonly name: 'local' | 'openai' | 'scripted';
  /**
   * How many photos one angle's render uses: the photo that serves the angle, then others as references. The
   * workflow downloads only these for each angle.
   */
  readonly photosPerRender: number;
  /**
   * Checks every photo (bytes, a car in it) and finds the angle of untagged ones. A refused photo is reported,
   * not thrown, so the others can still make the package.
   */
  prepare(photos: SourcePhoto[]): Promise<PreparedPhotoInfo[]>;
  render(request: RenderRequest): Promise<RenderedImage>;
  renderPackage(request: PackageRequest): Promise<PackageResult>;
}

export type PhotoRejectionReason =
  | 'empty'
  | 'too_large'
  | 'unsupported_type'
  | 'too_many_pixels'
  | 'too_small'
  | 'corrupt'
  | 'not_a_car'
  | 'car_interior'
  | 'car_too_small'
  | 'car_outside_frame'
  | 'several_cars';

/** A photo the dealer must replace; never retried. `message` is shown to the dealer. */
export class PhotoRejectedError extends Error {
  override readonly name = 'PhotoRejectedError';
  constructor(
    readonly reason: PhotoRejectionReason,
    message: string,
    readonly photoId?: string,
  ) {
    super(message);
  }
}

/** A transient failure (rate limit, 5xx, time-out); the state machine retries on this name. */
export class RenderRetryableError extends Error {
  override readonly name = 'RenderRetryableError';
  constructor(message: string, readonly status?: number) {
    super(message);
  }
}

/** A failure retrying will not fix (content policy, invalid image, car drifted twice). */
export class RenderPermanentError extends Error {
  override readonly name = 'RenderPermanentError';
  constructor(message: string, readonly status?: number) {
    super(message);
  }
}

/**
 * The car check's verdict on a rendered angle is "retake suggested" (shared/car-checks.ts): the image is not delivered.
 * The angle counts as failed for refunds and free retries (decisions.md, turn 4), as any permanent failure does: the
 * workflow sees a RenderPermanentError (its name) and records the reasons as the dealer's message.
 */
export class RetakeSuggestedError extends RenderPermanentError {
  constructor(readonly reasons: string[]) {
    super(reasons.join(' '));
  }
}
