import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CarPackageDetail, CreateCarPackageResponse } from '@shared/schemas/car-packages';
import type { InventoryFeed, InventoryFeedLink, InventoryFeedLinkStatus } from '@shared/schemas/inventory-feed';
import type { PackageShare } from '@shared/schemas/share';
import { useLocalHost } from '../support/local-host';
import { PackageApi, isFinal, signInNewDealer, uploadByPresignedPost } from './package-api-client';

/**
 * Issue 41, item 4: the dealer's secret feed link, for a listing site that cannot send a key. Made in Settings (shown
 * once), read with no key as CSV or JSON; renewed by API, after which the old link and the image links signed with the
 * old key are refused at once; a shared car's images in the feed are its public page's links, in every size.
 */
const { url } = useLocalHost();
const CUPRA = readFileSync(resolve(import.meta.dirname, '../fixtures/cars/cupra-born-grey-front34-street.jpg'));

async function finishedCar(api: PackageApi, name: string): Promise<CarPackageDetail> {
  const created = await api.call<CreateCarPackageResponse>('POST', '/api/car-packages', {
    session_name: name,
    stock_number: 'L-1',
    photos: [{ file_name: 'front-left.jpg', content_type: 'image/jpeg', size: CUPRA.length, angle: 'front_left_corner' }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await uploadByPresignedPost(created.body.uploads[0]!, CUPRA);
  expect((await api.call('POST', `/api/car-packages/${created.body.package_id}/start`)).status).toBe(200);
  return api.waitFor(created.body.package_id, isFinal, 60_000);
}

type Row = Record<'package_id' | 'name' | 'stock_number' | 'angles' | 'shared' | 'image_urls_full' | 'image_urls_1024' | 'image_urls_640x480', string>;
const rowsOf = (csv: string) => parse(csv, { columns: true, skip_empty_lines: true }) as Row[];
const dimensions = async (href: string) => {
  const r = await fetch(href);
  expect(r.status, href).toBe(200);
  const { width, height } = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
  return { width, height };
};

describe('the secret feed link', () => {
  let owner: PackageApi;
  let key: string;
  let car: CarPackageDetail;

  beforeAll(async () => {
    owner = new PackageApi(url, await signInNewDealer(url, 'feed-link'));
    key = (await owner.call<{ secret: string }>('POST', '/api/api-keys', { name: 'DMS' })).body.secret;
    car = await finishedCar(owner, '2021 Cupra Born');
  }, 80_000);

  it('is made in Settings and shown once, reads with no key as CSV and JSON, and is refused at once once renewed', async () => {
    const before = await owner.call<InventoryFeedLinkStatus>('GET', '/api/inventory-feed/link');
    expect(before.body).toEqual({ active: false, created_at: null, dealer_id: car.user_id });

    const made = await owner.call<InventoryFeedLink>('POST', '/api/inventory-feed/link');
    expect(made.status).toBe(200);
    expect(made.body.url).toMatch(new RegExp(`^${url}/api/feeds/[A-Za-z0-9_-]{43}$`));
    // Only whether there is one and since when: the link itself is not shown again.
    const after = await owner.call<InventoryFeedLinkStatus>('GET', '/api/inventory-feed/link');
    expect(after.body).toEqual({ active: true, created_at: made.body.created_at, dealer_id: car.user_id });
    expect(JSON.stringify(after.body)).not.toContain(made.body.url.split('/').pop());

    const csv = await fetch(made.body.url);
    expect(csv.status).toBe(200);
    const rows = rowsOf(await csv.text());
    expect(rows.map((r) => [r.package_id, r.name, r.stock_number])).toEqual([[car.id, '2021 Cupra Born', 'L-1']]);
    const json = (await (await fetch(`${made.body.url}?format=json`)).json()) as InventoryFeed;
    expect(json.cars.map((c) => c.image_urls_full.join('|'))).toEqual(rows.map((r) => r.image_urls_full));
    const oldImage = rows[0]!.image_urls_1024.split('|')[0]!;
    expect(await dimensions(oldImage)).toEqual({ width: 1024, height: 683 });

    // Renewed by API (as a DMS would after a leak): the old link and the old key's image links are refused at once.
    const renewed = await fetch(`${url}/api/v1/dealers/${car.user_id}/inventory-feed/link`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
    expect(renewed.status).toBe(200);
    const next = (await renewed.json()) as InventoryFeedLink;
    expect(next.url).not.toBe(made.body.url);
    for (const old of [made.body.url, `${made.body.url}?format=json`]) {
      const refused = await fetch(old);
      expect(refused.status).toBe(404);
      expect(await refused.text()).not.toContain(car.id);
    }
    expect((await fetch(oldImage)).status).toBe(404);
    const nextRows = rowsOf(await (await fetch(next.url)).text());
    expect(nextRows.map((r) => r.package_id)).toEqual([car.id]);
    const newImage = nextRows[0]!.image_urls_1024.split('|')[0]!;
    expect(newImage).not.toBe(oldImage);
    expect(await dimensions(newImage)).toEqual({ width: 1024, height: 683 });
    // Renewed in Settings: the API's link is refused in turn.
    const third = await owner.call<InventoryFeedLink>('POST', '/api/inventory-feed/link');
    expect((await fetch(next.url)).status).toBe(404);
    expect((await fetch(third.body.url)).status).toBe(200);

    // A link of the wrong shape is a clear 400; a link no dealer has, 404 as a renewed one.
    const malformed = await fetch(`${url}/api/feeds/not-a-link`);
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain('token is not a feed link');
    expect((await fetch(`${url}/api/feeds/${'Z'.repeat(43)}`)).status).toBe(404);
  });

  it('gives a shared car’s images as its public page’s links, in every size, stable while it stays shared', async () => {
    const { url: link } = (await owner.call<InventoryFeedLink>('POST', '/api/inventory-feed/link')).body;
    const shared = await owner.call<PackageShare>('PUT', `/api/car-packages/${car.id}/share`);
    expect(shared.status).toBe(200);
    const token = /^\/c\/([A-Za-z0-9_-]{22})$/.exec(shared.body.page_path ?? '')![1]!;
    const row = rowsOf(await (await fetch(link)).text())[0]!;
    expect(row.shared).toBe('true');
    const angle = row.angles.split('|')[0]!;
    expect(row.image_urls_full.split('|')[0]).toBe(`${url}/api/share/${token}/images/${angle}/full`);
    expect(row.image_urls_640x480.split('|')[0]).toBe(`${url}/api/share/${token}/images/${angle}/640x480`);
    expect(await dimensions(row.image_urls_640x480.split('|')[0]!)).toEqual({ width: 640, height: 480 });
    expect(await dimensions(row.image_urls_1024.split('|')[0]!)).toEqual({ width: 1024, height: 683 });
    expect(rowsOf(await (await fetch(link)).text())[0]).toEqual(row);

    // Share off: the public links answer 404 and the feed goes back to signed links.
    expect((await owner.call('DELETE', `/api/car-packages/${car.id}/share`)).status).toBe(200);
    expect((await fetch(row.image_urls_640x480.split('|')[0]!)).status).toBe(404);
    const unshared = rowsOf(await (await fetch(link)).text())[0]!;
    expect(unshared.shared).toBe('false');
    expect(await dimensions(unshared.image_urls_640x480.split('|')[0]!)).toEqual({ width: 640, height: 480 });
  });
});
