/**
 * The public API's car package flow: the same use cases as the app's routes (createCarPackage, startCarPackage,
 * getCarPackage, zipCarPackage), plus what an integration needs around them: the dealer's external_id (stock number
 * or VIN, one package per id), Idempotency-Key on the start, cursor pages. No AWS SDK here.
 */
import { MAX_FILE_BYTES } from '@shared/limits';
import { INTEGRATION_MESSAGES } from '@shared/messages';
import type { z } from 'zod';
import type { v1CarPackageDetailSchema, v1CarPackageSchema, v1CreateCarPackageRequestSchema, v1CreateCarPackageResponseSchema, v1ListCarPackagesResponseSchema, v1StartCarPackageResponseSchema } from '@shared/schemas/public-api';
import { summaryView, type StoredPackage } from '../car-packages/car-package';
import { clock, type PackageDeps } from '../car-packages/package-deps';
import { getCarPackage, packageFilterOf } from '../car-packages/read-packages';
import type { PackageFilterQuery } from '@shared/schemas/car-packages';
import { checkVin, STOCK_NUMBER_PATTERN } from '@shared/vin';
import type { VinDecoder } from '../vin/vin-decoder';
import { createCarPackage, startCarPackage } from '../car-packages/start-package';
import { DomainError } from '../lib/errors';
import { newId, sha256 } from '../lib/ids';
import type { ExternalIdIndex, IdempotencyKeys } from './ports';

type CreateResponse = z.infer<typeof v1CreateCarPackageResponseSchema>;
const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface PublicPackageDeps extends PackageDeps {
  externalIds: ExternalIdIndex;
  idempotency: IdempotencyKeys;
}

const v1Summary = async (pkg: StoredPackage, deps: Pick<PackageDeps, 'photos'>): Promise<z.infer<typeof v1CarPackageSchema>> => ({
  ...(await summaryView(pkg, deps.photos.urls())),
  external_id: pkg.external_id ?? null,
});

/**
 * external_id stays what it was, the dealer's own key of the car (one package per external_id). When the request
 * gives no vin (or no stock_number) and the external_id is a well-formed VIN (or else a stock number), it is that
 * too: an integration that sent its VIN as external_id before vin existed gets it decoded, shown and searched.
 */
function inventoryFromExternalId(given: { vin?: string; stock_number?: string }, externalId: string): { vin?: string; stock_number?: string } {
  const asVin = checkVin(externalId);
  if (asVin.ok) return given.vin ? {} : { vin: asVin.vin };
  return given.stock_number || !STOCK_NUMBER_PATTERN.test(externalId) ? {} : { stock_number: externalId };
}

/**
 * A claim of an external_id whose package is not written yet is a create in progress for this long (a create takes
 * well under a second); after it, the claim is a draft that was never written or has gone, and may be replaced.
 */
const EXTERNAL_ID_CREATE_MS = 10_000;
/** How long a create waits, at most, for the package another request is writing under the same external_id. */
const EXTERNAL_ID_WAIT_MS = 100;
const EXTERNAL_ID_WAITS = 50;

/**
 * POST /api/v1/car-packages: a new draft with one presigned upload per photo, or (201 vs 200) the dealer's package
 * that already has this external_id: a draft answers fresh uploads for its photos, a started package its status.
 */
export async function createByExternalId(
  deps: Pick<PublicPackageDeps, 'store' | 'photos' | 'accounts' | 'externalIds' | 'now'> & { vins?: VinDecoder },
  sub: string,
  body: z.output<typeof v1CreateCarPackageRequestSchema>,
): Promise<{ status: 200 | 201; body: CreateResponse }> {
  const { external_id: externalId, ...given } = body;
  const request = { ...given, ...inventoryFromExternalId(given, externalId) };
  const id = newId();
  const nowMs = () => clock(deps).getTime();
  for (let waits = 0; ; ) {
    const claim = await deps.externalIds.claim(sub, externalId, id, nowMs());
    if (claim.packageId === id) break;
    const existing = await answerExisting(deps, sub, externalId, claim.packageId);
    if (existing && existing !== 'gone') return { status: 200, body: existing };
    if (existing === 'gone' || nowMs() - claim.claimedAtMs >= EXTERNAL_ID_CREATE_MS) {
      // Its draft expired unstarted (or the package was deleted): the external_id goes to a new package. When another
      // request replaced it first, look again.
      if (await deps.externalIds.replace(sub, externalId, claim.packageId, id, nowMs())) break;
      continue;
    }
    // Claimed a moment ago by a request still writing its package (a DMS sending one create several times at once):
    // wait for that package instead of taking it for a forgotten draft and making a second one.
    if (++waits > EXTERNAL_ID_WAITS) throw new DomainError('conflict', INTEGRATION_MESSAGES.externalIdTaken, { external_id: INTEGRATION_MESSAGES.externalIdTaken });
    await new Promise((r) => setTimeout(r, EXTERNAL_ID_WAIT_MS));
  }
  try {
    const created = await createCarPackage(deps, sub, request, { id, externalId });
    return { status: 201, body: { id, external_id: externalId, status: 'draft', created: true, uploads: created.uploads, expires_at: created.expires_at } };
  } catch (error) {
    await deps.externalIds.release(sub, externalId, id);
    throw error;
  }
}

/**
 * The answer for the package an external_id names: a started package its status, a live draft fresh uploads; 'gone'
 * when its draft expired unstarted; undefined when neither is there (being written by another request, or deleted).
 */
async function answerExisting(deps: Pick<PublicPackageDeps, 'store' | 'photos' | 'now'>, sub: string, externalId: string, id: string): Promise<CreateResponse | 'gone' | undefined> {
  const pkg = await deps.store.get(id);
  if (pkg?.user_id === sub) return { id, external_id: externalId, status: pkg.status, created: false, uploads: [], expires_at: null };
  const draft = await deps.store.getDraft(id);
  if (!draft || draft.user_id !== sub) return undefined;
  if (Date.parse(draft.expires_at) <= clock(deps).getTime()) return 'gone';
  const uploads = await Promise.all(
    draft.photos.map(async (p) => ({ photo_id: p.id, file_name: p.file_name, ...(await deps.photos.presignUpload(p.upload_key, p.content_type, MAX_FILE_BYTES)) })),
  );
  return { id, external_id: externalId, status: 'draft', created: false, uploads, expires_at: draft.expires_at };
}

/** GET /api/v1/car-packages: newest first, a page at a time (the cursor is the app's own, checked as the caller's). */
export async function listPage(deps: Pick<PackageDeps, 'store' | 'photos'>, sub: string, limit: number, cursor?: string, query?: PackageFilterQuery): Promise<z.infer<typeof v1ListCarPackagesResponseSchema>> {
  const { packages, nextCursor } = await deps.store.list(sub, limit, cursor, packageFilterOf(query));
  return { data: await Promise.all(packages.map((p) => v1Summary(p, deps))), next_cursor: nextCursor, has_more: nextCursor !== null };
}

/** GET /api/v1/car-packages/{id} */
export async function getWithExternalId(deps: Pick<PackageDeps, 'store' | 'photos'>, sub: string, id: string): Promise<z.infer<typeof v1CarPackageDetailSchema>> {
  const detail = await getCarPackage(deps, sub, id);
  return { ...detail, external_id: (await deps.store.get(id))?.external_id ?? null };
}

/**
 * POST /api/v1/car-packages/{id}/start: the app's start (1 credit once; a repeated start charges nothing). An
 * Idempotency-Key is remembered for a day with the request it answered: the same key on another request is refused.
 */
export async function startWithIdempotencyKey(deps: PublicPackageDeps, sub: string, id: string, idempotencyKey: string | undefined): Promise<z.infer<typeof v1StartCarPackageResponseSchema>> {
  if (idempotencyKey !== undefined) {
    if (!/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)) throw new DomainError('validation', INTEGRATION_MESSAGES.idempotencyKeyInvalid, { 'Idempotency-Key': INTEGRATION_MESSAGES.idempotencyKeyInvalid });
    const request = `start:${id}`;
    const answered = await deps.idempotency.claim(sub, sha256(idempotencyKey), request, clock(deps).getTime() + IDEMPOTENCY_KEY_LIFETIME_MS);
    if (answered !== request) throw new DomainError('conflict', INTEGRATION_MESSAGES.idempotencyKeyReused, { 'Idempotency-Key': INTEGRATION_MESSAGES.idempotencyKeyReused });
  }
  const started = await startCarPackage(deps, sub, id);
  const pkg = await deps.store.get(id);
  return {
    package: { ...started.package, external_id: pkg?.external_id ?? null },
    replayed: started.replayed,
    total_credits: started.balance.total_credits,
  };
}
