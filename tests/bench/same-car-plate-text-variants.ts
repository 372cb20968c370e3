/**
 * One plate's readings against each other (tests/bench/same-car-plate-text.ts): each photo as the form's check shrinks
 * it, and its copies at 0.5x and 0.7x, darkened as by shade (x0.6) and mirrored, each read as the product reads a plate
 * (functions/src/vision/plate-text/plate-text.ts carPlateText). A photo with an alpha channel (a turntable frame) is its
 * own cut-out; otherwise the whole photo stands for the car (no car check: its cut-out is most of the time here).
 * `npx tsx tests/bench/same-car-plate-text-variants.ts file ...` prints one line a photo and a JSON file in /tmp.
 */
import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { PHOTO_CHECK_MAX_SIDE } from '@shared/schemas/car-photo-check';
import { carPlateText } from '../../functions/src/vision/plate-text/plate-text';
import { warmUpPlateReader } from '../../functions/src/vision/plate-text/plate-reader';
import { photoPaths } from './photo-paths';

type Variant = 'photo' | 'half' | 'seven' | 'shade' | 'mirror';
const VARIANTS: Variant[] = ['photo', 'half', 'seven', 'shade', 'mirror'];

async function read(image: Sharp): Promise<string | null> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  const rgb = Buffer.alloc(3 * n);
  const alpha = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const a = data[4 * i + 3]!;
    // A turntable frame's transparent ground becomes white, as the benchmark shows it.
    for (let c = 0; c < 3; c++) rgb[3 * i + c] = Math.round((data[4 * i + c]! * a + 255 * (255 - a)) / 255);
    alpha[i] = a;
  }
  return carPlateText({ rgb, width: info.width, height: info.height }, alpha);
}

async function main() {
  await warmUpPlateReader();
  const out: Array<{ name: string } & Partial<Record<Variant, string | null>>> = [];
  for (const file of photoPaths(process.argv.slice(2))) {
    const base = await sharp(file).rotate().resize(PHOTO_CHECK_MAX_SIDE, PHOTO_CHECK_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
    const { width } = await sharp(base).metadata();
    const row: (typeof out)[number] = { name: basename(file) };
    const only = process.env.VARIANTS ? (process.env.VARIANTS.split(',') as Variant[]) : VARIANTS;
    for (const v of only) {
      const image = sharp(base);
      if (v === 'half') image.resize(Math.round(width! * 0.5));
      if (v === 'seven') image.resize(Math.round(width! * 0.7));
      if (v === 'shade') image.modulate({ brightness: 0.6 });
      if (v === 'mirror') image.flop();
      row[v] = await read(sharp(await image.png().toBuffer()));
    }
    out.push(row);
    console.log(JSON.stringify(row));
    await writeFile('/tmp/plate-variants.json', JSON.stringify(out));
  }
}

await main();
