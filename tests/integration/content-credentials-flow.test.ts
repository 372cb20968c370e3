import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_VERIFY_BYTES, VERIFY_RATE_PER_MINUTE } from '@shared/content-credentials';
import { CONTENT_CREDENTIALS } from '@shared/content-credentials';
import type { CarPackageZipResponse } from '@shared/schemas/car-packages';
import type { CredentialsReport } from '@shared/schemas/content-credentials';
import { stripLocation } from '../../functions/src/uploads/strip-location';
import { useLocalHost } from '../support/local-host';
import { photoWithGps, SERIAL } from '../content-credentials/support';
import { car } from '../renderer/bad-photos';
import { PackageApi, isFinal, signInNewDealer } from './package-api-client';

/**
 * Content credentials through the product: a package rendered by the local host from a phone photo with GPS and a
 * serial number; what the dealer downloads (one image, the zip) is byte for byte what was stored, and the public
 * check reads its credentials back.
 */
// The studio compositor's images end to end (its renderer name, the car check in the credentials).
const { url } = useLocalHost({ renderer: 'studio' });
const h = await import('../support/car-package-harness');

const { callRoute } = await import('./accounts-test-events');
/**
 * The check's limit is counted per client, and the shared host sees every file's requests from 127.0.0.1: the limit
 * test is a client of its own (its own source address, through the real handler), so the browser's checks and other
 * files' keep their budget whatever runs beside it.
 */
const verifyAsOwnClient = (bytes: Buffer, type = 'image/jpeg') =>
  callRoute('POST /api/content-credentials/verify', { rawBody: bytes.toString('latin1'), contentType: type, sourceIp: '198.51.100.7' }) as Promise<{ status: number; body: CredentialsReport & { message?: string } }>;

const verify = async (bytes: Buffer, type = 'image/jpeg') => {
  const response = await fetch(`${url}/api/content-credentials/verify`, { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(bytes) });
  return { status: response.status, body: (await response.json()) as CredentialsReport & { message?: string } };
};

describe('content credentials of a car package, end to end on the local host', () => {
  it('the download and the zip deliver the stored bytes, credentials intact, naming the uploaded photo; no GPS or serial gets through', async () => {
    const photo = await photoWithGps();
    const api = new PackageApi(url, await signInNewDealer(url, 'c2pa'));
    const id = await api.createWithPhotos([{ file: 'phone-photo.jpg', bytes: photo, angle: 'front_left_corner' }], { name: 'Credentials car' });
    await api.start(id);
    const done = await api.waitFor(id, isFinal, 120_000, 250);
    const image = done.images.find((i) => i.angle === 'front_left_corner')!;
    expect(image.angle_status).toBe('completed');

    const stored = h.imageOf(await h.packageOf(id), 'front_left_corner');
    const storedFull = await h.adapters.photos.readRender(stored.rendered_key!);
    const storedWeb = await h.adapters.photos.readRender(stored.web_key!);
    // What the Download Image button fetches (the signed link) and the gallery shows.
    const downloaded = Buffer.from(await (await fetch(image.rendered_url!)).arrayBuffer());
    const web = Buffer.from(await (await fetch(image.web_url!)).arrayBuffer());
    expect(downloaded.equals(storedFull)).toBe(true);
    expect(web.equals(storedWeb)).toBe(true);
    // The zip holds the same bytes.
    const zip = await api.call<CarPackageZipResponse>('POST', `/api/car-packages/${id}/zip`);
    const files = unzipSync(new Uint8Array(await (await fetch(zip.body.url)).arrayBuffer()));
    const zipped = Object.entries(files).find(([name]) => name.endsWith('front-left-corner.jpg'))![1];
    expect(Buffer.from(zipped).equals(storedFull)).toBe(true);

    // The credentials name the photo we keep: the upload with its location removed at start (the dealer's GPS never
    // reaches our storage beyond the draft), so its hash is that of stripLocation(upload), not of the phone's bytes.
    const found = await h.packageOf(id);
    const kept = found.pkg.photos.find((p) => p.id === h.imageOf(found, 'front_left_corner').source_photo_id)!;
    const source = await h.adapters.photos.readUpload(kept.key);
    expect(source.equals(stripLocation(photo))).toBe(true);
    expect(source.equals(photo)).toBe(false);
    const sha = createHash('sha256').update(source).digest('hex');
    for (const [bytes, type] of [[Buffer.from(zipped), 'image/jpeg'], [web, 'image/webp']] as const) {
      const checked = await verify(bytes, type);
      expect(checked.status).toBe(200);
      expect(checked.body).toMatchObject({ status: 'signed_by_us', renderer: 'local', photoSha256: sha, problems: [] });
      expect(checked.body.carFidelity).toMatchObject({ measured: true, score: image.metadata.fidelity });
      expect(bytes.toString('latin1')).not.toContain(SERIAL);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
  }, 180_000);

  it('the public check: a plain photo has none; bad input is refused with its reason and counts nothing; a client is rate-limited', async () => {
    expect((await verify(car('bmw-x3-blue-front34-parked-4540px.jpg'))).body.status).toBe('none');
    expect(await verify(Buffer.from('hello, not an image'), 'text/plain')).toMatchObject({ status: 400, body: { message: CONTENT_CREDENTIALS.unsupportedType } });
    expect(await verify(Buffer.alloc(0))).toMatchObject({ status: 400, body: { message: CONTENT_CREDENTIALS.empty } });
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(MAX_VERIFY_BYTES)]);
    expect(await verify(big)).toMatchObject({ status: 413, body: { message: CONTENT_CREDENTIALS.tooLarge(MAX_VERIFY_BYTES / 1024 / 1024) } });
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).jpeg().toBuffer();
    // Refused input is not counted: more refusals than the limit within one minute, and a real check still passes.
    for (let attempt = 0; attempt < 2; attempt++) {
      const minute = Math.floor(Date.now() / 60_000);
      for (let i = 0; i < VERIFY_RATE_PER_MINUTE + 2; i++) expect((await verifyAsOwnClient(Buffer.from('not an image'), 'text/plain')).status).toBe(400);
      const after = await verifyAsOwnClient(small);
      if (Math.floor(Date.now() / 60_000) !== minute) continue; // the window turned meanwhile: once more
      expect(after.status).toBe(200);
      break;
    }
    // Within one minute's window a client gets at most the limit; the next check is refused (a window may turn once).
    const statuses: number[] = [];
    for (let i = 0; i < 2 * VERIFY_RATE_PER_MINUTE + 2 && !statuses.includes(429); i++) statuses.push((await verifyAsOwnClient(small)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(2 * VERIFY_RATE_PER_MINUTE);
    expect((await verifyAsOwnClient(small)).body.message).toBe(CONTENT_CREDENTIALS.rateLimited);
  });
});
