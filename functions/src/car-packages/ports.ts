/** Ports of the car package use cases: where packages live, where photos go, how the workflow starts. */
import type { CarCheck } from '@shared/car-checks';
import type { Angle } from '@shared/angles';
import type { LiveEvent } from '@shared/live-events';
import type { SessionStatus } from '@shared/statuses';
import type { AlongsideWrite } from '../credits/credit-store';
import type { RenderedImageRecord } from '../images/rendered-image';
import type { MailMark } from '../mail/mail-once';
import type { UploadTarget } from '../uploads/presigned-upload';
import type { SignedUrls, StoredDraft, StoredImage, StoredPackage, StoredPhoto, StoredVideo } from './car-package';

export interface ActivePackage {
  package_id: string;
  user_id: string;
  execution_name: string;
  started_at: string;
}

export interface RenderResult {
  rendered_key: string;
  web_key: string;
  source_photo_id: string;
  model: string;
  renderer: string;
  mirrored: boolean;
  fidelity: number | null;
  check: CarCheck | null;
  warnings: string[];
  render_ms: number;
}

/** Finding a car (issue 41): what a list of a dealer's packages may be narrowed to. */
export interface PackageFilter {
  /** Part of the name, the VIN or the stock number, in any case. */
  text?: string;
  /** Exactly this VIN. */
  vin?: string;
  status?: SessionStatus;
  /** Created at or after / before (ms since the epoch). */
  createdFromMs?: number;
  createdToMs?: number;
}

/** DynamoDB in both homes. Every state change is conditional, so a task run twice changes nothing the second time. */
/** What asking for a free retry of an angle came to. */
export type RetryOutcome = 'retried' | 'not_failed' | 'used_up' | 'refunded' | 'busy';

export interface PackageStore {
  /** False when a draft with that id exists already (nothing written). */
  putDraft(draft: StoredDraft): Promise<boolean>;
  getDraft(id: string): Promise<StoredDraft | undefined>;
  /** Records that a draft's photo passed its checks for the bytes with this digest; false when the draft is gone. */
  recordCheckedUpload(id: string, photoId: string, digest: string): Promise<boolean>;
  deleteDraft(id: string): Promise<void>;
  get(id: string): Promise<StoredPackage | undefined>;
  getWithImages(id: string): Promise<{ pkg: StoredPackage; images: StoredImage[] } | undefined>;
  /** The package, its 8 angles and its active marker created, the draft removed: written with the charge. */
  creationWrites(pkg: StoredPackage, images: StoredImage[]): AlongsideWrite[];
  /** Newest first; with a filter, only the packages it matches (full pages, a cursor only when more match). */
  list(sub: string, limit: number, cursor?: string, filter?: PackageFilter): Promise<{ packages: StoredPackage[]; nextCursor: string | null }>;
  /** Packages created at or after `sinceMs` (all when undefined). */
  count(sub: string, sinceMs?: number): Promise<number>;
  /**
   * Prepare found each photo's angle (or refused it); the package is processing. `drop`: angles no photo gives, removed
   * from the package in the same write (their records, and its total_angles), each only while it was never attempted;
   * if one was meanwhile (or a concurrent prepare dropped them), the photos are stored and nothing is dropped.
   */
  setPrepared(id: string, photos: StoredPhoto[], now: string, drop?: Angle[]): Promise<StoredPackage | undefined>;
  /**
   * One more render attempt: pending or processing -> processing, attempts counted; undefined when the angle is no
   * longer pending or processing (already final).
   */
  beginAttempt(id: string, angle: Angle, now: string): Promise<StoredImage | undefined>;
  /**
   * processing -> completed, counted on the package; false when it was not processing. The image joins the dealer's
   * rendered images (My Images) with the full RenderedImageRecord: the render's result plus `origin`.
   */
  completeAngle(
    id: string,
    angle: Angle,
    sub: string,
    result: RenderResult,
    origin: Pick<RenderedImageRecord, 'image_id' | 'source' | 'source_id' | 'label' | 'original_key'>,
    now: string,
  ): Promise<boolean>;
  /** pending/processing -> failed, counted on the package; false when it was already final. */
  failAngle(id: string, angle: Angle, message: string, now: string, retryable?: boolean): Promise<boolean>;
  /**
   * failed -> pending for a free retry, counted on the angle; the package (of `sub`) runs again under `executionName`.
   * Refused, with nothing written, when the angle has not failed (or cannot be helped), its free retries are used up,
   * or the package's credit was refunded (serialized with the refund: never both).
   */
  retryAngle(id: string, angle: Angle, sub: string, executionName: string, now: string): Promise<RetryOutcome>;
  /** The package marked refunded, written in the refund's transaction, while no retry has taken it over (its execution). */
  refundMark(pkg: StoredPackage, now: string): AlongsideWrite;
  /** Records once which package "Start again" made of this one; answers the one recorded (this or an earlier call's). */
  markStartedAgain(id: string, newId: string): Promise<string>;
  /** The package's final status; its active marker goes if it still names `executionName`. */
  finish(id: string, status: SessionStatus, message: string | null, executionName: string, now: string): Promise<void>;
  listActive(): Promise<ActivePackage[]>;
  /** The mark on the package that lets its one "ready" mail be sent once (mail/mail-once.ts). */
  readyMailMark(id: string): MailMark;
  /**
   * Records the package's walk-around video, only while the package exists and `executionName` still works on it (a
   * free retry started since then makes its own). Answers the package as it now is and the video it had before;
   * undefined when refused (nothing written).
   */
  recordVideo(id: string, video: StoredVideo, executionName: string): Promise<{ pkg: StoredPackage; previous?: StoredVideo } | undefined>;
  /** Removes the package, its 8 angles and its public link if shared (only when not running). False when it is running. */
  delete(id: string, shareToken?: string): Promise<boolean>;
}

export interface PhotoStorage {
  presignUpload(key: string, contentType: string, maxBytes: number): Promise<UploadTarget>;
  /** Size of an uploaded object, undefined when it is not there. */
  uploadSize(key: string): Promise<number | undefined>;
  readUpload(key: string): Promise<Buffer>;
  copyUpload(from: string, to: string): Promise<void>;
  putUpload(key: string, bytes: Buffer, contentType: string): Promise<void>;
  putRender(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Deletes these objects of the renders bucket (absent ones are fine). */
  deleteRenders(keys: string[]): Promise<void>;
  readRender(key: string): Promise<Buffer>;
  renderExists(key: string): Promise<boolean>;
  /** Deletes every object under the prefix in the uploads bucket, the renders bucket, or both. */
  deletePrefix(prefix: string, where: 'uploads' | 'renders' | 'both'): Promise<void>;
  /** Signed, short-lived GET links. */
  urls(): SignedUrls;
  /** A signed link to a render that the browser saves as `fileName`. */
  downloadUrl(key: string, fileName: string): Promise<string>;
}

export type ExecutionState = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED' | 'PENDING_REDRIVE' | 'MISSING';

export interface WorkflowInput {
  package_id: string;
  user_id: string;
  angles: Angle[];
}

/** Step Functions in both homes (the local host speaks its API). */
export interface RenderWorkflow {
  /** Idempotent by name: the same name and input start one execution. */
  start(name: string, input: WorkflowInput): Promise<void>;
  describe(name: string): Promise<{ state: ExecutionState; startedAt?: Date }>;
  stop(name: string, cause: string): Promise<void>;
}

export type Notify = (sub: string, event: LiveEvent) => Promise<void>;
