/**
 * Issue 39 item 1, the plate wired into the photo check: what reading the plate adds to the local check of one photo
 * (readCarPlate after the check's own cut-out and angle: CPU of the whole process, the recogniser's threads included,
 * and wall time), and, when SAME_CAR_LOT_PHOTOS names a folder of parking-lot photos (local only, never committed), how
 * many pairs of different `br-*` lot cars the same-car comparison flags with and without the plate, all pairs and those
 * whose paints the check reads as one colour. Photos are shrunk to the form's check size first. `--cached` reuses the
 * last run (.cache/same-car-plate-wired.json). Prints counts only (no photo's name or plate).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import sharp from 'sharp';
import { PHOTO_CHECK_MAX_SIDE } from '@shared/schemas/car-photo-check';
import { DIFFERENT_CAR_DISTANCE, likelyDifferentCars, paintDistance, type CarAppearance } from '@shared/same-car';
import { createCutout, cutoutModelFromEnv } from '../../functions/src/renderer/cutout/create-cutout';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { findPlates } from '../../functions/src/renderer/text/plates';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import { readCarPlate } from '../../functions/src/vision/plate-text/car-plate';
import { warmUpPlateReader } from '../../functions/src/vision/plate-text/plate-reader';
import { photoPaths } from './photo-paths';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = resolve(ROOT, '../shared/fixtures/cars');
const CACHE = resolve(ROOT, '.cache/same-car-plate-wired.json');
/** Lot photos timed beside the fixtures (the first ones of the sorted list). */
const TIMED_LOT_PHOTOS = 10;

interface Checked {
  set: 'fixture' | 'lot';
  /** Tune (sha1 of the name starts 0-7) or held out (8-f). */
  half: 'tune' | 'held';
  /** The lot car's identity (its file's name), to pair only different cars; never printed. */
  car: string;
  appearance: CarAppearance | null;
  /** Reading the plate: wall and CPU ms (null: a side, not read). */
  wallMs: number | null;
  cpuMs: number | null;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const half = (name: string): 'tune' | 'held' => (parseInt(createHash('sha1').update(name).digest('hex')[0]!, 16) < 8 ? 'tune' : 'held');

async function measure(): Promise<Checked[]> {
  if (process.argv.includes('--cached') && existsSync(CACHE)) return JSON.parse(await readFile(CACHE, 'utf8'));
  const lotDir = process.env.SAME_CAR_LOT_PHOTOS;
  const photos = [
    ...photoPaths([FIXTURES]).map((path) => ({ path, set: 'fixture' as const })),
    ...(lotDir ? photoPaths([lotDir]).filter((p) => basename(p).startsWith('br-')).map((path) => ({ path, set: 'lot' as const })) : []),
  ];
  const vision = new LocalVision(createCutout(cutoutModelFromEnv()).cutOut);
  await vision.warmUp();
  let t = performance.now();
  await warmUpPlateReader();
  console.log(`recogniser's first load: ${Math.round(performance.now() - t)} ms wall`);
  const out: Checked[] = [];
  let first = true;
  for (const { path, set } of photos) {
    const bytes = await sharp(path).rotate().resize(PHOTO_CHECK_MAX_SIDE, PHOTO_CHECK_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 90 }).toBuffer();
    const photo = await decodePhoto(bytes);
    const { sighting, mask } = await vision.lookClosely(photo, { plate: false });
    if (first && mask) {
      // The text detector's first load, outside the timing.
      t = performance.now();
      await findPlates({ ...photo, carAlpha: mask.alpha }).catch(() => []);
      console.log(`text detector's first load and run: ${Math.round(performance.now() - t)} ms wall`);
      first = false;
    }
    let appearance = sighting.ok ? (sighting.appearance ?? null) : null;
    let wallMs: number | null = null;
    let cpuMs: number | null = null;
    if (sighting.ok && sighting.angle && mask) {
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      const plate = await readCarPlate(photo, mask, sighting.angle);
      const used = process.cpuUsage(cpu);
      if (sighting.angle !== 'left_side' && sighting.angle !== 'right_side') (wallMs = performance.now() - t0), (cpuMs = (used.user + used.system) / 1000);
      if (appearance && plate) appearance = { ...appearance, plate };
    }
    out.push({ set, half: half(basename(path)), car: basename(path), appearance, wallMs, cpuMs });
    process.stderr.write('.');
  }
  await mkdir(resolve(CACHE, '..'), { recursive: true });
  await writeFile(CACHE, JSON.stringify(out));
  return out;
}

function costRow(label: string, rows: Checked[]) {
  const read = rows.filter((r) => r.wallMs !== null);
  const wall = median(read.map((r) => r.wallMs!));
  const cpu = median(read.map((r) => r.cpuMs!));
  console.log(`| ${label} | ${rows.length} | ${read.length} | ${rows.filter((r) => r.appearance?.plate).length} | ${Math.round(cpu)} | ${Math.round(wall)} |`);
}

function pairRow(label: string, rows: Checked[]) {
  const measured = rows.filter((r) => r.appearance);
  let pairs = 0, before = 0, after = 0, bothPlates = 0;
  let samePairs = 0, sameBefore = 0, sameAfter = 0;
  for (let i = 0; i < measured.length; i++)
    for (let j = i + 1; j < measured.length; j++) {
      const a = measured[i]!, b = measured[j]!;
      if (a.car === b.car) continue;
      const pa = a.appearance!, pb = b.appearance!;
      const without = likelyDifferentCars({ ...pa, plate: undefined }, { ...pb, plate: undefined });
      const withPlate = likelyDifferentCars(pa, pb);
      pairs++, (before += +without), (after += +withPlate), (bothPlates += +(!!pa.plate && !!pb.plate));
      if (paintDistance(pa, pb) <= DIFFERENT_CAR_DISTANCE) samePairs++, (sameBefore += +without), (sameAfter += +withPlate);
    }
  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');
  console.log(`| ${label} | ${measured.length} of ${rows.length} | ${pairs} | ${bothPlates} | ${pct(before, pairs)} | ${pct(after, pairs)} | ${samePairs} | ${pct(sameBefore, samePairs)} | ${pct(sameAfter, samePairs)} |`);
}

async function main() {
  const rows = await measure();
  console.log('\n| photos | checked | ends and corners read | plates kept | plate reading CPU ms (median) | wall ms (median) |\n|---|---|---|---|---|---|');
  const fixtures = rows.filter((r) => r.set === 'fixture');
  const lot = rows.filter((r) => r.set === 'lot');
  costRow('fixture photos', fixtures);
  if (lot.length) costRow(`first ${TIMED_LOT_PHOTOS} lot photos`, lot.slice(0, TIMED_LOT_PHOTOS));
  costRow(`fixtures and first ${TIMED_LOT_PHOTOS} lot photos`, [...fixtures, ...lot.slice(0, TIMED_LOT_PHOTOS)]);
  if (lot.length) costRow('all lot photos', lot);
  if (!lot.length) return console.log('\n(no lot row: SAME_CAR_LOT_PHOTOS is unset)');
  console.log('\n| different br lot cars | appearance measured | pairs | both plates kept | flagged without plate | with plate | same-colour pairs (paint <= 14) | without plate | with plate |\n|---|---|---|---|---|---|---|---|---|');
  pairRow('tune (sha1 0-7)', lot.filter((r) => r.half === 'tune'));
  pairRow('held out (8-f)', lot.filter((r) => r.half === 'held'));
  pairRow('all', lot);
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
