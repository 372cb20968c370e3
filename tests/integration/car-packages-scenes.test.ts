import { afterAll, describe, expect, it } from 'vitest';
import { useLocalHost } from '../support/local-host';

/**
 * One scene per package (issue 24): the scene within the chosen style is picked once at the start, stored with the
 * package, and every angle's render is given it, including a retry inside the workflow and a free retry afterwards.
 * Through the real workflow definition and use cases; the renderer scripted, its requests recorded.
 */
useLocalHost();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { retryAngle } = await import('../../functions/src/car-packages/package-actions');
const { pickScene, sceneById } = await import('../../functions/src/renderer/scenes/scene-manifest');
const { newBatch } = await import('../../functions/src/batch/batch');
type RenderRequest = import('../../functions/src/renderer/port').RenderRequest;

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

describe('one scene per package', () => {
  it('stores the scene at the start and renders all eight angles, a retried one and a free retry in it', async () => {
    // The front fails on our side twice (the workflow retries it once, then marks it failed), then renders.
    const w = await h.scriptedWorkflow(sfn, { outcomes: { front: ['internal', 'internal', 'ok'] } });
    const seen: RenderRequest[] = [];
    const render = w.renderer.render.bind(w.renderer);
    w.renderer.render = (request) => (seen.push(request), render(request));

    const dealer = await h.newDealer('scenes');
    const photo = await h.carPhoto();
    const id = await h.createUploadedDraft(dealer.sub, h.ALL_ANGLE_TAGS.map((angle) => ({ bytes: photo, angle })), 'Scene 2021 Cupra Born', { background: 'urban' });
    await startCarPackage(w.packageDeps, dealer.sub, id);
    await w.settle();

    const { pkg } = await h.packageOf(id);
    const picked = pickScene('urban', id)!;
    expect(pkg.scene).toEqual({ id: picked.id, start_yaw: picked.startYaw });
    expect(sceneById(pkg.scene!.id)?.style).toBe('urban');
    expect(h.imageOf(await h.packageOf(id), 'front').angle_status).toBe('failed');

    await retryAngle(w.packageDeps, dealer.sub, id, 'front');
    await w.settle();
    expect(h.imageOf(await h.packageOf(id), 'front').angle_status).toBe('completed');

    // Eight angles, the front three times (its first try, the workflow's retry, the free retry): one scene for all.
    expect(new Set(seen.map((r) => r.angle)).size).toBe(8);
    expect(seen.filter((r) => r.angle === 'front')).toHaveLength(3);
    for (const request of seen) expect(request.scene).toEqual({ id: picked.id, startYaw: picked.startYaw });
  }, 60_000);

  it('a batch keeps one scene for all its photos, and the original location has none', () => {
    const draft = { id: 'batch-abc', user_id: 'u', background: 'urban' as const, photos: [], created_at: '2026-11-25T00:00:00Z', expires_at: '2026-11-26T00:00:00Z' };
    const { batch } = newBatch(draft, draft.created_at);
    const picked = pickScene('urban', 'batch-abc')!;
    expect(batch.scene).toEqual({ id: picked.id, start_yaw: picked.startYaw });
    expect(newBatch({ ...draft, background: 'original' }, draft.created_at).batch.scene).toBeNull();
  });
});
