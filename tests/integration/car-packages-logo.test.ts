import { createServer } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CAR_PACKAGE_MESSAGES, MESSAGES } from '@shared/messages';
import { useLocalHost } from '../support/local-host';

/**
 * The dealer's logo on every image of a package (the form's toggle): uploaded in Settings under logos/<sub>/,
 * checked by its bytes, copied once at the start, placed by the renderer in the bottom-right corner. The profile's
 * logo_url is never fetched by the server: pointed at the cloud metadata address or at this machine, nothing calls it.
 */
useLocalHost();
const h = await import('../support/car-package-harness');
const { createCarPackage, startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { createLogoUpload, saveLogo, logoKeys } = await import('../../functions/src/accounts/logo');
const { S3LogoStorage } = await import('../../functions/src/accounts/s3-logo-storage');
const { config } = await import('../../functions/src/lib/config');
const { uploadByPresignedPost } = await import('./package-api-client');
const { createCarPackageRequestSchema } = await import('@shared/schemas/car-packages');
const readRender = (key: string) => h.adapters.photos.readRender(key);
const logoDeps = { accounts: h.adapters.accounts, logos: new S3LogoStorage(config().UPLOADS_BUCKET) };

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

// A listener on this machine that counts every connection: a fetch of the logo URL would open one.
let connections = 0;
const trap = createServer((socket) => (connections++, socket.destroy()));
await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
const trapPort = (trap.address() as { port: number }).port;
afterAll(() => new Promise<void>((r) => trap.close(() => r())));
const INTERNAL_URLS = [`https://127.0.0.1:${trapPort}/logo.png`, `https://localhost:${trapPort}/logo.png`, 'https://169.254.169.254/latest/meta-data/logo.png'];

// Every fetch of this process is recorded (the S3 uploads use it too): none may go to a profile's logo URL.
const fetched: string[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
  fetched.push(input instanceof Request ? input.url : String(input));
  return realFetch(input, init);
}) as typeof fetch;
afterAll(() => void (globalThis.fetch = realFetch));
afterEach(() => {
  const urls = fetched.splice(0);
  expect(urls.filter((url) => url.includes('169.254.') || url.includes(`127.0.0.1:${trapPort}`) || url.includes(`localhost:${trapPort}`))).toEqual([]);
  expect(connections).toBe(0);
});

const redLogo = () => sharp({ create: { width: 200, height: 100, channels: 3, background: '#e00000' } }).png().toBuffer();

async function uploadLogo(sub: string, bytes: Buffer, contentType: 'image/png' | 'image/jpeg' | 'image/webp' = 'image/png') {
  const target = await createLogoUpload(logoDeps, sub, { content_type: contentType, size: bytes.length });
  expect(target.key).toBe(`logos/${sub}/upload`);
  await uploadByPresignedPost(target, bytes, contentType);
  return saveLogo(logoDeps, sub);
}

/** A dealer whose profile's logo_url points into our own network. */
async function dealerWithInternalLogoUrl(i: number) {
  const dealer = await h.newDealer('logo');
  await h.adapters.accounts.updateProfile(dealer.sub, { logo_url: INTERNAL_URLS[i % INTERNAL_URLS.length]! }, new Date());
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
  it('is the dealer own checked upload, copied once at the start and placed on every rendered angle; the logo URL is never fetched', async () => {
    const w = await h.scriptedWorkflow(sfn, {});
    const dealer = await dealerWithInternalLogoUrl(0);
    const profile = await uploadLogo(dealer.sub, await redLogo());
    expect(profile.has_logo).toBe(true);
    // The browser's upload is gone; the kept logo is a PNG we encoded.
    expect(await h.objectKeys('uploads', logoKeys.prefix(dealer.sub))).toEqual([logoKeys.checked(dealer.sub)]);
    // The mirror fill on, so a mirror image is among the angles: it gets the logo too.
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], 'Logo 2021 Cupra Born', { use_logo: true, fill_missing_sides: true });
    await startCarPackage(w.packageDeps, dealer.sub, id);
    await w.settle();
    const found = await h.packageOf(id);
    expect(found.pkg.logo_key).toBe(`car-packages/${dealer.sub}/${id}/logo`);
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
    const dealer = await dealerWithInternalLogoUrl(1);
    await uploadLogo(dealer.sub, await redLogo());
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], 'No logo Cupra');
    await startCarPackage(w.packageDeps, dealer.sub, id);
    await w.settle();
    const image = h.imageOf(await h.packageOf(id), 'front_left_corner');
    const [r, g, b] = await cornerColour(await readRender(image.rendered_key!));
    expect(Math.abs(r - g) + Math.abs(r - b)).toBeLessThan(40); // the photo's grey street, no red logo
  });

  it('a logo plate without the toggle: the package keeps the logo for the plate, and its corner carries none', async () => {
    const w = await h.scriptedWorkflow(sfn, {});
    const dealer = await dealerWithInternalLogoUrl(1);
    await uploadLogo(dealer.sub, await redLogo());
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], 'Logo plate Cupra', { plate: 'logo' });
    await startCarPackage(w.packageDeps, dealer.sub, id);
    await w.settle();
    const found = await h.packageOf(id);
    expect(found.pkg).toMatchObject({ plate: 'logo', use_logo: false, logo_key: `car-packages/${dealer.sub}/${id}/logo` });
    const [r, g, b] = await cornerColour(await readRender(h.imageOf(found, 'front_left_corner').rendered_key!));
    expect(Math.abs(r - g) + Math.abs(r - b)).toBeLessThan(40);
  });

  it('with only a logo URL (no upload), the toggle is refused with what to do, nothing is fetched or charged', async () => {
    for (let i = 0; i < INTERNAL_URLS.length; i++) {
      const dealer = await dealerWithInternalLogoUrl(i);
      const body = createCarPackageRequestSchema.parse({ session_name: 'Internal logo', use_logo: true, photos: [{ file_name: 'a.jpg', content_type: 'image/jpeg', size: 1000 }] });
      await expect(createCarPackage(h.adapters, dealer.sub, body)).rejects.toMatchObject({ kind: 'validation', message: CAR_PACKAGE_MESSAGES.noLogo });
      expect((await h.ledgerOf(dealer.sub)).balance).toBe(5);
    }
  });

  it('a file that is not a readable PNG, JPEG or WebP is refused and removed; the profile keeps no logo', async () => {
    const dealer = await dealerWithInternalLogoUrl(2);
    const png = await redLogo();
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><image href="http://169.254.169.254/x"/></svg>`);
    for (const bad of [svg, png.subarray(0, 60), Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)])]) {
      await expect(uploadLogo(dealer.sub, bad)).rejects.toMatchObject({ kind: 'validation', message: MESSAGES.logoUnreadable });
      expect(await h.objectKeys('uploads', logoKeys.prefix(dealer.sub))).toEqual([]);
    }
    expect((await h.adapters.accounts.getProfile(dealer.sub))?.logo_key).toBeNull();
    await expect(saveLogo(logoDeps, dealer.sub)).rejects.toMatchObject({ kind: 'validation', message: MESSAGES.logoNotUploaded });
  });

  it('a logo removed from storage refuses the start with the reason, and charges nothing', async () => {
    const w = await h.scriptedWorkflow(sfn, {});
    const dealer = await h.newDealer('logo-gone');
    await uploadLogo(dealer.sub, await redLogo());
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], 'Missing logo', { use_logo: true });
    await logoDeps.logos.delete(logoKeys.checked(dealer.sub));
    await expect(startCarPackage(w.packageDeps, dealer.sub, id)).rejects.toMatchObject({ kind: 'validation', message: CAR_PACKAGE_MESSAGES.logoUnreadable });
    const ledger = await h.ledgerOf(dealer.sub);
    expect(ledger.debits).toEqual([]);
    expect(ledger.balance).toBe(5);
    expect(await h.adapters.store.get(id)).toBeUndefined();
    expect(await h.objectKeys('uploads', `car-packages/${dealer.sub}/${id}/`)).toEqual([]);
  });
});
