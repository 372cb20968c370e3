/**
 * Issue 39 item 1: the same-car rule (shared/same-car.ts likelyDifferentCars, the form's) on photos that differ only in
 * the car, as a dealer's package does: every car on one background, framed the way a dealer frames it (the car filling
 * the photo's width, or 70% of its height for an end), and the same frames as the turntables rendered them (one camera,
 * the car about a third of the photo's height) for comparison. Measured, not kept (docs/benchmarks/same-car.md, "Same
 * car: one background, a dealer's framing").
 *
 * `npx tsx tests/bench/same-car-framed.ts [backdrop.jpg] [--measure]`: without a backdrop the cars stand on white; with
 * one, on that photo (a photo with no vehicle in it), blurred a little as a background behind a car is. On white, also
 * `native`: each layer flattened at its own canvas size, as `npm run bench:same-car` takes the turntables. `--measure`
 * runs the local car check on every copy (.cache/same-car-framed-<white|backdrop>.json); without it, the tables from
 * that cache. Cars: the Kadjar turntable (CUTOUT_EVAL_FRAMES, every 3rd of 72 frames), the Changan's 24 frames, the red
 * and the two white Corollas' 4 views (../shared/fixtures/angles: local only, never committed).
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import sharp from 'sharp';
import { DIFFERENT_CAR_DISTANCE, likelyDifferentCars, looksDiffer, paintDistance, shapesDiffer, type CarAppearance } from '@shared/same-car';
import { createCutout, cutoutModelFromEnv } from '../../functions/src/renderer/cutout/create-cutout';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import { dealerFramed } from '../support/dealer-framing';
import { KADJAR } from './same-car';

const ROOT = resolve(import.meta.dirname, '../..');
const ANGLES = resolve(ROOT, '../shared/fixtures/angles');
const W = 1536;
const H = 1024;
/** The turntable's own framing: its whole layer (the car and the empty canvas round it) within this share of the photo. */
const TURNTABLE = 0.9;

/** `native`: the layer flattened on white at its own canvas size, as `npm run bench:same-car` takes it (white only). */
type Framing = 'native' | 'turntable' | 'framed';
interface Car {
  car: string;
  dir: string;
  files: (names: string[]) => string[];
}
interface Measured {
  car: string;
  file: string;
  framing: Framing;
  appearance: CarAppearance | null;
  /** The detector's box height as a share of the photo's. */
  size: number | null;
  refused: string | null;
}

const CARS: Car[] = [
  { car: 'kadjar', dir: KADJAR, files: (n) => n.filter((_, i) => i % 3 === 0) },
  { car: 'changan', dir: join(ANGLES, 'changan-cs55'), files: (n) => n },
  { car: 'corolla-red', dir: join(ANGLES, 'toyota-corolla'), files: (n) => n.filter((f) => f.includes('redCar')) },
  { car: 'corolla-white', dir: join(ANGLES, 'toyota-corolla'), files: (n) => n.filter((f) => f.includes('whiteCar')) },
  { car: 'corolla-superwhite', dir: join(ANGLES, 'toyota-corolla'), files: (n) => n.filter((f) => f.includes('superWhite')) },
];
/** Different cars of one paint colour (the two white Corollas are one model in one white: no photo tells them apart). */
const SAME_COLOUR: [string, string][] = [
  ['kadjar', 'corolla-red'],
  ['changan', 'corolla-white'],
  ['changan', 'corolla-superwhite'],
];

const args = process.argv.slice(2);
const backdropPath = args.find((a) => !a.startsWith('--'));
const CACHE = resolve(ROOT, `.cache/same-car-framed-${backdropPath ? basename(backdropPath).replace(/\.[^.]+$/, '') : 'white'}.json`);

/** One frame as a photo: its layer (with its alpha) scaled and placed on the background. */
async function photoOf(path: string, framing: Framing, backdrop: Buffer | null): Promise<Buffer> {
  if (framing === 'native') return sharp(path).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer();
  if (framing === 'framed') return dealerFramed(path, W, H, backdrop ?? undefined);
  // The turntable's camera: the whole layer, canvas and all, in the middle of the photo.
  const meta = await sharp(path).metadata();
  const s = Math.min((W * TURNTABLE) / meta.width!, (H * TURNTABLE) / meta.height!);
  const width = Math.round(meta.width! * s);
  const height = Math.round(meta.height! * s);
  const layer = await sharp(path).ensureAlpha().resize(width, height).png().toBuffer();
  const base = backdrop ? sharp(backdrop) : sharp({ create: { width: W, height: H, channels: 3, background: '#ffffff' } });
  return base.composite([{ input: layer, left: Math.round((W - width) / 2), top: Math.round((H - height) / 2) }]).jpeg({ quality: 92 }).toBuffer();
}

async function measure(): Promise<Measured[]> {
  if (!args.includes('--measure') && existsSync(CACHE)) return JSON.parse(await readFile(CACHE, 'utf8'));
  const backdrop = backdropPath ? await sharp(backdropPath).rotate().resize(W, H, { fit: 'cover' }).blur(6).removeAlpha().jpeg({ quality: 95 }).toBuffer() : null;
  const vision = new LocalVision(createCutout(cutoutModelFromEnv()).cutOut);
  await vision.warmUp();
  const out: Measured[] = [];
  const framings: Framing[] = backdrop ? ['turntable', 'framed'] : ['native', 'turntable', 'framed'];
  for (const { car, dir, files } of CARS) {
    if (!existsSync(dir)) continue;
    for (const file of files(readdirSync(dir).filter((f) => f.endsWith('.png')).sort()))
      for (const framing of framings) {
        const photo = await decodePhoto(await photoOf(join(dir, file), framing, backdrop));
        const s = await vision.look(photo);
        out.push({ car, file, framing, appearance: s.ok ? (s.appearance ?? null) : null, size: s.ok ? s.main.bottom - s.main.top : null, refused: s.ok ? null : s.reason });
      }
  }
  await mkdir(resolve(CACHE, '..'), { recursive: true });
  await writeFile(CACHE, JSON.stringify(out));
  return out;
}

const pct = (k: number, n: number) => `${k} of ${n} (${n ? ((100 * k) / n).toFixed(1) : '0.0'}%)`;
const rows = await measure();
const refused = rows.filter((r) => !r.appearance);
console.log(`background: ${backdropPath ?? 'white'}; photos ${rows.length}, not measured ${refused.length}${refused.length ? `: ${refused.map((r) => `${r.car} ${r.file} ${r.framing} (${r.refused ?? 'no paint'})`).join('; ')}` : ''}`);
console.log('| framing | pairs | flagged (the form\'s rule) | by paint | by shape | by look | size ratio, median / largest |');
console.log('|---|---|---|---|---|---|---|');
const line = (label: string, pairs: [Measured, Measured][]) => {
  const by = (f: (a: CarAppearance, b: CarAppearance) => boolean) => pairs.filter(([a, b]) => f(a.appearance!, b.appearance!)).length;
  const ratios = pairs.map(([a, b]) => Math.max(a.size!, b.size!) / Math.min(a.size!, b.size!)).sort((x, y) => x - y);
  const n = pairs.length;
  console.log(
    `| ${label} | ${n} | ${pct(by(likelyDifferentCars), n)} | ${by((a, b) => paintDistance(a, b) > DIFFERENT_CAR_DISTANCE)} | ${by((a, b) => shapesDiffer(a, b))} | ${by((a, b) => looksDiffer(a, b))} | ${n ? `${ratios[Math.floor((n - 1) / 2)]!.toFixed(2)} / ${ratios[n - 1]!.toFixed(2)}` : ''} |`,
  );
};
for (const framing of ['native', 'turntable', 'framed'] as const) {
  if (!rows.some((r) => r.framing === framing)) continue;
  const of = (car: string) => rows.filter((r) => r.appearance && r.car === car && r.framing === framing);
  for (const { car } of CARS.slice(0, 2)) {
    const photos = of(car);
    line(`${framing}: one car (${car}), every two frames`, photos.flatMap((a, i) => photos.slice(i + 1).map((b): [Measured, Measured] => [a, b])));
  }
  line(`${framing}: different cars of one paint colour`, SAME_COLOUR.flatMap(([x, y]) => of(x).flatMap((a) => of(y).map((b): [Measured, Measured] => [a, b]))));
}
