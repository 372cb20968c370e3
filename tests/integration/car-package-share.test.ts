import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHARE_MESSAGES } from '@shared/messages';
import type { PackageShare, SharedCar } from '@shared/schemas/share';
import { useLocalHost } from '../support/local-host';
import { PackageApi, isFinal, signInNewDealer, uploadByPresignedPost } from './package-api-client';

/**
 * Sharing a car package (issue 29), through the shared host's HTTP API: off by default; Share on gives an unguessable
 * link that anyone reads signed out; the answer reveals no account id, e-mail or package id; Share off, deleting the
 * package and erasing the account each make the link answer 404 at once and leave no lookup item behind (caches may
 * keep a shared car's answers a minute, never a 404).
 */
const { url } = useLocalHost();
const h = await import('../support/car-package-harness');
const { createPackage, subOf } = await import('../support/car-package-http');
const { DynamoDbShareStore } = await import('../../functions/src/sharing/dynamodb-share-store');
const { sha256 } = await import('../../functions/src/lib/ids');
const shares = new DynamoDbShareStore();
const { createLogoUpload, saveLogo } = await import('../../functions/src/accounts/logo');
const { S3LogoStorage } = await import('../../functions/src/accounts/s3-logo-storage');
const { config } = await import('../../functions/src/lib/config');

const tokenOf = (share: PackageShare) => /^\/c\/([A-Za-z0-9_-]{22})$/.exec(share.page_path ?? '')?.[1];
const signedOut = (path: string, init?: RequestInit) => fetch(`${url}${path}`, { redirect: 'manual', ...init });
/** As a browser asks for a page. */
const browse = (path: string) => signedOut(path, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

async function finishedPackage(api: PackageApi, name: string): Promise<string> {
  const made = await createPackage(api, [{ file_name: 'park.jpg', bytes: await h.carPhoto() }], name);
  expect(made.uploads).toEqual(['ok']);
  expect((await api.call('POST', `/api/car-packages/${made.id}/start`)).status).toBe(200);
  await api.waitFor(made.id!, isFinal, 90_000);
  return made.id!;
}

describe('sharing a car package', () => {
  let owner: PackageApi;
  let other: PackageApi;
  let pkg: string;
  let draft: string;

  beforeAll(async () => {
    const [a, b] = await Promise.all([signInNewDealer(url, 'sharer'), signInNewDealer(url, 'other')]);
    owner = new PackageApi(url, a);
    other = new PackageApi(url, b);
    expect((await owner.call('PATCH', '/api/profile', { dealer_name: 'Harbour Cars' })).status).toBe(200);
    pkg = await finishedPackage(owner, '2019 Cupra Formentor');
    draft = (await createPackage(owner, [{ file_name: 'park.jpg', bytes: await h.carPhoto() }], 'Not started')).id!;
  }, 150_000);

  it('is off by default; Share on gives one link that opens signed out and shows the car, the dealer and the finished images only', async () => {
    expect((await owner.call<PackageShare>('GET', `/api/car-packages/${pkg}/share`)).body).toEqual({ shared: false, page_path: null, embed_path: null, shared_by: null });
    // Nothing to show yet: a package without a finished image cannot be shared.
    expect(await owner.call('PUT', `/api/car-packages/${draft}/share`)).toMatchObject({ status: 404 });

    // Two at once (a double click, two tabs): one link, the same for both.
    const [on, twin] = await Promise.all([owner.call<PackageShare>('PUT', `/api/car-packages/${pkg}/share`), owner.call<PackageShare>('PUT', `/api/car-packages/${pkg}/share`)]);
    expect(on.status).toBe(200);
    expect(twin.body).toEqual(on.body);
    const token = tokenOf(on.body)!;
    expect(token).toBeTruthy();
    expect(on.body.embed_path).toBe(`/c/${token}/embed`);
    // Asking again keeps the same link.
    expect((await owner.call<PackageShare>('PUT', `/api/car-packages/${pkg}/share`)).body).toEqual(on.body);
    expect((await owner.call<PackageShare>('GET', `/api/car-packages/${pkg}/share`)).body).toEqual(on.body);

    const res = await signedOut(`/api/share/${token}`);
    expect(res.status).toBe(200);
    // A shared car may be kept a minute by CloudFront and browsers (a busy embed served from the edge).
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    const text = await res.text();
    const car = JSON.parse(text) as SharedCar;
    expect(car).toMatchObject({ car_name: '2019 Cupra Formentor', dealer_name: 'Harbour Cars', logo_url: null });
    // Every link is on the site: nothing points at storage.
    for (const image of car.images) expect([image.web_url, image.full_url].every((u) => u.startsWith(`/api/share/${token}/images/`))).toBe(true);
    const detail = await owner.waitFor(pkg, isFinal, 1000);
    const finished = detail.images.filter((i) => i.angle_status === 'completed').map((i) => i.angle);
    expect(car.images.map((i) => i.angle).sort()).toEqual([...finished].sort());
    expect(car.images.length).toBeGreaterThan(0);
    // Nothing else of the account: no account id, no e-mail, no package id.
    for (const secret of [subOf(owner.dealer), owner.dealer.email, pkg]) expect(text).not.toContain(secret);

    // Each image by its stable link on the site: the file itself (a signed storage link would name the account).
    const full = await signedOut(car.images[0]!.full_url);
    expect(full.status).toBe(200);
    expect(full.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(full.headers.get('content-type')).toBe('image/jpeg');
    expect(full.headers.get('content-disposition')).toBe(`attachment; filename="${car.images[0]!.file_name}"`);
    expect((await full.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    const web = await signedOut(car.images[0]!.web_url);
    expect(web.status).toBe(200);
    expect(web.headers.get('content-type')).toBe('image/webp');
    expect(web.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(car.images[0]!.web_url).toBe(`/api/share/${token}/images/${car.images[0]!.angle}/web`);
  });

  it("the page (/c/<token>) is HTML with the package's preview image and nothing of the account; only the embed may be framed", async () => {
    const token = tokenOf((await owner.call<PackageShare>('PUT', `/api/car-packages/${pkg}/share`)).body)!;
    const car = (await (await signedOut(`/api/share/${token}`)).json()) as SharedCar;
    const page = await browse(`/c/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    // The front three-quarter view the renderer finished, by its stable absolute link.
    const preferred = ['front_left_corner', 'front_right_corner', 'front'].find((a) => car.images.some((i) => i.angle === a));
    expect(preferred).toBeTruthy();
    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(ogImage).toBe(`${url}/api/share/${token}/images/${preferred}/full`);
    expect((await signedOut(ogImage!.slice(url.length))).headers.get('content-type')).toBe('image/jpeg');
    expect(html).toContain('<h1');
    expect(html).toContain('2019 Cupra Formentor');
    expect(html).toContain('Harbour Cars');
    for (const secret of [subOf(owner.dealer), owner.dealer.email, pkg]) expect(html).not.toContain(secret);

    const embed = await browse(`/c/${token}/embed`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(embed.headers.get('content-security-policy')).toMatch(/frame-ancestors \*$/);
    const embedHtml = await embed.text();
    expect(embedHtml).toContain('data-testid="walk-around-stage"');
    for (const secret of [subOf(owner.dealer), owner.dealer.email, pkg]) expect(embedHtml).not.toContain(secret);

    // Not shared: a random token, the package id itself, anything else under /c/: the same 404 page, never framable.
    for (const path of [`/c/${'A'.repeat(22)}`, `/c/${pkg}`, `/c/${'A'.repeat(22)}/embed`, `/c/${token}/nope`]) {
      const res = await browse(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(await res.text(), path).toContain(SHARE_MESSAGES.goneTitle);
      // "Not shared" is never kept by a cache: a car shared a moment later opens at once.
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    expect((await browse(`/c/${'A'.repeat(22)}`)).headers.get('x-frame-options')).toBe('DENY');
    // Other clients get the API's JSON error.
    expect(await (await signedOut(`/c/${'A'.repeat(22)}`)).json()).toMatchObject({ message: SHARE_MESSAGES.notFound });
  });

  it("the dealer's logo is in the page itself (a data: URL), not as a storage link that would name the account", async () => {
    const sub = subOf(owner.dealer);
    const logos = { accounts: h.adapters.accounts, logos: new S3LogoStorage(config().UPLOADS_BUCKET) };
    const logo = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0050e0' } }).png().toBuffer();
    const target = await createLogoUpload(logos, sub, { content_type: 'image/png', size: logo.length });
    await uploadByPresignedPost(target, logo, 'image/png');
    await saveLogo(logos, sub);
    const token = tokenOf((await owner.call<PackageShare>('PUT', `/api/car-packages/${pkg}/share`)).body)!;
    const car = (await (await signedOut(`/api/share/${token}`)).json()) as SharedCar;
    expect(car.logo_url).toMatch(/^data:image\/png;base64,/);
    const png = await sharp(Buffer.from(car.logo_url!.slice('data:image/png;base64,'.length), 'base64')).metadata();
    expect([png.format, png.width, png.height]).toEqual(['png', 200, 100]);
    const html = await (await browse(`/c/${token}`)).text();
    expect(html).toContain(`src="${car.logo_url}"`);
    for (const secret of [sub, owner.dealer.email, pkg]) expect(html).not.toContain(secret);
  });

  it("shows only the contact the dealer set for buyers (never the sign-in e-mail), and gives the package to its own dealer alone (Download all)", async () => {
    const token = tokenOf((await owner.call<PackageShare>('PUT', `/api/car-packages/${pkg}/share`)).body)!;
    const read = async () => (await (await signedOut(`/api/share/${token}`)).json()) as SharedCar;
    // Nothing set: no contact at all, and the sign-in e-mail nowhere.
    expect((await read()).contact).toEqual({ phone: null, address: null, email: null });
    expect((await owner.call('PATCH', '/api/profile', { contact_phone: '+1 (555) 010-2030', contact_address: '9 Harbour Road\nPortland', contact_email: 'cars@harbour.example' })).status).toBe(200);
    const car = await read();
    expect(car.contact).toEqual({ phone: '+1 (555) 010-2030', address: '9 Harbour Road\nPortland', email: 'cars@harbour.example' });
    // The package has no VIN or stock number, and one photo: nothing to show of them, no video (404 at its link).
    expect([car.vin, car.stock_number, car.vehicle]).toEqual([null, null, null]);
    if (!car.video) expect((await signedOut(`/api/share/${token}/video`)).status).toBe(404);
    const html = await (await browse(`/c/${token}`)).text();
    expect(html).toContain('href="tel:+15550102030"');
    expect(html).toContain('href="mailto:cars@harbour.example?subject=2019%20Cupra%20Formentor"');
    for (const secret of [subOf(owner.dealer), owner.dealer.email, pkg]) expect(html).not.toContain(secret);

    // "Download all": the package only to the dealer who shared it; another dealer and signed-out callers learn nothing.
    expect(await owner.call('GET', `/api/share/${token}/owner`)).toMatchObject({ status: 200, body: { package_id: pkg } });
    expect(await other.call('GET', `/api/share/${token}/owner`)).toMatchObject({ status: 404, body: { message: SHARE_MESSAGES.notFound } });
    expect((await signedOut(`/api/share/${token}/owner`)).status).toBe(401);
    expect((await owner.call('PATCH', '/api/profile', { contact_phone: '', contact_address: null, contact_email: '' })).status).toBe(200);
    expect((await read()).contact).toEqual({ phone: null, address: null, email: null });
  });

  it("another dealer cannot see or change the package's sharing, and an unknown link answers 404", async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) expect((await other.call('GET' === method ? 'GET' : method, `/api/car-packages/${pkg}/share`)).status, method).toBe(404);
    expect((await owner.call<PackageShare>('GET', `/api/car-packages/${pkg}/share`)).body.shared).toBe(true);
    const unknown = await signedOut(`/api/share/${'A'.repeat(22)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: SHARE_MESSAGES.notFound });
    expect((await signedOut(`/api/share/${'A'.repeat(22)}/images/front/full`)).status).toBe(404);
    // Signed out, the dealer's routes stay closed.
    expect((await signedOut(`/api/car-packages/${pkg}/share`, { method: 'PUT' })).status).toBe(401);
  });

  it('Share off makes the link and its images answer 404 at once; on again is a new link, the old one stays dead', async () => {
    const on = (await owner.call<PackageShare>('PUT', `/api/car-packages/${pkg}/share`)).body;
    const token = tokenOf(on)!;
    const image = ((await (await signedOut(`/api/share/${token}`)).json()) as SharedCar).images[0]!;
    const off = await owner.call<PackageShare>('DELETE', `/api/car-packages/${pkg}/share`);
    expect(off).toMatchObject({ status: 200, body: { shared: false, page_path: null } });
    expect((await signedOut(`/api/share/${token}`)).status).toBe(404);
    expect((await signedOut(`/c/${token}`)).status).toBe(404);
    expect((await signedOut(`/c/${token}/embed`)).status).toBe(404);
    expect((await signedOut(image.full_url)).status).toBe(404);
    expect((await owner.call('GET', `/api/share/${token}/owner`)).status).toBe(404);
    expect(await shares.find(sha256(token))).toBeUndefined();
    // Off again changes nothing.
    expect((await owner.call('DELETE', `/api/car-packages/${pkg}/share`)).status).toBe(200);

    const again = tokenOf((await owner.call<PackageShare>('PUT', `/api/car-packages/${pkg}/share`)).body)!;
    expect(again).not.toBe(token);
    expect((await signedOut(`/api/share/${again}`)).status).toBe(200);
    expect((await signedOut(`/api/share/${token}`)).status).toBe(404);
  });

  it('deleting the package removes its link', async () => {
    const token = tokenOf((await owner.call<PackageShare>('PUT', `/api/car-packages/${pkg}/share`)).body)!;
    expect((await signedOut(`/api/share/${token}`)).status).toBe(200);
    expect((await owner.call('DELETE', `/api/car-packages/${pkg}`)).status).toBe(200);
    expect((await signedOut(`/api/share/${token}`)).status).toBe(404);
    expect((await signedOut(`/c/${token}`)).status).toBe(404);
    expect(await shares.find(sha256(token))).toBeUndefined();
  });

  it("erasing the account removes its shared links", async () => {
    const kept = await finishedPackage(other, 'Erased 2018 Golf');
    const token = tokenOf((await other.call<PackageShare>('PUT', `/api/car-packages/${kept}/share`)).body)!;
    expect((await signedOut(`/api/share/${token}`)).status).toBe(200);
    expect((await other.call('POST', '/api/account/erasure', { confirm: true })).status).toBe(200);
    expect((await signedOut(`/api/share/${token}`)).status).toBe(404);
    expect(await shares.find(sha256(token))).toBeUndefined();
  }, 120_000);
});
