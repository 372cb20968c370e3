/**
 * A dealer's erasure request (Settings → Delete my account): recorded, then carried out within the same request.
 * Running car package and batch executions are stopped first, so no workflow writes for the dealer afterwards.
 * Erased: the dealership's members (issue 42: every membership, its pending invites, each member's sign-in), the profile, the balance and ledger, car packages with their photos and studio images in both buckets,
 * drafts, batches and their photos and images, the photos uploaded through the trial link the account came from
 * (and the address on that link), the logo, support tickets and their attachments, contact messages sent from the account's address, the
 * e-mail lookup, pending sign-in links, rate counters keyed by the account, and the Cognito user. Kept, because the
 * law requires it: payment records (PAYMENT#, Stripe events, coupon redemptions) for finance and tax, and the
 * erasure record itself (the account id and the times, no e-mail), which also keeps the erased account from being
 * re-created from a token issued before the erasure.
 */
import { MESSAGES } from '@shared/messages';
import type { AccountErasureResponse } from '@shared/schemas/privacy';
import type { AccountStore } from '../accounts/account-store';
import type { BatchWorkflow } from '../batch/ports';
import type { RenderWorkflow } from '../car-packages/ports';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import type { Mailer } from '../mail/mailer';
import { accountErasedMail } from '../mail/templates';
import { dealerObjectPrefixes, trialLinkObjectPrefix, type Bucket } from './dealer-objects';

/** Port: the table's side of an erasure (DynamoDB in both homes). */
export interface ErasureStore {
  /**
   * Records the request once (a retry keeps the first time), with the e-mail until the erasure is done (a retry
   * after a time-out needs it once the profile is gone).
   */
  recordRequest(sub: string, email: string, at: string): Promise<void>;
  /** The erasure record, if the account was ever asked to be erased. */
  getRecord(sub: string): Promise<{ requested_at: string; erased_at: string | null; email: string | null } | undefined>;
  /** The names of the dealer's car package and batch executions that may still run (their active markers). */
  runningExecutions(sub: string): Promise<{ packages: string[]; batches: string[] }>;
  /** The trial links that converted to this address (their uploads are the dealer's photos too). */
  trialLinksConvertedBy(email: string): Promise<string[]>;
  /**
   * Deletes every item of the dealer except payment records, and takes the dealer's address and photos off the trial
   * links that converted to it (`convertedLinks`, from trialLinksConvertedBy) (the links stay, as the admin's record that they were used); answers how many items
   * were deleted. Safe to repeat.
   */
  eraseItems(sub: string, email: string, convertedLinks: readonly string[]): Promise<number>;
  /** Marks the record done and removes the e-mail from it. */
  markErased(sub: string, at: string, counts: { items: number; objects: number }): Promise<void>;
  /** Every membership of the dealership but its creator's own (active and removed: issue 42), with the person's e-mail. */
  teamMembers(dealershipId: string): Promise<{ person_sub: string; email: string }[]>;
  /**
   * A member's own erasure (issue 42): the dealership's records that name them (ledger entries, car packages, drafts)
   * keep only their id, marked as a former member's; invites they sent name "a former member"; their pending sign-in
   * link goes. Answers how many items changed. Safe to repeat.
   */
  forgetMember(dealershipId: string, memberSub: string, email: string): Promise<number>;
}

/** Port: the dealer's files in the buckets. */
export interface ObjectEraser {
  /** Deletes every object under the prefix; answers how many. */
  erasePrefix(bucket: Bucket, prefix: string): Promise<number>;
}

/** Port: the sign-in directory (Cognito in both homes). */
export interface SignInDirectory {
  /** Signs the user out everywhere and deletes them; nothing happens when there is no such user. */
  deleteUser(email: string): Promise<void>;
}

export interface ErasureDeps {
  accounts: Pick<AccountStore, 'getProfile'>;
  store: ErasureStore;
  objects: ObjectEraser;
  /** The render and batch workflows (Step Functions in both homes), to stop the dealer's running executions. */
  workflows: { packages: Pick<RenderWorkflow, 'stop'>; batches: Pick<BatchWorkflow, 'stop'> };
  directory: SignInDirectory;
  mailer: Mailer;
  now?: () => Date;
}

/** POST /api/account/erasure: erases the caller's whole account now and mails a confirmation to its address. */
export function eraseAccount(deps: ErasureDeps, sub: string): Promise<AccountErasureResponse> {
  return erase(deps, sub, deps);
}

/**
 * A person who created a dealership alone joins another (issue 42): their dealership is erased as an account erasure
 * erases it, but their sign-in stays (they join with it) and no "account deleted" mail goes (the dashboard said what
 * joining does, and the person is still signed in).
 */
export function eraseDealershipKeepingSignIn(deps: Omit<ErasureDeps, 'directory' | 'mailer'>, sub: string): Promise<AccountErasureResponse> {
  return erase(deps, sub, undefined);
}

/** The erasure; `signIn` (the directory and the mailer) also deletes the person's sign-in and mails them. */
async function erase(deps: Omit<ErasureDeps, 'directory' | 'mailer'>, sub: string, signIn: Pick<ErasureDeps, 'directory' | 'mailer'> | undefined): Promise<AccountErasureResponse> {
  const [profile, record] = await Promise.all([deps.accounts.getProfile(sub), deps.store.getRecord(sub)]);
  if (record?.erased_at) return { erased_at: record.erased_at, kept: MESSAGES.erasureKept };
  // Without a profile, an erasure that was cut short (a time-out) is finished with the e-mail its record kept.
  const email = profile?.email ?? record?.email;
  if (!email) throw new DomainError('not_found', MESSAGES.accountNotFound);
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  await deps.store.recordRequest(sub, email, now());
  // A package or batch still rendering would keep writing studio images after the erasure: its execution is stopped
  // first (no state runs after StopExecution). A render task already in flight still finishes: its result is
  // recorded only while the package's (batch's) items exist, and when they are gone it deletes what it wrote
  // (renderAngle, renderPhoto); what it wrote before the items went is removed by the second pass below.
  // Issue 42: every member's sign-in goes with the dealership, and their tokens are refused from now on (each gets an
  // erasure record, done at once, before their membership is deleted with the dealership's items below).
  for (const member of await deps.store.teamMembers(sub)) {
    await deps.store.recordRequest(member.person_sub, member.email, now());
    await signIn?.directory.deleteUser(member.email);
    await deps.store.markErased(member.person_sub, now(), { items: 0, objects: 0 });
  }
  const running = await deps.store.runningExecutions(sub);
  const cause = 'Stopped by the erasure of the account';
  await Promise.all([
    ...running.packages.map((name) => deps.workflows.packages.stop(name, cause)),
    ...running.batches.map((name) => deps.workflows.batches.stop(name, cause)),
  ]);
  let objects = 0;
  const convertedLinks = await deps.store.trialLinksConvertedBy(email);
  for (const { bucket, prefix } of [...dealerObjectPrefixes(sub), ...convertedLinks.map(trialLinkObjectPrefix)]) objects += await deps.objects.erasePrefix(bucket, prefix);
  const items = await deps.store.eraseItems(sub, email, convertedLinks);
  // Studio images a stopped execution's last render task stored (and recorded) while the erasure ran.
  for (const { bucket, prefix } of dealerObjectPrefixes(sub).filter((p) => p.bucket === 'renders')) objects += await deps.objects.erasePrefix(bucket, prefix);
  await signIn?.directory.deleteUser(email);
  const erasedAt = now();
  await deps.store.markErased(sub, erasedAt, { items, objects });
  logger.info('account erased', { items, objects });
  if (!signIn) return { erased_at: erasedAt, kept: MESSAGES.erasureKept };
  try {
    await signIn.mailer.send({ to: email, ...accountErasedMail({ erasedAt }) });
  } catch (error) {
    // The erasure is done; the confirmation is a courtesy and must not undo or repeat it.
    logger.error('erasure confirmation not mailed', { error: error as Error });
  }
  return { erased_at: erasedAt, kept: MESSAGES.erasureKept };
}
