/** What the car package use cases depend on, and the checks they share. */
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import type { AccountStore } from '../accounts/account-store';
import type { CreditStore } from '../credits/credit-store';
import { DomainError } from '../lib/errors';
import type { CarVision } from '../vision/port';
import type { Notify, PackageStore, PhotoStorage, RenderWorkflow } from './ports';

export interface PackageDeps {
  store: PackageStore;
  photos: PhotoStorage;
  workflow: RenderWorkflow;
  credits: CreditStore;
  accounts: AccountStore;
  notify: Notify;
  /** The car check of every photo before the charge (start only). */
  vision: CarVision;
  now?: () => Date;
}

export const notFound = () => new DomainError('not_found', CAR_PACKAGE_MESSAGES.notFound);
export const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/** The caller's package, or 404 (never 403: another dealer's package does not exist for them). */
export async function ownPackage(deps: Pick<PackageDeps, 'store'>, sub: string, id: string) {
  const found = await deps.store.getWithImages(id);
  if (!found || found.pkg.user_id !== sub) throw notFound();
  return found;
}

