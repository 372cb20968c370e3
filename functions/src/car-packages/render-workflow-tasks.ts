/**
 * The tasks of the render workflow (infra/cdk/constructs/render-workflow.ts) and the sweeper. Each is safe to run
 * twice: angle transitions are conditional, the refund is keyed by the package. No AWS SDK here.
 */
import type { Angle } from '@shared/angles';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { refundCredits } from '../credits/credit-changes';
import { txIds, type CreditStore } from '../credits/credit-store';
import { logger } from '../lib/logger';
import { planAngle } from '../renderer/angle-planner';
import { renderFailureOf, reportInternalFailure, type CaughtError } from '../renderer/render-failure';
import { PhotoRejectedError, type Renderer, type SourcePhoto } from '../renderer/port';
import { chargeKey, mirrorFillOf, outcomeOf, plateOf, refundKey, renderedImageOrigin, s3Keys, slugOf, type StoredImage, type StoredPackage, type StoredPhoto } from './car-package';
import { angleChanged, packageChanged } from './package-events';
import { sweepLostExecutions, type SweepOptions } from './sweep-lost-executions';
import { mailPackageReady, type ReadyMailDeps } from './package-ready-mail';
import type { Notify, PackageStore, PhotoStorage, RenderWorkflow } from './ports';
import { opsEvent } from '../lib/ops-events';

export interface WorkflowDeps {
  store: PackageStore;
  photos: PhotoStorage;
  renderer: Renderer;
  credits: CreditStore;
  notify: Notify;
  /**
   * The "Your car package is ready" mail, sent once when finalize (or the sweeper) ends a package; only the tasks
   * that end packages are given it (package-finalize, package-sweeper).
   */
  readyMail?: ReadyMailDeps;
  now?: () => Date;
}

export interface AngleItem {
  package_id: string;
  user_id: string;
  angle: Angle;
  execution: string;
  /** Set by the state machine's Catch: the error that ended the angle's render. */
  error?: CaughtError;
}

export interface PackageRun {
  package_id: string;
  user_id: string;
  angles: Angle[];
  execution: string;
  /** Set when preparation failed (caught by the state machine). */
  error?: CaughtError;
}

const nowIso = (deps: { now?: () => Date }) => (deps.now?.() ?? new Date()).toISOString();

/** The package vanished (deleted while a task waited): the task has nothing to do. */
export class PackageGoneError extends Error {
  override readonly name = 'PackageGoneError';
}

async function sourcesOf(deps: Pick<WorkflowDeps, 'photos'>, photos: StoredPhoto[], angles: (p: StoredPhoto) => Angle | undefined): Promise<SourcePhoto[]> {
  return Promise.all(photos.map(async (p) => ({ id: p.id, bytes: await deps.photos.readUpload(p.key), angle: angles(p) })));
}

/** As sourcesOf, with each photo's cut-out as prepare stored it; absent (an older package) or unreadable: none. */
async function sourcesWithCutouts(deps: Pick<WorkflowDeps, 'photos'>, pkg: StoredPackage, photos: StoredPhoto[], angles: (p: StoredPhoto) => Angle | undefined): Promise<SourcePhoto[]> {
  const [sources, cutouts] = await Promise.all([
    sourcesOf(deps, photos, angles),
    Promise.all(photos.map((p) => deps.photos.readUpload(s3Keys.cutout(pkg.user_id, pkg.id, p.id)).catch(() => undefined))),
  ]);
  return sources.map((s, i) => (cutouts[i] ? { ...s, cutout: cutouts[i] } : s));
}

/** Keeps each photo's cut-out beside the package, so the render tasks reuse it; a failed write only costs them time. */
async function keepCutouts(deps: Pick<WorkflowDeps, 'photos'>, pkg: StoredPackage, infos: { id: string; cutout?: Buffer }[]): Promise<void> {
  await Promise.all(
    infos.map(async (info) => {
      if (!info.cutout || !pkg.photos.some((p) => p.id === info.id)) return;
      await deps.photos.putUpload(s3Keys.cutout(pkg.user_id, pkg.id, info.id), info.cutout, 'application/octet-stream').catch((error: unknown) => {
        logger.warn('could not keep a photo cut-out; the render tasks will cut it out again', { packageId: pkg.id, photo: info.id, error: error instanceof Error ? error.message : String(error) });
      });
    }),
  );
}

/**
 * Prepare: checks every photo (bytes, a car in it) and finds the angle of untagged ones through the renderer; answers
 * the angles to render. A package started while some photo's angle was not known has all 8 angles until here: the ones
 * no usable photo gives (nor, with the mirror fill on, its mirror image) are dropped from it (their records and its
 * total_angles) in the write that stores the prepared photos, never failed: a credit buys the angles the photos show
 * (decisions.md, turn 4). An angle the package was started with that no photo can serve now (its photo was refused
 * here), or a retried one, is failed with the reason, as is every angle when the photos give none (the credit back).
 */
export async function preparePackage(deps: WorkflowDeps, run: PackageRun): Promise<{ items: AngleItem[] }> {
  const found = await deps.store.getWithImages(run.package_id);
  if (!found) throw new PackageGoneError(CAR_PACKAGE_MESSAGES.notFound);
  const { pkg } = found;
  const infos = await deps.renderer.prepare(await sourcesOf(deps, pkg.photos, (p) => p.angle ?? undefined));
  await keepCutouts(deps, pkg, infos);
  const photos = pkg.photos.map((p) => {
    const info = infos.find((i) => i.id === p.id);
    return { ...p, assigned_angle: info?.refused ? null : (info?.angle ?? null), refused: info?.refused?.message ?? null };
  });
  const usable = photos.filter((p) => !p.refused);
  const planOf = (angle: Angle) => planAngle(angle, usable.map((p) => p.assigned_angle ?? undefined), mirrorFillOf(pkg));
  const given = (angle: Angle) => 'photoIndex' in planOf(angle);
  const drop = anglesToDrop(pkg, found.images, run, given);
  const prepared = (await deps.store.setPrepared(pkg.id, photos, nowIso(deps), drop)) ?? { ...pkg, photos };
  await packageChanged(deps.notify, prepared);

  if (usable.length === 0) {
    throw new PhotoRejectedError('not_a_car', CAR_PACKAGE_MESSAGES.noUsablePhoto([...new Set(photos.map((p) => p.refused!))]));
  }
  // What the package has now (a concurrent prepare may have dropped the same angles already).
  const kept = new Set(drop.length > 0 ? ((await deps.store.getWithImages(pkg.id))?.images ?? found.images).map((i) => i.angle) : found.images.map((i) => i.angle));
  const items: AngleItem[] = [];
  for (const angle of run.angles.filter((a) => kept.has(a))) {
    const plan = planOf(angle);
    if ('photoIndex' in plan) {
      items.push({ package_id: pkg.id, user_id: pkg.user_id, angle, execution: run.execution });
      continue;
    }
    // Not made up: an angle of the package no usable photo shows (nor its mirror image, with the fill on) is reported.
    if (await deps.store.failAngle(pkg.id, angle, plan.reason, nowIso(deps), false)) await notifyAngle(deps, pkg.id, angle);
  }
  return { items };
}

/**
 * The angles of this run that no photo gives and that were never attempted, when the package was started with a photo
 * whose angle was not known (untagged: the public API, or a tag left out): none when the photos give no angle at all
 * (the package keeps its angles, which fail, and its credit is given back).
 */
function anglesToDrop(pkg: StoredPackage, images: StoredImage[], run: PackageRun, given: (angle: Angle) => boolean): Angle[] {
  if (pkg.photos.every((p) => p.angle)) return [];
  const untouched = images.filter((i) => run.angles.includes(i.angle) && i.angle_status === 'pending' && i.attempts === 0 && !i.free_retries);
  const drop = untouched.filter((i) => !given(i.angle)).map((i) => i.angle);
  return drop.length < images.length ? drop : [];
}

async function notifyAngle(deps: Pick<WorkflowDeps, 'store' | 'notify'>, id: string, angle: Angle) {
  const found = await deps.store.getWithImages(id);
  const image = found?.images.find((i) => i.angle === angle);
  if (!found || !image) return;
  await Promise.all([angleChanged(deps.notify, image), packageChanged(deps.notify, found.pkg)]);
}

/** The photos one angle's render needs: the one that serves it first, then references, as many as the renderer uses. */
function photosFor(pkg: StoredPackage, angle: Angle, count: number): StoredPhoto[] {
  const usable = pkg.photos.filter((p) => !p.refused);
  const plan = planAngle(angle, usable.map((p) => p.assigned_angle ?? undefined), mirrorFillOf(pkg));
  const first = 'photoIndex' in plan ? usable[plan.photoIndex] : undefined;
  return [...(first ? [first] : []), ...usable.filter((p) => p !== first)].slice(0, Math.max(1, count));
}

/**
 * Render one angle through the renderer port and store its images; the angle is marked processing as its attempt
 * begins. Renderer errors keep their names (RenderRetryableError is retried by the state machine; the others are
 * caught and mark the angle failed).
 */
export async function renderAngle(deps: WorkflowDeps, item: AngleItem): Promise<{ angle: Angle; skipped: boolean }> {
  const pkg = await deps.store.get(item.package_id);
  if (!pkg) return { angle: item.angle, skipped: true };
  // The attempt is counted while the photos are read: eight tasks at once each wait on both.
  const [image, photos, logo] = await Promise.all([
    deps.store.beginAttempt(pkg.id, item.angle, nowIso(deps)),
    sourcesWithCutouts(deps, pkg, photosFor(pkg, item.angle, deps.renderer.photosPerRender), (p) => p.assigned_angle ?? undefined),
    pkg.logo_key ? deps.photos.readUpload(pkg.logo_key) : Promise.resolve(undefined),
  ]);
  if (!image) return { angle: item.angle, skipped: true }; // finished by an earlier try
  const started = performance.now();
  // The scene picked at the start, for every angle and every retry of it.
  const scene = pkg.scene ? { id: pkg.scene.id, startYaw: pkg.scene.start_yaw } : undefined;
  // The dealer sees the angle processing (or its next attempt) while it renders.
  const [rendered] = await Promise.all([
    deps.renderer.render({
      photos,
      angle: item.angle,
      background: pkg.background,
      ...mirrorFillOf(pkg),
      plate: plateOf(pkg),
      ...(scene ? { scene } : {}),
      // The package keeps its logo for the corner (Place my logo), the plate (logo plate), or both.
      ...(logo && pkg.use_logo ? { logo } : {}),
      ...(logo && plateOf(pkg) === 'logo' ? { plateLogo: logo } : {}),
    }),
    angleChanged(deps.notify, image),
  ]);
  const renderMs = performance.now() - started;
  // A mirror image says so in its file name too (every download keeps it).
  const slug = slugOf(pkg.session_name);
  const mirrored = rendered.metadata.mirrored;
  const renderedKey = s3Keys.rendered(pkg.user_id, pkg.id, item.angle, image.attempts, slug, mirrored);
  const webKey = s3Keys.web(pkg.user_id, pkg.id, item.angle, image.attempts, slug, mirrored);
  // A package erased while it rendered (with its account) keeps no images: its angle is gone, so the record below
  // is refused and what was stored is deleted again.
  await Promise.all([deps.photos.putRender(renderedKey, rendered.full, 'image/jpeg'), deps.photos.putRender(webKey, rendered.web, 'image/webp')]);
  const m = rendered.metadata;
  const completed = await deps.store.completeAngle(
    pkg.id,
    item.angle,
    pkg.user_id,
    {
      rendered_key: renderedKey,
      web_key: webKey,
      source_photo_id: m.sourcePhotoId,
      model: m.model,
      renderer: m.renderer,
      mirrored: m.mirrored,
      fidelity: m.fidelity ?? null,
      check: m.check ?? null,
      warnings: m.warnings,
      render_ms: renderMs,
    },
    renderedImageOrigin(pkg, item.angle, m.sourcePhotoId, m.mirrored),
    nowIso(deps),
  );
  // Recorded only while the angle's item exists: gone (the account was erased while this task ran), the images it
  // stored go too, so nothing of an erased dealer stays in the renders bucket.
  if (!completed && !(await deps.store.get(pkg.id))) {
    await deps.photos.deleteRenders([renderedKey, webKey]);
    return { angle: item.angle, skipped: true };
  }
  await notifyAngle(deps, pkg.id, item.angle);
  return { angle: item.angle, skipped: false };
}

/** What the dealer reads on a failed angle, from the error the state machine caught. */
export function angleFailureMessage(error: AngleItem['error']): string {
  const { kind, name, message } = renderFailureOf(error);
  const free = 'You can retry this angle for free.';
  switch (kind) {
    case 'photo':
      // The photos themselves were refused: a retry with the same photos cannot help.
      if (name === 'PhotoRejectedError') return message || 'The photos of this package could not be used.';
      return message && /retry/i.test(message) ? message : `${message || 'This angle could not be rendered.'} ${free}`.trim();
    case 'retryable':
      return CAR_PACKAGE_MESSAGES.angleBusy;
    case 'timeout':
      return CAR_PACKAGE_MESSAGES.angleTooSlow;
    case 'ours':
      return CAR_PACKAGE_MESSAGES.angleFailedOnOurSide;
  }
}

/** Whether a free retry may fix what failed: not when the photos themselves were refused. */
const isRetryable = (error: AngleItem['error']) => error?.Error !== 'PhotoRejectedError';

/** Mark angle failed (the Catch inside the Map). */
export async function failAngle(deps: WorkflowDeps, item: AngleItem): Promise<{ angle: Angle; failed: boolean }> {
  reportInternalFailure(renderFailureOf(item.error), { packageId: item.package_id, angle: item.angle, execution: item.execution });
  const failed = await deps.store.failAngle(item.package_id, item.angle, angleFailureMessage(item.error), nowIso(deps), isRetryable(item.error));
  if (failed) await notifyAngle(deps, item.package_id, item.angle);
  return { angle: item.angle, failed };
}

/**
 * Finalize (also closes a package whose preparation failed, and is what the sweeper runs): once no angle is
 * pending or processing, sets completed / partial_complete / error and refunds the credit when no angle was
 * rendered: once, whatever retries happen (the refund's ledger key is the package's).
 */
export async function finalizePackage(deps: WorkflowDeps, run: PackageRun & { failPendingWith?: string }): Promise<{ status: string }> {
  const found = await deps.store.getWithImages(run.package_id);
  if (!found) return { status: 'gone' };
  if (run.error) reportInternalFailure(renderFailureOf(run.error), { packageId: run.package_id, step: 'prepare', execution: run.execution });
  const failWith = run.failPendingWith ?? (run.error ? angleFailureMessage(run.error) : undefined);
  if (failWith) {
    const open = found.images.filter((i) => (run.angles.includes(i.angle) || run.failPendingWith) && (i.angle_status === 'pending' || i.angle_status === 'processing'));
    const retryable = run.failPendingWith ? true : isRetryable(run.error);
    for (const image of open) if (await deps.store.failAngle(found.pkg.id, image.angle, failWith, nowIso(deps), retryable)) await notifyAngle(deps, found.pkg.id, image.angle);
  }
  const after = failWith ? ((await deps.store.getWithImages(run.package_id)) ?? found) : found;
  const outcome = outcomeOf(after.images);
  // Another execution (a retry) still works on the package: that one finishes it.
  if (!outcome.finished) return { status: 'processing' };
  const completed = after.images.filter((i) => i.angle_status === 'completed').length;
  const message = completed > 0 ? null : statusMessageOf(after.pkg, run);
  // A free retry that started after the read above took the package over: that execution finishes (and refunds) it.
  if (completed === 0 && !(await refund(deps, after.pkg))) return { status: 'processing' };
  const finishedAt = nowIso(deps);
  await deps.store.finish(after.pkg.id, outcome.status, message, after.pkg.execution_name, finishedAt);
  opsEvent('packageFinished', {
    packageId: after.pkg.id,
    status: outcome.status,
    refunded: completed === 0 ? 1 : 0,
    wallTimeMs: Date.parse(finishedAt) - Date.parse(after.pkg.created_at),
  });
  const finished = await deps.store.getWithImages(after.pkg.id);
  if (finished) {
    await packageChanged(deps.notify, finished.pkg);
    // Once per package: an end run twice, or again after a free retry, finds the mail claimed (package-ready-mail.ts).
    if (deps.readyMail) await mailPackageReady({ ...deps.readyMail, store: deps.store, now: deps.now }, finished);
  }
  return { status: outcome.status };
}

function statusMessageOf(pkg: StoredPackage, run: PackageRun & { failPendingWith?: string }): string {
  if (run.failPendingWith) return CAR_PACKAGE_MESSAGES.interrupted;
  if (run.error?.Error === 'PhotoRejectedError' && pkg.photos.every((p) => p.refused)) return CAR_PACKAGE_MESSAGES.allPhotosRefused;
  return CAR_PACKAGE_MESSAGES.allAnglesFailed;
}

/** Thrown inside the refund when a free retry changed the package's execution since finalize read it. */
class TakenOverByRetry extends Error {}

/**
 * Refunds the package's credit once and marks the package refunded in the same transaction, only while its execution
 * is still the one finalize read (a free retry started meanwhile refuses it: false). A refunded package is never
 * retried for free (the retry checks the refund in its own transaction).
 */
async function refund(deps: WorkflowDeps, pkg: StoredPackage): Promise<boolean> {
  try {
    const result = await refundCredits(
      { store: deps.credits, now: deps.now },
      {
        sub: pkg.user_id,
        chargeTxId: txIds.debit(chargeKey(pkg.id)),
        refundKey: refundKey(pkg.id),
        description: `Refund: ${pkg.session_name} (no angle could be rendered)`,
        metadata: { package_id: pkg.id },
        alongside: { writes: (now) => [deps.store.refundMark(pkg, now.toISOString())], refused: () => new TakenOverByRetry() },
      },
    );
    if (!result.replayed) await deps.notify(pkg.user_id, { type: 'balance.updated' });
    return true;
  } catch (error) {
    if (error instanceof TakenOverByRetry) return false;
    throw error;
  }
}

export type { SweepOptions };

/**
 * The sweeper: every package marked active whose execution is no longer running (it failed, timed out, or was
 * lost with a crashed local host) is closed: its unfinished angles fail with a message, and it is finalized
 * (refunded when nothing was rendered). Runs on a schedule; safe to run twice at once.
 */
export function sweepPackages(deps: WorkflowDeps & { workflow: RenderWorkflow }, options: SweepOptions): Promise<{ checked: number; closed: string[] }> {
  return sweepLostExecutions(deps, {
    listActive: () => deps.store.listActive(),
    idOf: (marker) => marker.package_id,
    options,
    close: async (marker, state, now) => {
      logger.warn('closing a car package whose execution is not running', { packageId: marker.package_id, execution: marker.execution_name, state });
      const result = await finalizePackage(deps, {
        package_id: marker.package_id,
        user_id: marker.user_id,
        angles: [],
        execution: marker.execution_name,
        failPendingWith: CAR_PACKAGE_MESSAGES.interruptedAngle,
      });
      if (result.status === 'gone') await deps.store.finish(marker.package_id, 'error', null, marker.execution_name, new Date(now).toISOString());
    },
  });
}
