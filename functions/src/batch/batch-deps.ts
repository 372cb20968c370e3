/** What the batch use cases depend on. */
import { BATCH_MESSAGES } from '@shared/messages';
import type { CreditStore } from '../credits/credit-store';
import { DomainError } from '../lib/errors';
import type { CarVision } from '../vision/port';
import type { BatchStore, BatchWorkflow, Notify, PhotoStorage } from './ports';

export interface BatchDeps {
  store: BatchStore;
  photos: PhotoStorage;
  workflow: BatchWorkflow;
  credits: CreditStore;
  notify: Notify;
  /** The car check of every photo before the charge (start only). */
  vision: CarVision;
  now?: () => Date;
}

export const notFound = () => new DomainError('not_found', BATCH_MESSAGES.notFound);
export const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();
export const nowIso = (deps: { now?: () => Date }) => clock(deps).toISOString();
