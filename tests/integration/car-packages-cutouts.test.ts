import { afterAll, describe, expect, it } from 'vitest';
import { useLocalHost } from '../support/local-host';

/**
 * Prepare keeps each photo's cut-out beside the package (cutouts/<photo id> in the uploads bucket, under the package's
 * prefix, so it goes with the package), and every angle's render is given it back; a package without them (an older
 * one) renders as before. Through the real workflow definition; the renderer scripted, its prepare answering a record.
 */
useLocalHost();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { s3Keys } = await import('../../functions/src/car-packages/car-package');
type RenderRequest = import('../../functions/src/renderer/port').RenderRequest;

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

async function run(withRecords: boolean) {
  const w = await h.scriptedWorkflow(sfn, {});
  const prepare = w.renderer.prepare.bind(w.renderer);
  w.renderer.prepare = async (photos) => (await prepare(photos)).map((info) => (withRecords ? { ...info, cutout: Buffer.from(`cut-out of ${info.id}`) } : info));
  const seen: RenderRequest[] = [];
  const render = w.renderer.render.bind(w.renderer);
  w.renderer.render = (request) => (seen.push(request), render(request));
  const dealer = await h.newDealer('cutouts');
  const photo = await h.carPhoto();
  const id = await h.createUploadedDraft(dealer.sub, h.ALL_ANGLE_TAGS.map((angle) => ({ bytes: photo, angle })), 'Cut-out 2021 Cupra Born');
  await startCarPackage(w.packageDeps, dealer.sub, id);
  await w.settle();
  return { dealer, id, seen, found: await h.packageOf(id) };
}

describe('a photo cut out once per package', () => {
  it('prepare keeps each cut-out under the package, and every angle gets its photo’s back', async () => {
    const { dealer, id, seen, found } = await run(true);
    expect(h.anglesWith(found, 'completed')).toHaveLength(8);
    const kept = await h.objectKeys('uploads', s3Keys.cutout(dealer.sub, id, ''));
    expect(kept.sort()).toEqual(found.pkg.photos.map((p) => s3Keys.cutout(dealer.sub, id, p.id)).sort());
    expect(seen).toHaveLength(8);
    for (const request of seen) {
      for (const p of request.photos) expect(p.cutout?.toString(), request.angle).toBe(`cut-out of ${p.id}`);
    }
  }, 60_000);

  it('without kept cut-outs (a package from before) the angles render as before, given none', async () => {
    const { dealer, id, seen, found } = await run(false);
    expect(h.anglesWith(found, 'completed')).toHaveLength(8);
    expect(await h.objectKeys('uploads', s3Keys.cutout(dealer.sub, id, ''))).toEqual([]);
    for (const request of seen) for (const p of request.photos) expect(p.cutout).toBeUndefined();
  }, 60_000);
});
