/**
 * Look variants measured and not kept (issue 39 item 1, docs/benchmarks/same-car.md "Same car": "Measured again"): the
 * detector's neck pooled other ways than the kept look (functions/src/vision/local/car-look.ts: the main car's box,
 * four quarters), and combinations fitted on the tune half, each judged as bench:same-car judges the kept one (its
 * directions fitted and its threshold chosen on the tune half, OR'd with paint and shape).
 *
 *   npx tsx tests/bench/same-car-look-variants.ts --measure      the benchmark's photos (about 10 minutes)
 *   npx tsx tests/bench/same-car-look-variants.ts --background   the Kadjar on white and over three scenes (about 5)
 *   npx tsx tests/bench/same-car-look-variants.ts                the numbers, from what was measured (.cache)
 *
 * --crop adds to --measure a second detector pass on the car's box (and a margin), timed. Prints; writes no docs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { likelyDifferentCars, mirroredCosineDistance, oddPhotos, paintDistance, shapeDistance, SAME_CAR_THRESHOLDS, type CarAppearance } from '@shared/same-car';
import { createCutout, cutoutModelFromEnv } from '../../functions/src/renderer/cutout/create-cutout';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { fitLookBasis, lookCells, projectLook, type FeatureMap } from '../../functions/src/vision/local/car-look';
import { neckOf } from '../../functions/src/vision/local/centernet-detector';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import type { NormBox } from '../../functions/src/vision/port';
import { half, kadjarBackgroundShots, KADJAR, random, shots, TWINS, type Shot } from './same-car';

const CACHE = resolve(import.meta.dirname, '../../.cache');
const MEASURED = join(CACHE, 'same-car-look-variants.json');
const BACKGROUND = join(CACHE, 'same-car-look-background.json');

type Share = { x: number; y: number };
interface Item {
  car: string;
  family: string;
  name: string;
  appearance: CarAppearance;
  /** Per variant, the 4 quarters' pooled channels (4 x 256). */
  cells: Record<string, number[]>;
  cropMs?: number;
}

/** The share (0..1) of each neck cell the cut-out covers. */
function coverage(map: FeatureMap, share: Share, mask: { alpha: Uint8Array; width: number; height: number }): Float64Array {
  const cover = new Float64Array(map.rows * map.columns);
  for (let i = 0; i < map.rows; i++)
    for (let j = 0; j < map.columns; j++) {
      const fx0 = j / map.columns / share.x, fx1 = (j + 1) / map.columns / share.x;
      const fy0 = i / map.rows / share.y, fy1 = (i + 1) / map.rows / share.y;
      if (fx0 >= 1 || fy0 >= 1) continue;
      const x0 = Math.floor(fx0 * mask.width), x1 = Math.max(x0 + 1, Math.min(mask.width, Math.ceil(fx1 * mask.width)));
      const y0 = Math.floor(fy0 * mask.height), y1 = Math.max(y0 + 1, Math.min(mask.height, Math.ceil(fy1 * mask.height)));
      let sum = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += mask.alpha[y * mask.width + x]!;
      cover[i * map.columns + j] = sum / 255 / ((y1 - y0) * (x1 - x0));
    }
  return cover;
}

/** As lookCells, each cell weighted by its cut-out cover (`hard`: cells at least half covered count 1, the rest 0). */
function coveredCells(map: FeatureMap, box: NormBox, share: Share, cover: Float64Array, hard: boolean): Float64Array[] {
  const { data, rows, columns, channels } = map;
  const x0 = box.left * share.x * columns, x1 = box.right * share.x * columns;
  const y0 = box.top * share.y * rows, y1 = box.bottom * share.y * rows;
  const region = (left: number, right: number, top: number, bottom: number) => {
    const i0 = Math.max(0, Math.min(rows - 1, Math.floor(top)));
    const i1 = Math.max(i0 + 1, Math.min(rows, Math.ceil(bottom)));
    const j0 = Math.max(0, Math.min(columns - 1, Math.floor(left)));
    const j1 = Math.max(j0 + 1, Math.min(columns, Math.ceil(right)));
    const pool = (weight: (w: number) => number) => {
      const sum = new Float64Array(channels);
      let n = 0;
      for (let i = i0; i < i1; i++)
        for (let j = j0; j < j1; j++) {
          const w = weight(cover[i * columns + j]!);
          if (w <= 0) continue;
          n += w;
          const at = (i * columns + j) * channels;
          for (let c = 0; c < channels; c++) sum[c]! += w * data[at + c]!;
        }
      return { sum, n };
    };
    let { sum, n } = pool((w) => (hard ? (w >= 0.5 ? 1 : 0) : w));
    if (n < 1e-6) ({ sum, n } = pool(() => 1)); // a quarter the cut-out misses: the whole quarter
    return sum.map((v) => Math.sqrt(Math.max(0, v / n)));
  };
  const xm = (x0 + x1) / 2, ym = (y0 + y1) / 2;
  return [region(x0, xm, y0, ym), region(xm, x1, y0, ym), region(x0, xm, ym, y1), region(xm, x1, ym, y1)];
}

const flat = (cells: Float64Array[]) => cells.flatMap((c) => Array.from(c, (v) => Math.round(v * 1e4) / 1e4));

async function measure(list: Shot[], crop: boolean): Promise<Item[]> {
  const vision = new LocalVision(createCutout(cutoutModelFromEnv()).cutOut);
  await vision.warmUp();
  const out: Item[] = [];
  for (const { bytes, ...shot } of list) {
    const photo = await decodePhoto(bytes);
    const { sighting, mask } = await vision.lookClosely(photo);
    if (!sighting.ok || !sighting.appearance || !mask) continue;
    const box = sighting.main;
    const { map, share } = await neckOf(photo);
    const cover = coverage(map, share, mask);
    const maskBox = { left: mask.box.left / mask.width, right: mask.box.right / mask.width, top: mask.box.top / mask.height, bottom: mask.box.bottom / mask.height };
    const item: Item = {
      ...shot,
      appearance: sighting.appearance,
      cells: {
        box: flat(lookCells(map, box, share)),
        pixels: flat(coveredCells(map, box, share, cover, false)),
        halfCovered: flat(coveredCells(map, box, share, cover, true)),
        cutoutBox: flat(coveredCells(map, maskBox, share, cover, false)),
      },
    };
    if (crop) {
      // The car's box and 8% around it, through the detector again at its full input.
      const m = 0.08, bw = box.right - box.left, bh = box.bottom - box.top;
      const left = Math.floor(Math.max(0, box.left - m * bw) * photo.width), top = Math.floor(Math.max(0, box.top - m * bh) * photo.height);
      const width = Math.min(photo.width - left, Math.max(8, Math.round((Math.min(1, box.right + m * bw) * photo.width) - left)));
      const height = Math.min(photo.height - top, Math.max(8, Math.round((Math.min(1, box.bottom + m * bh) * photo.height) - top)));
      const rgb = await sharp(photo.rgb, { raw: { width: photo.width, height: photo.height, channels: 3 } }).extract({ left, top, width, height }).raw().toBuffer();
      const t = performance.now();
      const c = await neckOf({ rgb, width, height });
      item.cropMs = performance.now() - t;
      const cropBox = { left: (box.left * photo.width - left) / width, right: (box.right * photo.width - left) / width, top: (box.top * photo.height - top) / height, bottom: (box.bottom * photo.height - top) / height };
      const alpha = new Uint8Array(width * height);
      const sx = mask.width / photo.width, sy = mask.height / photo.height;
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) alpha[y * width + x] = mask.alpha[Math.min(mask.height - 1, Math.floor((y + top) * sy)) * mask.width + Math.min(mask.width - 1, Math.floor((x + left) * sx))]!;
      item.cells.crop = flat(lookCells(c.map, cropBox, c.share));
      item.cells.cropPixels = flat(coveredCells(c.map, cropBox, c.share, coverage(c.map, c.share, { alpha, width, height }), false));
    }
    out.push(item);
    console.log(shot.name);
  }
  return out;
}


const quarters = (cells: number[]) => [0, 1, 2, 3].map((k) => Float64Array.from(cells.slice(k * 256, (k + 1) * 256)));
const viewOf = (m: Item) => {
  const angle = m.appearance.shape?.angle;
  return !angle ? 'other' : /corner/.test(angle) ? 'corner' : /side/.test(angle) ? 'side' : 'end';
};
const VIEW_PAIRS = ['corner and corner', 'corner and end', 'corner and side', 'end and end', 'end and side', 'side and side'];
const viewPair = (a: Item, b: Item) => [viewOf(a), viewOf(b)].sort().join(' and ');
const render = (m: Item) => m.car === 'changan-cs55' || m.car === 'renault-kadjar' || m.car.startsWith('corolla-');
const pct = (n: number, of: number) => `${n} of ${of} (${((100 * n) / Math.max(1, of)).toFixed(1)}%)`;
const beforeLook = { ...SAME_CAR_THRESHOLDS, look: Infinity };

interface Pair {
  a: Item;
  b: Item;
  kind: 'same' | 'colour' | 'other';
  half: string;
  looks: Record<string, number>;
}

function analyse(items: Item[], background: Item[]) {
  const variants = Object.keys(items[0]!.cells);
  const directions = [16, ...(process.argv.includes('--directions') ? [8, 24, 32, 64] : [])];
  const looks = new Map<string, Map<Item, number[]>>();
  for (const name of variants)
    for (const k of directions) {
      const basis = fitLookBasis(items.filter((m) => half(m.car) === 'tune').flatMap((m) => quarters(m.cells[name]!)), k);
      const of = new Map<Item, number[]>();
      for (const m of [...items, ...(name in (background[0]?.cells ?? {}) ? background : [])]) of.set(m, projectLook(quarters(m.cells[name]!), basis));
      looks.set(k === 16 ? name : `${name}, ${k} directions`, of);
    }
  const pairs: Pair[] = [];
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i]!, b = items[j]!;
      if (TWINS.has(`${a.car}/${b.car}`)) continue;
      const kind = a.car === b.car ? 'same' : a.family === b.family ? 'colour' : 'other';
      const ha = half(a.car), hb = half(b.car);
      pairs.push({ a, b, kind, half: ha === hb ? ha : 'across', looks: Object.fromEntries([...looks].map(([name, of]) => [name, mirroredCosineDistance(of.get(a)!, of.get(b)!)])) });
    }
  const rows: string[] = [];
  const report = (label: string, flagged: (p: Pair) => boolean, differ?: (a: Item, b: Item) => boolean, threshold = '') => {
    const of = (f: (p: Pair) => boolean) => {
      const set = pairs.filter(f);
      return pct(set.filter(flagged).length, set.length);
    };
    const byViews = VIEW_PAIRS.map((v) => of((p) => p.kind === 'colour' && viewPair(p.a, p.b) === v).replace(/^.*\(/, '').replace(')', ''));
    const real = of((p) => p.kind === 'colour' && !render(p.a) && !render(p.b)).replace(/^.*\(/, '').replace(')', '');
    let backgroundCell = '';
    if (differ && background.length) {
      let n = 0, hit = 0;
      for (let i = 0; i < background.length; i++)
        for (let j = i + 1; j < background.length; j++) {
          const a = background[i]!, b = background[j]!;
          if (a.name.split(' ')[0] === b.name.split(' ')[0] || (a.name.endsWith('white') === b.name.endsWith('white'))) continue;
          n++;
          if (differ(a, b)) hit++;
        }
      backgroundCell = pct(hit, n);
    }
    rows.push(`| ${label} | ${threshold} | ${of((p) => p.kind === 'colour')} | ${byViews.join(' | ')} | ${real} | ${of((p) => p.kind === 'same' && p.half === 'held out')} | ${backgroundCell} |`);
  };
  for (const [name, of] of looks) {
    const t = Math.ceil(Math.max(...pairs.filter((p) => p.kind === 'same' && p.half === 'tune').map((p) => p.looks[name]!)) * 100) / 100;
    const differ = of.has(background[0]!) ? (a: Item, b: Item) => likelyDifferentCars(a.appearance, b.appearance, beforeLook) || mirroredCosineDistance(of.get(a)!, of.get(b)!) > t : undefined;
    report(name, (p) => p.looks[name]! > t || likelyDifferentCars(p.a.appearance, p.b.appearance, beforeLook), differ, `${t}`);
    if (differ && !name.includes('directions')) packages(name, background, differ);
  }
  // Logistic combinations, fitted on the tune half's pairs (same car against different cars, each half weighted alike).
  const features: Record<string, (p: Pair) => number[]> = {
    'logistic: box and pixels looks, paint, shape': (p) => [p.looks.box!, p.looks.pixels!, ...paintShape(p)],
    'logistic: the same and the pair of views': (p) => [p.looks.box!, p.looks.pixels!, ...paintShape(p), ...views(p)],
    'logistic: box look, paint, the pair of views': (p) => [p.looks.box!, paintDistance(p.a.appearance, p.b.appearance) / 14, ...views(p)],
    'logistic: box look and the pair of views': (p) => [p.looks.box!, ...views(p)],
  };
  for (const [label, x] of Object.entries(features)) {
    const score = logistic(pairs.filter((p) => p.half === 'tune'), x);
    const t = Math.max(...pairs.filter((p) => p.half === 'tune' && p.kind === 'same').map((p) => score(x(p))));
    report(label, (p) => score(x(p)) > t || likelyDifferentCars(p.a.appearance, p.b.appearance, beforeLook));
  }
  const crop = items.map((m) => m.cropMs).filter((v): v is number => v !== undefined).sort((a, b) => a - b);
  console.log(`| variant | threshold | same-colour different cars flagged | ${VIEW_PAIRS.join(' | ')} | two real photos | same car flagged (held out) | one car, white against a scene |`);
  console.log(rows.join('\n'));
  if (crop.length) console.log(`second detector pass on the box: median ${crop[crop.length >> 1]!.toFixed(0)} ms, largest ${crop[crop.length - 1]!.toFixed(0)} ms (${crop.length} photos)`);
}

function paintShape(p: Pair): number[] {
  const s = p.a.appearance.shape && p.b.appearance.shape ? shapeDistance(p.a.appearance.shape, p.b.appearance.shape) : null;
  return [paintDistance(p.a.appearance, p.b.appearance) / 14, s ?? 0, s === null ? 0 : 1];
}
const views = (p: Pair) => VIEW_PAIRS.map((v) => (viewPair(p.a, p.b) === v ? 1 : 0));

/** A logistic score (different cars high) fitted by gradient descent on standardised features. */
function logistic(train: Pair[], x: (p: Pair) => number[]): (features: number[]) => number {
  const xs = train.map(x), ys = train.map((p) => (p.kind === 'same' ? 0 : 1));
  const d = xs[0]!.length;
  const mean = Array.from({ length: d }, (_, k) => xs.reduce((s, v) => s + v[k]!, 0) / xs.length);
  const sd = Array.from({ length: d }, (_, k) => Math.sqrt(xs.reduce((s, v) => s + (v[k]! - mean[k]!) ** 2, 0) / xs.length) || 1);
  const z = (v: number[]) => v.map((u, k) => (u - mean[k]!) / sd[k]!);
  const w = new Array<number>(d + 1).fill(0);
  const score = (v: number[]) => z(v).reduce((s, u, k) => s + u * w[k]!, w[d]!);
  const positive = ys.filter((y) => y === 1).length, negative = ys.length - positive;
  for (let step = 0; step < 3000; step++) {
    const g = new Array<number>(d + 1).fill(0);
    xs.forEach((v, i) => {
      const e = (1 / (1 + Math.exp(-score(v))) - ys[i]!) * (ys[i] ? 0.5 / positive : 0.5 / negative);
      z(v).forEach((u, k) => (g[k]! += e * u));
      g[d]! += e;
    });
    for (let k = 0; k <= d; k++) w[k]! -= 2 * (g[k]! + (k < d ? 1e-3 * w[k]! : 0));
  }
  return score;
}

/** Random packages of 4 and 8 Kadjar frames, each on a random scene, or on white or a scene at random: any photo flagged. */
function packages(name: string, background: Item[], differ: (a: Item, b: Item) => boolean) {
  const frames = [...new Set(background.map((m) => m.name.split(' ')[0]!))];
  const out: string[] = [];
  for (const withWhite of [false, true])
    for (const size of [4, 8]) {
      const next = random(39);
      let wrong = 0;
      for (let k = 0; k < 300; k++) {
        const shuffled = [...frames];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = Math.floor(next() * (i + 1));
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        const chosen = shuffled.slice(0, size).map((f) => {
          const options = background.filter((m) => m.name.startsWith(`${f} `) && (withWhite || !m.name.endsWith('white')));
          return options[Math.floor(next() * options.length)]!;
        });
        const byAppearance = new Map(chosen.map((m) => [m.appearance, m]));
        if (oddPhotos(chosen.map((m) => m.appearance), (a, b) => differ(byAppearance.get(a)!, byAppearance.get(b)!)).length) wrong++;
      }
      out.push(`${size} ${withWhite ? 'on white or a scene' : 'on scenes'}: ${wrong} of 300`);
    }
  console.log(`${name}: random packages of one car flagged, ${out.join('; ')}`);
}

async function main() {
  await mkdir(CACHE, { recursive: true });
  if (process.argv.includes('--measure')) await writeFile(MEASURED, JSON.stringify(await measure(await shots(), process.argv.includes('--crop'))));
  if (process.argv.includes('--background')) {
    if (!existsSync(KADJAR)) throw new Error(`the Kadjar frames are needed (CUTOUT_EVAL_FRAMES, or ${KADJAR})`);
    await writeFile(BACKGROUND, JSON.stringify(await measure(await kadjarBackgroundShots(), false)));
  }
  if (!existsSync(MEASURED)) throw new Error('nothing measured yet: run with --measure first');
  analyse(JSON.parse(readFileSync(MEASURED, 'utf8')), existsSync(BACKGROUND) ? JSON.parse(readFileSync(BACKGROUND, 'utf8')) : []);
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
