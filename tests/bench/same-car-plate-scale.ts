/**
 * Issue 39 item 1 (different cars of one paint colour): the car's size at a known scale, its number plate's. On a front
 * or rear the plate's width in pixels gives the car's width and height in plate widths (and in millimetres where the
 * plate's standard is known: EU 520, US 305, BR 400 mm wide). Measured here: one car's spread against the spread
 * between cars (docs/benchmarks/same-car.md, "Same car: the car's size at its plate's scale").
 *
 * `--measure` runs the local car check and the product's plate finder (functions/src/renderer/text/plates.ts
 * findPlates) on the benchmark's photos (tests/bench/same-car.ts shots) and keeps what each found in
 * .cache/same-car-plate-scale.json; `--photos file ...` does the same for photos never tuned on (each file another car,
 * its plate standard from its name's prefix: eu-, us-, br-) into .cache/same-car-plate-scale-unseen.json. Each photo is
 * shrunk to the form's check size first (PHOTO_CHECK_MAX_SIDE). Without flags: the tables from the caches.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import sharp from 'sharp';
import { PHOTO_CHECK_MAX_SIDE } from '@shared/schemas/car-photo-check';
import { createCutout, cutoutModelFromEnv } from '../../functions/src/renderer/cutout/create-cutout';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { findPlates, panelAround } from '../../functions/src/renderer/text/plates';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import { silhouetteTouchesFrame } from '../../functions/src/vision/frame-contact';
import { half, nearerOrFurther, shots, type Shot } from './same-car';

const ROOT = resolve(import.meta.dirname, '../..');
const CACHE = resolve(ROOT, '.cache/same-car-plate-scale.json');
const NEAR_CACHE = resolve(ROOT, '.cache/same-car-plate-scale-near.json');
const UNSEEN_CACHE = resolve(ROOT, '.cache/same-car-plate-scale-unseen.json');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlateMeasure {
  car: string;
  family: string;
  name: string;
  region: string;
  scale?: number;
  width: number;
  height: number;
  angle: string | null;
  symmetry: number | null;
  aspect: number | null;
  paint: [number, number, number] | null;
  touches: boolean;
  /** The silhouette's box (photo pixels). */
  car_box: Box;
  /** findPlates' boxes, most plate-like first (at most 8), each with its light panel when it has one. */
  plates: Array<Box & { score: number; panel?: Box }>;
  plateMs: number;
  plateCpuMs: number;
}

async function shrunk(bytes: Buffer): Promise<Buffer> {
  const m = await sharp(bytes).rotate().metadata();
  if (Math.max(m.width!, m.height!) <= PHOTO_CHECK_MAX_SIDE) return bytes;
  return sharp(bytes).rotate().resize(PHOTO_CHECK_MAX_SIDE, PHOTO_CHECK_MAX_SIDE, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
}

async function measure(all: Array<Shot & { region: string; scale?: number }>, cache: string): Promise<void> {
  const vision = new LocalVision(createCutout(cutoutModelFromEnv()).cutOut);
  await vision.warmUp();
  const out: PlateMeasure[] = [];
  for (const { bytes, ...shot } of all) {
    const photo = await decodePhoto(await shrunk(bytes));
    const { sighting, mask } = await vision.lookClosely(photo);
    if (!sighting.ok || !mask) {
      console.log(shot.name, 'no car');
      continue;
    }
    const { box } = mask;
    const t = performance.now();
    const cpu = process.cpuUsage();
    const plates = await findPlates({ rgb: photo.rgb, width: photo.width, height: photo.height, carAlpha: mask.alpha });
    const used = process.cpuUsage(cpu);
    const plateMs = Math.round(performance.now() - t);
    const shape = sighting.appearance?.shape;
    out.push({
      ...shot,
      width: photo.width,
      height: photo.height,
      angle: sighting.angle,
      symmetry: shape?.symmetry ?? null,
      aspect: shape?.aspect ?? null,
      paint: sighting.appearance?.paint ?? null,
      touches: silhouetteTouchesFrame(mask),
      car_box: { x: box.left, y: box.top, width: box.right - box.left, height: box.bottom - box.top },
      plates: plates.slice(0, 8).map((p) => {
        const panel = panelAround(photo, p);
        return { x: p.x, y: p.y, width: p.width, height: p.height, score: Math.round(p.score * 100) / 100, ...(panel ? { panel } : {}) };
      }),
      plateMs,
      plateCpuMs: Math.round((used.user + used.system) / 1000),
    });
    const p = out.at(-1)!;
    console.log(shot.name, p.angle, p.car_box.width, p.car_box.height, p.plates[0] ? `${p.plates[0].width}x${p.plates[0].height} panel ${p.plates[0].panel?.width ?? '-'}` : 'no plate', `${plateMs} ms`);
  }
  await mkdir(resolve(cache, '..'), { recursive: true });
  await writeFile(cache, JSON.stringify(out));
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--measure')) {
    const all = await shots();
    // --near: the benchmark's nearer-or-further copies only (its real photos and Changan frames at 0.5x and 0.7x).
    const list = args.includes('--near') ? (await nearerOrFurther(all)).filter((s) => !s.car.startsWith('changan')) : all;
    await measure(list.map((s) => ({ ...s, region: '?' })), args.includes('--near') ? NEAR_CACHE : CACHE);
    return;
  }
  const at = args.indexOf('--photos');
  if (at >= 0) {
    const files = args.slice(at + 1);
    const list: Array<Shot & { region: string }> = [];
    for (const f of files) {
      const name = basename(f);
      list.push({ car: name, family: '?', name, region: name.split('-')[0]!, bytes: await readFile(f) });
    }
    await measure(list, UNSEEN_CACHE);
    return;
  }
  const { report } = await import('./same-car-plate-scale-report');
  const read = async (path: string) => (existsSync(path) ? JSON.parse(await readFile(path, 'utf8')) : []);
  report([...(await read(CACHE)), ...(await read(NEAR_CACHE))], existsSync(UNSEEN_CACHE) ? JSON.parse(await readFile(UNSEEN_CACHE, 'utf8')) : [], half);
}

await main();
