import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { INVENTORY_FEED_COLUMNS, type InventoryFeedCar } from '@shared/schemas/inventory-feed';
import { feedCsv, signFeedFile } from './inventory-feed';
import { resizeForFeed } from './image-sizes';
import { derivedSizeKey } from './listing-sizes';

const car = (over: Partial<InventoryFeedCar>): InventoryFeedCar => ({
  vin: null,
  stock_number: null,
  name: 'Car',
  year: null,
  make: null,
  model: null,
  status: 'completed',
  angles: ['front', 'rear'],
  image_urls_full: ['https://lot.example/a', 'https://lot.example/b'],
  image_urls_1024: ['https://lot.example/c', 'https://lot.example/d'],
  image_urls_640x480: ['https://lot.example/e', 'https://lot.example/f'],
  video_url: null,
  shared: false,
  package_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  external_id: null,
  updated_at: '2026-11-30T00:00:00.000Z',
  ...over,
});

describe('the feed as CSV', () => {
  it('quotes every field, doubles quotes, keeps commas and line breaks inside a field, ends lines with CRLF', () => {
    const csv = feedCsv({ cars: [car({ name: 'Golf, "GTI"\nred', stock_number: 'S 1', year: 2019 })] });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(INVENTORY_FEED_COLUMNS.map((c) => `"${c}"`).join(','));
    expect(csv).toContain('"Golf, ""GTI""\nred"');
    expect(csv.endsWith('\r\n')).toBe(true);
    const [row] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ name: 'Golf, "GTI"\nred', stock_number: 'S 1', year: '2019', vin: '', angles: 'front|rear', image_urls_full: 'https://lot.example/a|https://lot.example/b', shared: 'false' });
  });

  it('disarms a cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return) with a leading apostrophe', () => {
    const risky = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'];
    const csv = feedCsv({ cars: risky.map((name, i) => car({ name, stock_number: i === 0 ? '=1' : null })) });
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.name)).toEqual(risky.map((n) => `'${n}`));
    expect(rows[0]!.stock_number).toBe("'=1");
    // What is not risky stays as it was.
    expect((parse(feedCsv({ cars: [car({ name: '2019 BMW X3 - M40i' })] }), { columns: true }) as Record<string, string>[])[0]!.name).toBe('2019 BMW X3 - M40i');
  });
});

describe('signed feed file links', () => {
  it('change with the file, the stored image it is of, the package and the key; never otherwise', () => {
    const key = Buffer.alloc(32, 7).toString('base64url');
    const base = signFeedFile(key, 'P1', 'front-full.jpg', 'car-packages/u/P1/front/1/car-front.jpg');
    expect(base).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signFeedFile(key, 'P1', 'front-full.jpg', 'car-packages/u/P1/front/1/car-front.jpg')).toBe(base);
    expect(signFeedFile(key, 'P1', 'front-1024.jpg', 'car-packages/u/P1/front/1/car-front.jpg')).not.toBe(base);
    expect(signFeedFile(key, 'P1', 'front-full.jpg', 'car-packages/u/P1/front/2/car-front.jpg')).not.toBe(base);
    expect(signFeedFile(key, 'P2', 'front-full.jpg', 'car-packages/u/P1/front/1/car-front.jpg')).not.toBe(base);
    expect(signFeedFile(Buffer.alloc(32, 8).toString('base64url'), 'P1', 'front-full.jpg', 'car-packages/u/P1/front/1/car-front.jpg')).not.toBe(base);
  });
});

describe('listing sizes', () => {
  /** A 1536x1024 frame: yellow columns at the far left and right (where a long car's bumpers are), red top, blue bottom. */
  const frame = () =>
    sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#808080' } })
      .composite([
        { input: { create: { width: 40, height: 1024, channels: 3, background: '#ffff00' } }, left: 0, top: 0 },
        { input: { create: { width: 40, height: 1024, channels: 3, background: '#ffff00' } }, left: 1496, top: 0 },
        { input: { create: { width: 1456, height: 60, channels: 3, background: '#ff0000' } }, left: 40, top: 0 },
        { input: { create: { width: 1456, height: 60, channels: 3, background: '#0000ff' } }, left: 40, top: 964 },
      ])
      .jpeg({ quality: 95 })
      .toBuffer();
  const pixel = async (jpeg: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * info.channels;
    return [data[at]!, data[at + 1]!, data[at + 2]!];
  };
  const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - want[i]!) < 40);

  it('1024: 1024 px wide, the 3:2 frame kept', async () => {
    const out = await resizeForFeed(await frame(), '1024');
    expect(await sharp(out).metadata()).toMatchObject({ width: 1024, height: 683, format: 'jpeg' });
  });

  it('640x480: exactly 640x480, letterboxed (the whole width kept), the bands continued from the top and bottom rows', async () => {
    const out = await resizeForFeed(await frame(), '640x480');
    expect(await sharp(out).metadata()).toMatchObject({ width: 640, height: 480, format: 'jpeg' });
    // Nothing cropped: the yellow edges of the frame are still at the left and right edges.
    expect(near(await pixel(out, 3, 240), [255, 255, 0])).toBe(true);
    expect(near(await pixel(out, 636, 240), [255, 255, 0])).toBe(true);
    // The bands above and below (26 and 27 rows) carry on the frame's top (red) and bottom (blue), not a flat colour.
    expect(near(await pixel(out, 320, 2), [255, 0, 0])).toBe(true);
    expect(near(await pixel(out, 320, 477), [0, 0, 255])).toBe(true);
  });

  it('keeps each size beside the image of its attempt (a retried angle gets its own)', () => {
    expect(derivedSizeKey('car-packages/u/P1/front/2/golf-front.jpg', '640x480')).toBe('car-packages/u/P1/front/2/sizes/640x480.jpg');
  });
});
