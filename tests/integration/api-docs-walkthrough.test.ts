import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { WALKTHROUGH } from '@shared/api-walkthrough';
import { useLocalHost } from '../support/local-host';

/**
 * The API reference's curl walk-through (/docs/api) works as written: its code blocks, from the same source the page
 * renders, run one after the other in one bash with real curl and jq against the local host, with BASE_URL and a key.
 */
const { url } = useLocalHost();
const { signInNewDealer } = await import('./package-api-client');
const dir = await mkdtemp(join(tmpdir(), 'api-walkthrough-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the API reference walk-through', () => {
  it('runs as written: balance, create by external_id, upload, start, wait, zip, inventory feed', async () => {
    const dealer = await signInNewDealer(url, 'walkthrough');
    const created = await fetch(`${url}/api/api-keys`, { method: 'POST', headers: { authorization: `Bearer ${dealer.accessToken}`, 'content-type': 'application/json' }, body: '{"name":"walk-through"}' });
    const { secret } = (await created.json()) as { secret: string };
    await copyFile(resolve(import.meta.dirname, '../fixtures/cars/cupra-born-grey-front34-street.jpg'), join(dir, 'front-left.jpg'));

    const script = ['set -euo pipefail', ...WALKTHROUGH.map((s) => `echo "### ${s.title}"\n${s.code}`)].join('\n');
    const { stdout } = await promisify(execFile)('bash', ['-c', script], { cwd: dir, env: { ...process.env, BASE_URL: url, API_KEY: secret }, timeout: 280_000 });
    expect(stdout).toContain('"total_credits": 5');
    expect(stdout).toContain('"replayed": false');
    // Its one photo of the front left corner makes a package of that angle: completed, the 7 others named as missing.
    expect(stdout).toContain('"status": "completed"');
    expect(stdout).toContain('"total_angles": 1');
    expect(stdout).toMatch(/"missing": \[\s*"front",\s*"rear",/);
    const zip = unzipSync(new Uint8Array(await readFile(join(dir, 'studio-images.zip'))));
    expect(Object.keys(zip).filter((n) => n.endsWith('.jpg')).length).toBeGreaterThan(0);
    // The inventory feed: its CSV header, the car's row, and a 640x480 listing image fetched from its URL.
    const feed = await readFile(join(dir, 'inventory.csv'), 'utf8');
    expect(feed.split('\r\n')[0]).toMatch(/^"vin","stock_number","name","year","make","model","status","angles",/);
    expect(feed).toContain('"2021 Cupra Born"');
    const listing = await sharp(await readFile(join(dir, 'front-640x480.jpg'))).metadata();
    expect([listing.width, listing.height]).toEqual([640, 480]);
  }, 300_000);
});
