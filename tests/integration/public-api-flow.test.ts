import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { WEBHOOK_SIGNATURE_HEADER } from '@shared/integrations';
import { useLocalHost } from '../support/local-host';
import { curl, jsonArgs } from '../support/curl';
import { startReceiver } from '../support/webhook-receiver';

/**
 * Must-hold 1 of issue 28: a dealer's integration drives the whole car package flow with an API key and nothing but
 * curl: create by external_id, upload three photos through the presigned posts, start, receive the signed
 * package.completed webhook on a receiver on this machine and verify its signature, download the zip.
 * (The key and the endpoint are made once in Settings, i.e. with the dealer's session, also by curl.)
 */
const { url } = useLocalHost();
const { signInNewDealer } = await import('./package-api-client');
const { verifySignature } = await import('../../functions/src/webhooks/signing');

const PHOTO = resolve(import.meta.dirname, '../fixtures/cars/cupra-born-grey-front34-street.jpg');
const dir = await mkdtemp(join(tmpdir(), 'public-api-flow-'));
const receiver = await startReceiver();
afterAll(async () => {
  await receiver.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the public API, end to end with a key and curl', () => {
  it('creates by external_id, uploads three photos, starts, gets the signed webhook, downloads the zip', async () => {
    const dealer = await signInNewDealer(url, 'public-api');
    const key = await curl(jsonArgs('POST', `${url}/api/api-keys`, dealer.accessToken, { name: 'DMS sync' }));
    expect(key.status, key.body).toBe(201);
    const secretKey = key.json<{ secret: string }>().secret;
    expect(secretKey).toMatch(/^slk_/);
    const endpoint = await curl(jsonArgs('POST', `${url}/api/webhooks/endpoints`, dealer.accessToken, { url: receiver.url }));
    expect(endpoint.status, endpoint.body).toBe(201);
    const signingSecret = endpoint.json<{ secret: string }>().secret;

    // Three photos of the car: the corner as shot, its mirror image, and a smaller copy (each its own bytes).
    const files = [join(dir, 'front-left.jpg'), join(dir, 'front-right.jpg'), join(dir, 'front-left-small.jpg')];
    await writeFile(files[0]!, await readFile(PHOTO));
    await writeFile(files[1]!, await sharp(PHOTO).flop().jpeg({ quality: 90 }).toBuffer());
    await writeFile(files[2]!, await sharp(PHOTO).resize({ width: 1200 }).jpeg({ quality: 88 }).toBuffer());
    const sizes = await Promise.all(files.map(async (f) => (await readFile(f)).length));
    const request = {
      external_id: 'VIN-WVWZZZ1KZAW000123',
      session_name: '2021 Cupra Born',
      photos: [
        { file_name: 'front-left.jpg', content_type: 'image/jpeg', size: sizes[0], angle: 'front_left_corner' },
        { file_name: 'front-right.jpg', content_type: 'image/jpeg', size: sizes[1], angle: 'front_right_corner' },
        { file_name: 'front-left-small.jpg', content_type: 'image/jpeg', size: sizes[2] },
      ],
    };
    const created = await curl(jsonArgs('POST', `${url}/api/v1/car-packages`, secretKey, request));
    expect(created.status, created.body).toBe(201);
    const pkg = created.json<{ id: string; created: boolean; uploads: { url: string; fields: Record<string, string> }[] }>();
    expect(pkg).toMatchObject({ external_id: request.external_id, status: 'draft', created: true });
    expect(pkg.uploads).toHaveLength(3);

    // The same external_id again: the same package (200), not a second one.
    const again = await curl(jsonArgs('POST', `${url}/api/v1/car-packages`, secretKey, request));
    expect(again.status, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: pkg.id, created: false, status: 'draft' });

    for (const [i, upload] of pkg.uploads.entries()) {
      const form = [...Object.entries(upload.fields).flatMap(([k, v]) => ['-F', `${k}=${v}`]), '-F', `file=@${files[i]};type=image/jpeg`];
      const sent = await curl(['-X', 'POST', upload.url, ...form]);
      expect(sent.status, sent.body).toBeLessThan(300);
    }

    const idempotencyKey = `start-${pkg.id}`;
    const started = await curl(jsonArgs('POST', `${url}/api/v1/car-packages/${pkg.id}/start`, secretKey, undefined, { 'idempotency-key': idempotencyKey }));
    expect(started.status, started.body).toBe(200);
    expect(started.json()).toMatchObject({ replayed: false, total_credits: 4, package: { id: pkg.id, external_id: request.external_id } });
    const repeated = await curl(jsonArgs('POST', `${url}/api/v1/car-packages/${pkg.id}/start`, secretKey, undefined, { 'idempotency-key': idempotencyKey }));
    expect(repeated.json()).toMatchObject({ replayed: true, total_credits: 4 });

    await receiver.waitFor((r) => r.some((x) => JSON.parse(x.body).type === 'package.completed'), 240_000);
    const delivery = receiver.received.find((x) => JSON.parse(x.body).type === 'package.completed')!;
    const signature = String(delivery.headers[WEBHOOK_SIGNATURE_HEADER]);
    expect(verifySignature(signingSecret, delivery.body, signature)).toBe(true);
    expect(verifySignature(signingSecret, delivery.body.replace('completed', 'failed'), signature), 'a changed body fails the check').toBe(false);
    expect(verifySignature('whsec_another', delivery.body, signature), 'another secret fails the check').toBe(false);
    const event = JSON.parse(delivery.body) as { id: string; data: { package: { id: string; external_id: string; completed_angles: number } } };
    expect(event.data.package).toMatchObject({ id: pkg.id, external_id: request.external_id });
    expect(event.data.package.completed_angles).toBeGreaterThan(0);
    // The completed angles were announced too, each once.
    const angleEvents = receiver.received.map((x) => JSON.parse(x.body)).filter((e) => e.type === 'angle.completed');
    expect(angleEvents.length).toBe(event.data.package.completed_angles);

    const detail = await curl(jsonArgs('GET', `${url}/api/v1/car-packages/${pkg.id}`, secretKey));
    expect(detail.json()).toMatchObject({ id: pkg.id, external_id: request.external_id });
    // The event counts the package's own angles (those its photos give); the detail names the others.
    const read = detail.json<{ total_angles: number; missing_angles: { angle: string }[] }>();
    expect((event.data.package as { total_angles?: number }).total_angles).toBe(read.total_angles);
    expect(read.missing_angles.length).toBe(8 - read.total_angles);
    const zip = await curl(jsonArgs('POST', `${url}/api/v1/car-packages/${pkg.id}/zip`, secretKey));
    expect(zip.status, zip.body).toBe(200);
    const link = zip.json<{ url: string; image_count: number }>();
    const zipFile = join(dir, 'package.zip');
    const { stdout: code } = await promisify(execFile)('curl', ['-sS', '-o', zipFile, '-w', '%{http_code}', link.url]);
    expect(code).toBe('200');
    const entries = Object.keys(unzipSync(new Uint8Array(await readFile(zipFile)))).filter((n) => n.endsWith('.jpg'));
    expect(entries).toHaveLength(link.image_count);
    expect(link.image_count).toBe(event.data.package.completed_angles);
  }, 300_000);
});
