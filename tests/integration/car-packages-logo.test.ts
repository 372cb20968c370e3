import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { useLocalHost } from '../support/local-host';

/**
 * The dealer's logo from Settings on every image of a package (the form's toggle): fetched once at the start, kept
 * with the package, placed by the renderer in the bottom-right corner. The logo's web address is the one outside
 * resource here: a LogoSource that serves a drawn logo stands in for the dealer's web server.
 */
useLocalHost();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { LogoUnreadableError } = await import('../../functions/src/car-packages/https-logo-source');
const readRender = (key: string) => h.adapters.photos.readRender(key);

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

const LOGO_URL = 'https://dealer.example/logo.png';
const redLogo = () => sharp({ create: { width: 200, height: 100, channels: 3, background: '#e00000' } }).png().toBuffer();

async function dealerWithLogo() {
  const dealer = await h.newDealer('logo');
  await h.adapters.accounts.updateProfile(dealer.sub, { logo_url: LOGO_URL }, new Date());
  return dealer;
}

/** Mean colour of the image's bottom-right corner, where the logo goes. */
async function cornerColour(jpeg: Buffer): Promise<[number, number, number]> {
  // stats() reads its input, not the pipeline's output: extract to a buffer first.
  const corner = await sharp(jpeg).extract({ left: 1536 - 36 - 150, top: 1024 - 32 - 70, width: 120, height: 50 }).png().toBuffer();
  const { channels } = await sharp(corner).stats();
  const [r, g, b] = channels.map((c) => Math.round(c.mean));
  return [r!, g!, b!];
}

describe('the dealer logo on car package images', () => {
  it('is fetched once at the start and placed on every rendered angle', async () => {
    const w = await h.scriptedWorkflow(sfn, {});
    let fetches = 0;
    const deps = { ...w.packageDeps, logos: { fetch: async (url: string) => (expect(url).toBe(LOGO_URL), fetches++, redLogo()) } };
    const dealer = await dealerWithLogo();
    const photo = await h.carPhoto();
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: photo, angle: 'front_left_corner' }], 'Logo 2021 Cupra Born', { use_logo: true });
    await startCarPackage(deps, dealer.sub, id);
    await w.settle();
    const found = await h.packageOf(id);
    expect(found.pkg.logo_key).toBeTruthy();
    expect(fetches).toBe(1);
    const done = found.images.filter((i) => i.angle_status === 'completed');
    expect(done.map((i) => i.angle).sort()).toEqual(['front_left_corner', 'front_right_corner']);
    for (const image of done) {
      const [r, g, b] = await cornerColour(await readRender(image.rendered_key!));
      expect(r, image.angle).toBeGreaterThan(200);
      expect(g + b, image.angle).toBeLessThan(60);
    }
  });

  it('a package without the toggle carries no logo', async () => {
    const w = await h.scriptedWorkflow(sfn, {});
    const dealer = await dealerWithLogo();
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], 'No logo Cupra');
    await startCarPackage({ ...w.packageDeps, logos: { fetch: async () => redLogo() } }, dealer.sub, id);
    await w.settle();
    const image = h.imageOf(await h.packageOf(id), 'front_left_corner');
    const [r, g, b] = await cornerColour(await readRender(image.rendered_key!));
    expect(Math.abs(r - g) + Math.abs(r - b)).toBeLessThan(40); // the photo's grey street, no red logo
  });

  it('a logo that cannot be loaded refuses the start with the reason, and charges nothing', async () => {
    const w = await h.scriptedWorkflow(sfn, {});
    const dealer = await dealerWithLogo();
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], 'Unreachable logo', { use_logo: true });
    const deps = { ...w.packageDeps, logos: { fetch: async () => Promise.reject(new LogoUnreadableError('dealer.example did not answer.')) } };
    await expect(startCarPackage(deps, dealer.sub, id)).rejects.toMatchObject({ kind: 'validation', message: CAR_PACKAGE_MESSAGES.logoUnreadable('Dealer.example did not answer.') });
    const ledger = await h.ledgerOf(dealer.sub);
    expect(ledger.debits).toEqual([]);
    expect(ledger.balance).toBe(5);
    expect(await h.adapters.store.get(id)).toBeUndefined();
    expect(await h.objectKeys('uploads', `car-packages/${dealer.sub}/${id}/`)).toEqual([]);
  });
});
