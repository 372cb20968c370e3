import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { useLocalHost } from '../support/local-host';
import { noCarScene } from '../support/car-package-photos';
import { PackageApi, signInNewDealer } from './package-api-client';

/**
 * The form checks each photo as soon as its upload lands (POST /api/car-packages/{id}/photos/{photo_id}/check), while
 * the others still upload; the start then compares each upload's digest with the one checked and checks only bytes
 * that changed. The car check runs once per photo, a refusal reads as the start's own, and nothing is charged before
 * the start.
 */
const { url } = useLocalHost();
const h = await import('../support/car-package-harness');
const { createPackage } = await import('../support/car-package-http');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { checkPackagePhoto } = await import('../../functions/src/car-packages/check-package-photo');
const { createVision } = await import('../../functions/src/vision/create-vision');
const { VisionUnavailableError } = await import('../../functions/src/vision/port');

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

/** The local car check, counted: in AWS each look is a paid OpenAI vision call. */
function countingVision() {
  const local = createVision({ vision: 'local' });
  const counter = { looks: 0 };
  const vision = { name: local.name, model: local.model, look: (...args: Parameters<typeof local.look>) => ((counter.looks += 1), local.look(...args)) };
  return { vision, counter };
}

const otherCar = async () => sharp(await h.carPhoto()).resize(420).jpeg({ quality: 85 }).toBuffer();

describe('the vision service unavailable at the start', () => {
  it('the start goes on without it (charged once) and leaves the car check to the render workflow, instead of 503', async () => {
    const w = await h.scriptedWorkflow(sfn, {});
    let looks = 0;
    const unavailable = { name: 'openai' as const, model: 'test', look: async () => ((looks += 1), Promise.reject(new VisionUnavailableError('The vision service is busy or failing (429).'))) };
    const dealer = await h.newDealer('vision-down-start');
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], 'Started while vision is down');
    // The form's own check of a draft photo still says the service is unavailable (nothing to defer to there).
    await expect(checkPackagePhoto({ ...w.packageDeps, vision: unavailable }, dealer.sub, id, 'photo-1')).rejects.toMatchObject({ kind: 'unavailable' });
    const started = await startCarPackage({ ...w.packageDeps, vision: unavailable }, dealer.sub, id);
    expect(looks).toBe(2);
    expect(started.balance.total_credits).toBe(4);
    await w.settle();
    expect(h.anglesWith(await h.packageOf(id), 'completed').length).toBeGreaterThan(0);
    expect((await h.ledgerOf(dealer.sub)).debits).toHaveLength(1);
  }, 60_000);
});

describe('each photo checked as its upload lands', () => {
  it('runs the car check once per photo: the start asks it for none of the photos checked already', async () => {
    const w = await h.scriptedWorkflow(sfn, {});
    const { vision, counter } = countingVision();
    const deps = { ...w.packageDeps, vision };
    const dealer = await h.newDealer('upload-check');
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }, { bytes: await otherCar(), angle: 'left_side' }], 'Checked as uploaded');

    expect(await checkPackagePhoto(deps, dealer.sub, id, 'photo-1')).toEqual({ photo_id: 'photo-1', checked: true });
    expect(await checkPackagePhoto(deps, dealer.sub, id, 'photo-2')).toEqual({ photo_id: 'photo-2', checked: true });
    expect(counter.looks).toBe(2);
    const draft = await h.adapters.store.getDraft(id);
    expect(Object.keys(draft!.checked_uploads ?? {}).sort()).toEqual(['photo-1', 'photo-2']);
    // Asked again (a retried request): the same bytes are not shown to the car check again.
    await checkPackagePhoto(deps, dealer.sub, id, 'photo-1');
    expect(counter.looks).toBe(2);
    // Nothing is charged by a check.
    expect((await h.ledgerOf(dealer.sub)).debits).toEqual([]);

    const started = await startCarPackage(deps, dealer.sub, id);
    expect(counter.looks).toBe(2);
    expect(started.balance.total_credits).toBe(4);
    await w.settle();
    expect(h.anglesWith(await h.packageOf(id), 'completed').length).toBeGreaterThan(0);
  }, 60_000);

  it('checks again at the start an upload whose bytes changed after its check, and refuses it without a charge', async () => {
    const w = await h.scriptedWorkflow(sfn, {});
    const { vision, counter } = countingVision();
    const deps = { ...w.packageDeps, vision };
    const dealer = await h.newDealer('upload-check-changed');
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: await h.carPhoto(), file_name: 'swapped.jpg', angle: 'front_left_corner' }], 'Swapped after its check');
    await checkPackagePhoto(deps, dealer.sub, id, 'photo-1');
    expect(counter.looks).toBe(1);
    // The presigned POST is still valid: other bytes land under the same key after the check.
    const draft = await h.adapters.store.getDraft(id);
    await h.adapters.photos.putUpload(draft!.photos[0]!.upload_key, await noCarScene(), 'image/jpeg');

    const refused = await startCarPackage(deps, dealer.sub, id).then(
      () => undefined,
      (error: Error & { fields?: Record<string, string> }) => error,
    );
    expect(counter.looks).toBe(2);
    expect(refused?.message).toMatch(/^swapped\.jpg: /);
    expect(refused?.fields).toEqual({ 'photos.0': refused?.message });
    const ledger = await h.ledgerOf(dealer.sub);
    expect({ balance: ledger.balance, debits: ledger.debits }).toEqual({ balance: 5, debits: [] });
    expect(await h.adapters.store.get(id)).toBeUndefined();
  }, 60_000);
});

describe('POST /api/car-packages/{id}/photos/{photo_id}/check', () => {
  let api: PackageApi;
  beforeAll(async () => {
    api = new PackageApi(url, await signInNewDealer(url, 'upload-check-http'));
  });

  it("answers a refusal exactly as the start answers it for that photo, charges nothing, and is the owner's only", async () => {
    const { id } = await createPackage(api, [
      { file_name: 'car.jpg', bytes: await h.carPhoto() },
      { file_name: 'park.jpg', bytes: await noCarScene() },
    ]);
    const path = (photo: string) => `/api/car-packages/${id}/photos/${photo}/check`;
    expect(await api.call('POST', path('photo-1'))).toEqual({ status: 200, body: { photo_id: 'photo-1', checked: true } });
    const refused = await api.call<{ message: string; fields: Record<string, string> }>('POST', path('photo-2'));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^park\.jpg: /);
    expect(refused.body.fields).toEqual({ 'photos.1': refused.body.message });

    // Another dealer's package does not exist for them; nor does a photo the package has not got.
    const other = new PackageApi(url, await signInNewDealer(url, 'upload-check-other'));
    expect((await other.call<{ message: string }>('POST', path('photo-1'))).body).toMatchObject({ message: CAR_PACKAGE_MESSAGES.notFound });
    expect((await other.call('POST', path('photo-1'))).status).toBe(404);
    expect((await api.call('POST', path('photo-9'))).status).toBe(404);
    expect((await api.call('POST', path('cover.jpg'))).status).toBe(400);
    expect((await api.balance()).total_credits).toBe(5);

    const start = await api.call<{ message: string; fields: Record<string, string> }>('POST', `/api/car-packages/${id}/start`);
    expect({ status: start.status, message: start.body.message, fields: start.body.fields }).toEqual({ status: 400, message: refused.body.message, fields: refused.body.fields });
    expect((await api.balance()).total_credits).toBe(5);
  }, 60_000);
});
