import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANGLES } from '@shared/angles';
import type { CarPackageDetail, CreateCarPackageResponse } from '@shared/schemas/car-packages';
import { INVENTORY_FEED_COLUMNS, type InventoryFeed } from '@shared/schemas/inventory-feed';
import { useLocalHost } from '../support/local-host';
import { PackageApi, isFinal, signInNewDealer, uploadByPresignedPost } from './package-api-client';

/**
 * Must-hold of issue 41, item 4: a listing site reads the dealer's CSV inventory feed with an API key and finds each
 * finished car with its images in angle order (and their sizes as asked: 1536x1024, 1024 wide, exactly 640x480); the
 * same URLs in every read; refused without a key, and with another dealer's key (404, nothing of the dealer's cars).
 */
const { url } = useLocalHost();
const CUPRA = readFileSync(resolve(import.meta.dirname, '../fixtures/cars/cupra-born-grey-front34-street.jpg'));
const FLOPPED = await sharp(CUPRA).flop().jpeg({ quality: 90 }).toBuffer();

/** Cars as the dealer names them: one with a decoded VIN, one whose name a spreadsheet would take for a formula. */
const CARS = [
  { session_name: '2003 Honda Accord', vin: '1HGCM82633A004352', stock_number: 'A-100' },
  { session_name: '=HYPERLINK("http://evil.example","Click"), "Demo" car', stock_number: 'B-200' },
  { session_name: '2021 Cupra Born', stock_number: 'C-300' },
];

type Row = Record<(typeof INVENTORY_FEED_COLUMNS)[number], string>;

async function finishedCar(api: PackageApi, fields: Record<string, string | undefined>): Promise<CarPackageDetail> {
  const photos = [
    { bytes: FLOPPED, angle: 'front_right_corner' },
    { bytes: CUPRA, angle: 'front_left_corner' },
  ];
  const created = await api.call<CreateCarPackageResponse>('POST', '/api/car-packages', {
    ...fields,
    photos: photos.map((p, i) => ({ file_name: `photo-${i}.jpg`, content_type: 'image/jpeg', size: p.bytes.length, angle: p.angle })),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await Promise.all(created.body.uploads.map((u, i) => uploadByPresignedPost(u, photos[i]!.bytes)));
  expect((await api.call('POST', `/api/car-packages/${created.body.package_id}/start`)).status).toBe(200);
  // Finished and its walk-around video made: the video is the workflow's last task, after the package is final, and
  // it changes the car's row (video_url, updated_at), so a read before it would not match a read after it.
  return api.waitFor(created.body.package_id, (p) => isFinal(p) && p.video !== null, 60_000);
}

const withKey = (path: string, key?: string) => fetch(`${url}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {}, redirect: 'manual' });
const feedPath = (dealerId: string, query = '') => `/api/v1/dealers/${dealerId}/inventory-feed${query}`;
const rowsOf = (csv: string): Row[] => parse(csv, { columns: true, skip_empty_lines: true }) as Row[];
const sizeOf = async (href: string) => {
  const r = await fetch(href);
  expect(r.status, href).toBe(200);
  expect(r.headers.get('content-type')).toBe('image/jpeg');
  const { width, height, format } = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
  return { width, height, format };
};

describe('the inventory feed with an API key', () => {
  let owner: PackageApi;
  let ownerId: string;
  let ownerKey: string;
  let otherKey: string;
  let otherId: string;
  let cars: CarPackageDetail[];

  beforeAll(async () => {
    const [a, b] = await Promise.all([signInNewDealer(url, 'feed-owner'), signInNewDealer(url, 'feed-other')]);
    owner = new PackageApi(url, a);
    const other = new PackageApi(url, b);
    const keyOf = async (api: PackageApi) => (await api.call<{ secret: string }>('POST', '/api/api-keys', { name: 'Listing site' })).body.secret;
    [ownerKey, otherKey] = await Promise.all([keyOf(owner), keyOf(other)]);
    cars = await Promise.all(CARS.map((fields) => finishedCar(owner, fields)));
    ownerId = cars[0]!.user_id;
    otherId = (await other.call<{ dealer_id: string }>('GET', '/api/inventory-feed/link')).body.dealer_id;
    // A draft is not in the feed.
    expect((await owner.call('POST', '/api/car-packages', { session_name: 'Draft car', photos: [{ file_name: 'a.jpg', content_type: 'image/jpeg', size: CUPRA.length }] })).status).toBe(201);
  }, 80_000);

  it('lists each finished car once, newest first, with its images in angle order, the same URLs in every read', async () => {
    const response = await withKey(feedPath(ownerId), ownerKey);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    const csv = await response.text();
    // RFC 4180: a header row in the documented order, CRLF line ends, every field quoted.
    expect(csv.split('\r\n')[0]).toBe(INVENTORY_FEED_COLUMNS.map((c) => `"${c}"`).join(','));
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = rowsOf(csv);
    // Newest first: package ids are ULIDs, in the order they were created.
    expect(rows.map((r) => r.package_id)).toEqual(cars.map((c) => c.id).sort().reverse());

    for (const car of cars) {
      const row = rows.find((r) => r.package_id === car.id)!;
      const finished = ANGLES.filter((a) => car.images.some((i) => i.angle === a && i.angle_status === 'completed'));
      expect(finished.length, `${car.session_name}: finished angles`).toBeGreaterThanOrEqual(2);
      expect(row.angles.split('|')).toEqual(finished);
      for (const column of ['image_urls_full', 'image_urls_1024', 'image_urls_640x480'] as const) {
        const urls = row[column].split('|');
        expect(urls).toHaveLength(finished.length);
        const size = column.replace('image_urls_', '');
        // The n-th URL is of the n-th angle, in the asked size.
        urls.forEach((u, n) => expect(u).toMatch(new RegExp(`^${url}/api/feed-files/${car.id}/${finished[n]}-${size}\\.jpg/[A-Za-z0-9_-]{43}$`)));
      }
      expect(row.status).toBe(car.status);
      expect(row.shared).toBe('false');
    }
    const honda = rows.find((r) => r.package_id === cars[0]!.id)!;
    expect(honda).toMatchObject({ vin: '1HGCM82633A004352', stock_number: 'A-100', name: '2003 Honda Accord', year: '2003', make: 'Honda', model: 'Accord' });
    // The name a spreadsheet would run: kept whole (quotes and comma included), with the apostrophe that disarms it.
    expect(rows.find((r) => r.package_id === cars[1]!.id)!.name).toBe(`'${CARS[1]!.session_name}`);

    // Read again: the same URLs (a listing site keeps them and re-downloads only what changed).
    expect(rowsOf(await (await withKey(feedPath(ownerId), ownerKey)).text())).toEqual(rows);

    // The sizes, decoded: the full 1536x1024, 1024 px wide, exactly 640x480.
    const cupra = rows.find((r) => r.package_id === cars[2]!.id)!;
    const [full, medium, small] = (['image_urls_full', 'image_urls_1024', 'image_urls_640x480'] as const).map((c) => cupra[c].split('|')[0]!) as [string, string, string];
    expect(await sizeOf(full)).toEqual({ width: 1536, height: 1024, format: 'jpeg' });
    expect(await sizeOf(medium)).toEqual({ width: 1024, height: 683, format: 'jpeg' });
    expect(await sizeOf(small)).toEqual({ width: 640, height: 480, format: 'jpeg' });
    // Kept once made: the same bytes the second time.
    const twice = await Promise.all([fetch(small), fetch(small)].map(async (r) => Buffer.from(await (await r).arrayBuffer())));
    expect(twice[0]!.equals(twice[1]!)).toBe(true);
    // A signature that is not this file's is refused.
    const forged = `${small.slice(0, small.lastIndexOf('/') + 1)}${'A'.repeat(43)}`;
    expect((await fetch(forged)).status).toBe(404);
    const swapped = small.replace(`/${cupra.angles.split('|')[0]}-640x480.jpg/`, `/${cupra.angles.split('|')[1]}-640x480.jpg/`);
    expect((await fetch(swapped)).status).toBe(404);
  }, 60_000);

  it('answers the same fields as JSON', async () => {
    const csvRows = rowsOf(await (await withKey(feedPath(ownerId), ownerKey)).text());
    const response = await withKey(feedPath(ownerId, '?format=json'), ownerKey);
    expect(response.status).toBe(200);
    const feed = (await response.json()) as InventoryFeed;
    expect(feed).toMatchObject({ next_cursor: null, has_more: false });
    expect(feed.cars.map((c) => Object.keys(c))).toEqual(feed.cars.map(() => [...INVENTORY_FEED_COLUMNS]));
    expect(feed.cars.map((c) => c.package_id)).toEqual(csvRows.map((r) => r.package_id));
    expect(feed.cars.map((c) => c.image_urls_640x480.join('|'))).toEqual(csvRows.map((r) => r.image_urls_640x480));
        // A page at a time: the Link header and X-Next-Cursor of the CSV name the next page.
    const first = await withKey(feedPath(ownerId, '?limit=2'), ownerKey);
    expect(rowsOf(await first.text()).map((r) => r.package_id)).toEqual(csvRows.slice(0, 2).map((r) => r.package_id));
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    expect(rowsOf(await (await withKey(next!, ownerKey)).text()).map((r) => r.package_id)).toEqual(csvRows.slice(2).map((r) => r.package_id));
  });

  it('is refused without a key and with another dealer’s key, which never yields the dealer’s cars', async () => {
    const anonymous = await withKey(feedPath(ownerId));
    expect(anonymous.status).toBe(401);
    const bogus = await withKey(feedPath(ownerId), `slk_${'x'.repeat(40)}`);
    expect(bogus.status).toBe(401);

    for (const query of ['', '?format=json']) {
      const other = await withKey(feedPath(ownerId, query), otherKey);
      expect(other.status).toBe(404);
      const body = await other.text();
      for (const car of cars) expect(body).not.toContain(car.id);
      expect(body).not.toContain('1HGCM82633A004352');
      expect(body).not.toContain('feed-files');
    }
    // Renewing another dealer's feed link: refused the same way, and nothing changes for the owner.
    const rotate = await fetch(`${url}${feedPath(ownerId)}/link`, { method: 'POST', headers: { authorization: `Bearer ${otherKey}` } });
    expect(rotate.status).toBe(404);
    expect((await owner.call<{ active: boolean }>('GET', '/api/inventory-feed/link')).body.active).toBe(false);

    // The other dealer's key reads the other dealer's own feed: none of the owner's cars in it.
    const own = await withKey(feedPath(otherId), otherKey);
    expect(own.status).toBe(200);
    expect(rowsOf(await own.text())).toEqual([]);
  });
});
