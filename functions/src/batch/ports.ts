/** Ports of the batch use cases: where batches live and how their workflow starts. Photos use the car package PhotoStorage. */
import type { SessionStatus } from '@shared/statuses';
import type { ExecutionState } from '../car-packages/ports';
import type { AlongsideWrite } from '../credits/credit-store';
import type { CaughtError } from '../renderer/render-failure';
import type { ActiveBatch, CompletedBatchPhoto, StoredBatch, StoredBatchDraft, StoredBatchPhoto } from './batch';

export type { Notify, PhotoStorage } from '../car-packages/ports';

/** DynamoDB in both homes. Every photo transition is conditional, so a task run twice changes nothing the second time. */
export interface BatchStore {
  putDraft(draft: StoredBatchDraft): Promise<void>;
  getDraft(id: string): Promise<StoredBatchDraft | undefined>;
  get(id: string): Promise<StoredBatch | undefined>;
  getWithPhotos(id: string): Promise<{ batch: StoredBatch; photos: StoredBatchPhoto[] } | undefined>;
  getPhoto(id: string, index: number): Promise<StoredBatchPhoto | undefined>;
  /** The batch, its photos and its active marker created, the draft removed: written with the charge. */
  creationWrites(batch: StoredBatch, photos: StoredBatchPhoto[]): AlongsideWrite[];
  /** pending -> processing (the batch too); undefined when the photo is already final. */
  startPhoto(id: string, index: number, now: string): Promise<StoredBatchPhoto | undefined>;
  /** Counts one more render attempt of a processing photo; undefined when it is not processing. */
  beginAttempt(id: string, index: number, now: string): Promise<StoredBatchPhoto | undefined>;
  /** processing -> completed with its image (and on the rendered-image index), counted on the batch; false when not processing. */
  completePhoto(photo: CompletedBatchPhoto): Promise<boolean>;
  /** pending/processing -> failed, counted on the batch; false when it was already final. */
  failPhoto(id: string, index: number, message: string, now: string): Promise<boolean>;
  /** Records that a failed photo's credit was given back (the ledger entry is what makes the refund happen once). */
  markRefunded(id: string, index: number, now: string): Promise<void>;
  /** The batch's final status; its active marker goes. */
  finish(id: string, status: SessionStatus, message: string | null, executionName: string, now: string): Promise<void>;
  listActive(): Promise<ActiveBatch[]>;
}

export interface BatchPhotoItem {
  batch_id: string;
  user_id: string;
  index: number;
  /** Set by the state machine's Catch: the error that ended the photo's render. */
  error?: CaughtError;
}

/** The execution input: the Map runs once per item. */
export interface BatchRun {
  batch_id: string;
  user_id: string;
  photos: BatchPhotoItem[];
  /** Set by the state machine ($$.Execution.Name) for the finalize task. */
  execution?: string;
  /** Set when the Map itself failed (caught by the state machine). */
  error?: CaughtError;
}

/** Step Functions in both homes: the batch workflow, a sibling of the render workflow. */
export interface BatchWorkflow {
  /** Idempotent by name: the same name and input start one execution. */
  start(name: string, input: BatchRun): Promise<void>;
  describe(name: string): Promise<{ state: ExecutionState; startedAt?: Date }>;
  stop(name: string, cause: string): Promise<void>;
}
