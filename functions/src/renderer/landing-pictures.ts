/**
 * Renders the landing page's before/after pairs from the committed CC0 / public-domain / CC BY photos:
 *   npx tsx functions/src/renderer/landing-pictures.ts
 * Writes 1200x800 WebP pictures, 800x533 copies for phones (<slug>-<side>-800.webp) and pairs.json to
 * frontend/public/images/before-after/. The "after" pictures carry the same AI disclosure (IPTC digital source type,
 * software agent) as every studio image; they are not C2PA-signed, since a signature from one machine's local key
 * would read "not signed by us" everywhere else.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import type { Background } from '@shared/backgrounds';
import { BACKGROUND_LABELS } from '@shared/backgrounds';
import { LOCAL_MODEL, preparePhotos, renderPrepared } from './local/local-renderer';
import { disclosureXmp } from '../content-credentials/disclosure';

const ROOT = resolve(import.meta.dirname, '../../..');
const OUT = resolve(ROOT, 'frontend/public/images/before-after');
const SIZE = { width: 1200, height: 800 };
const PHONE_WIDTH = 800;

const PAIRS: Array<{ slug: string; file: string; background: Background; credit: string }> = [
  { slug: 'cupra-born', file: 'cupra-born-grey-front34-street.jpg', background: 'studio', credit: 'Photo: crash71100, CC0 1.0 (Wikimedia Commons)' },
  { slug: 'hyundai-ioniq5', file: 'hyundai-ioniq5-silver-front34-grass.jpg', background: 'studio', credit: 'Photo: TTTNIS, CC0 1.0 (Wikimedia Commons)' },
  { slug: 'bmw-x3', file: 'bmw-x3-blue-front34-parked-4540px.jpg', background: 'studio', credit: 'Photo: IFCAR, public domain (Wikimedia Commons)' },
  { slug: 'bmw-2002', file: 'bmw-2002-silver-front34-grass.jpg', background: 'showroom', credit: '"1974 BMW 2002 turbo" by Sicnag, CC BY 2.0 (Wikimedia Commons); background replaced' },
];

/** The best quality that fits the byte budget (the landing page's weight is measured by bench:web). */
async function webp(input: Buffer, width = SIZE.width, budgetKb = 120, xmp?: string): Promise<Buffer> {
  const height = Math.round((width * SIZE.height) / SIZE.width);
  for (const quality of [72, 64, 56, 48]) {
    let image = sharp(input).resize(width, height, { fit: 'cover' }).webp({ quality, effort: 6 });
    if (xmp) image = image.withXmp(xmp);
    const out = await image.toBuffer();
    if (out.length < budgetKb * 1024) return out;
  }
  throw new Error(`could not fit a ${width} px picture under ${budgetKb} KB`);
}

async function writePicture(name: string, picture: Buffer, xmp?: string): Promise<Buffer> {
  const full = await webp(picture, SIZE.width, 120, xmp);
  await writeFile(resolve(OUT, `${name}.webp`), full);
  await writeFile(resolve(OUT, `${name}-${PHONE_WIDTH}.webp`), await webp(full, PHONE_WIDTH, 60, xmp));
  return full;
}

await mkdir(OUT, { recursive: true });
const manifest = [];
for (const pair of PAIRS) {
  const bytes = await readFile(resolve(ROOT, 'tests/fixtures/cars', pair.file));
  const [prepared] = await preparePhotos([{ id: pair.file, bytes }]);
  const image = await renderPrepared([prepared!], prepared!.angle, pair.background);
  const before = await writePicture(`${pair.slug}-before`, bytes);
  const after = await writePicture(`${pair.slug}-after`, image.full, disclosureXmp('local', LOCAL_MODEL));
  manifest.push({
    slug: pair.slug,
    before: `/images/before-after/${pair.slug}-before.webp`,
    after: `/images/before-after/${pair.slug}-after.webp`,
    width: SIZE.width,
    height: SIZE.height,
    label: `${BACKGROUND_LABELS[pair.background]} Render`,
    credit: pair.credit,
  });
  console.log(`${pair.slug}: before ${(before.length / 1024).toFixed(0)} KB, after ${(after.length / 1024).toFixed(0)} KB`);
}
await writeFile(resolve(OUT, 'pairs.json'), `${JSON.stringify(manifest, null, 2)}\n`);
