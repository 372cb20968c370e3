/**
 * The look read at one size (issue 39 item 1, docs/benchmarks/same-car.md "Same car: the look read at one size"): the kept look
 * (functions/src/vision/local/car-look.ts) pools the detector's neck over the car's box in the photo's full frame, so a
 * car nearer or further changes it. Here the detector runs a second time on a square cut round the car's box, the box's
 * longer side a fixed share of the square (grey where the square passes the photo's edge), so every car reaches the
 * network at one size; its neck is pooled over the box's quarters (or the cut-out's pixels in them), and judged beside
 * the kept look as bench:same-car judges it: directions fitted and threshold chosen on the tune half, OR'd with paint
 * and shape; the benchmark's photos and its nearer-or-further copies (0.5x and 0.7x).
 *
 *   npx tsx tests/bench/same-car-one-size.ts --measure   the car check and the second passes (32 minutes at a load of 12-26)
 *   npx tsx tests/bench/same-car-one-size.ts             the table, from what was measured (.cache)
 *
 * CUTOUT_EVAL_FRAMES adds the Kadjar turntable, as for bench:same-car. Prints; writes no docs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { likelyDifferentCars, lookDistance, mirroredCosineDistance, SAME_CAR_THRESHOLDS, type CarAppearance } from '@shared/same-car';
import { createCutout, cutoutModelFromEnv } from '../../functions/src/renderer/cutout/create-cutout';
import { decodePhoto, type DecodedPhoto } from '../../functions/src/renderer/photo-validation';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { fitLookBasis, projectLook, type FeatureMap } from '../../functions/src/vision/local/car-look';
import { neckOf } from '../../functions/src/vision/local/centernet-detector';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import type { NormBox } from '../../functions/src/vision/port';
import { half, nearerOrFurther, paintRelation, shots, TWINS } from './same-car';

const CACHE = resolve(import.meta.dirname, '../../.cache/same-car-one-size.json');
/** The box's longer side as a share of the square the detector reads (two tried). */
const SHARES = [0.8, 0.6];
const SIDE = 512;
const GREY = { r: 114, g: 114, b: 114 };

interface Item {
  car: string;
  family: string;
  name: string;
  scale?: number;
  appearance: CarAppearance;
  /** Per variant, the 4 quarters' pooled channels (4 x 256), rounded. */
  cells: Record<string, number[]>;
  /** CPU (user + system) and wall of one pass on the whole photo and of each cut's pass (ms). */
  cpu: Record<string, number>;
  wall: Record<string, number>;
}

/** The square cut round the box (photo pixels) with the box's longer side `share` of it, at SIDE x SIDE. */
async function oneSize(photo: DecodedPhoto, box: NormBox, share: number) {
  const bx0 = box.left * photo.width, bx1 = box.right * photo.width, by0 = box.top * photo.height, by1 = box.bottom * photo.height;
  const size = Math.max(8, Math.round(Math.max(bx1 - bx0, by1 - by0) / share));
  const left = Math.round((bx0 + bx1) / 2 - size / 2), top = Math.round((by0 + by1) / 2 - size / 2);
  const pad = { left: Math.max(0, -left), top: Math.max(0, -top), right: Math.max(0, left + size - photo.width), bottom: Math.max(0, top + size - photo.height) };
  const raw = { raw: { width: photo.width, height: photo.height, channels: 3 as const } };
  const padded = await sharp(photo.rgb, raw).extend({ ...pad, background: GREY }).raw().toBuffer();
  const rgb = await sharp(padded, { raw: { width: photo.width + pad.left + pad.right, height: photo.height + pad.top + pad.bottom, channels: 3 } })
    .extract({ left: left + pad.left, top: top + pad.top, width: size, height: size })
    .resize(SIDE, SIDE, { fit: 'fill' })
    .raw()
    .toBuffer();
  const inCut: NormBox = { left: (bx0 - left) / size, right: (bx1 - left) / size, top: (by0 - top) / size, bottom: (by1 - top) / size };
  return { rgb, inCut, left, top, size };
}

/** The box's four quarters of the map (fractions of the square), each cell weighted by `weight` (1 when absent). */
function quarters(map: FeatureMap, box: NormBox, weight?: Float64Array): number[] {
  const { data, rows, columns, channels } = map;
  const x0 = box.left * columns, x1 = box.right * columns, y0 = box.top * rows, y1 = box.bottom * rows;
  const region = (l: number, r: number, t: number, b: number) => {
    const i0 = Math.max(0, Math.min(rows - 1, Math.floor(t))), i1 = Math.max(i0 + 1, Math.min(rows, Math.ceil(b)));
    const j0 = Math.max(0, Math.min(columns - 1, Math.floor(l))), j1 = Math.max(j0 + 1, Math.min(columns, Math.ceil(r)));
    const pool = (w: (cell: number) => number) => {
      const sum = new Float64Array(channels);
      let n = 0;
      for (let i = i0; i < i1; i++)
        for (let j = j0; j < j1; j++) {
          const k = w(i * columns + j);
          if (k <= 0) continue;
          n += k;
          for (let c = 0; c < channels; c++) sum[c]! += k * data[(i * columns + j) * channels + c]!;
        }
      return { sum, n };
    };
    let { sum, n } = pool((cell) => (weight ? weight[cell]! : 1));
    if (n < 1e-6) ({ sum, n } = pool(() => 1)); // a quarter the cut-out misses: the whole quarter
    return Array.from(sum, (v) => Math.round(1e4 * Math.sqrt(Math.max(0, v / n))) / 1e4);
  };
  const xm = (x0 + x1) / 2, ym = (y0 + y1) / 2;
  return [region(x0, xm, y0, ym), region(xm, x1, y0, ym), region(x0, xm, ym, y1), region(xm, x1, ym, y1)].flat();
}

/** The share of each neck cell of the cut that the cut-out covers (4 x 4 samples a cell). */
function cover(map: FeatureMap, cut: { left: number; top: number; size: number }, photo: DecodedPhoto, mask: CleanMask): Float64Array {
  const out = new Float64Array(map.rows * map.columns);
  for (let i = 0; i < map.rows; i++)
    for (let j = 0; j < map.columns; j++) {
      let sum = 0;
      for (let u = 0; u < 4; u++)
        for (let v = 0; v < 4; v++) {
          const px = cut.left + ((j + (v + 0.5) / 4) / map.columns) * cut.size, py = cut.top + ((i + (u + 0.5) / 4) / map.rows) * cut.size;
          if (px < 0 || py < 0 || px >= photo.width || py >= photo.height) continue;
          sum += mask.alpha[Math.floor((py / photo.height) * mask.height) * mask.width + Math.floor((px / photo.width) * mask.width)]! / 255;
        }
      out[i * map.columns + j] = sum / 16;
    }
  return out;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

async function measure(): Promise<Item[]> {
  const vision = new LocalVision(createCutout(cutoutModelFromEnv()).cutOut);
  await vision.warmUp();
  const all = await shots();
  const out: Item[] = [];
  for (const { bytes, ...shot } of [...all, ...(await nearerOrFurther(all))]) {
    const photo = await decodePhoto(bytes);
    const { sighting, mask } = await vision.lookClosely(photo);
    if (!sighting.ok || !sighting.appearance || !mask) continue;
    const item: Item = { ...shot, appearance: sighting.appearance, cells: {}, cpu: {}, wall: {} };
    // One pass on the whole photo, timed the same way (the kept look's cost, for the ratio in the same minutes).
    let c = process.cpuUsage(), t = performance.now();
    await neckOf(photo);
    (item.cpu.whole = cpuMs(c)), (item.wall.whole = performance.now() - t);
    for (const share of SHARES) {
      (c = process.cpuUsage()), (t = performance.now());
      const cut = await oneSize(photo, sighting.main, share);
      const { map } = await neckOf({ rgb: cut.rgb, width: SIDE, height: SIDE });
      const box = quarters(map, cut.inCut);
      (item.cpu[`cut ${share}`] = cpuMs(c)), (item.wall[`cut ${share}`] = performance.now() - t);
      item.cells[`cut ${share}, box`] = box;
      item.cells[`cut ${share}, car's pixels`] = quarters(map, cut.inCut, cover(map, cut, photo, mask));
    }
    out.push(item);
    console.log(`${shot.name}: cut ${item.cpu['cut 0.8']!.toFixed(0)} ms CPU, whole ${item.cpu.whole!.toFixed(0)} ms`);
  }
  return out;
}


interface Pair {
  a: Item;
  b: Item;
  kind: 'same car' | 'nearer or further' | 'same colour' | 'other';
  half: string;
  /** Paint or shape alone flag the pair (the form's rule without the look). */
  paintShape: boolean;
  looks: Record<string, number>;
}

const pct = (n: number, of: number) => (of ? `${n} of ${of} (${((100 * n) / of).toFixed(1)}%)` : '-');

function analyse(items: Item[]) {
  const split = (cells: number[]) => [0, 1, 2, 3].map((k) => Float64Array.from(cells.slice(k * 256, (k + 1) * 256)));
  const fitted = (m: Item) => half(m.car) === 'tune' && m.scale === undefined;
  const looks = new Map<string, Map<Item, number[]>>();
  for (const name of Object.keys(items[0]!.cells)) {
    const basis = fitLookBasis(items.filter(fitted).flatMap((m) => split(m.cells[name]!)), 16);
    looks.set(name, new Map(items.map((m) => [m, projectLook(split(m.cells[name]!), basis)])));
  }
  const noLook = { ...SAME_CAR_THRESHOLDS, look: Infinity };
  const pairs: Pair[] = [];
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i]!, b = items[j]!;
      const copy = a.scale !== undefined || b.scale !== undefined;
      if (TWINS.has(`${a.car}/${b.car}`) || (copy && a.car !== b.car)) continue;
      const kind = a.car === b.car ? (copy ? 'nearer or further' : 'same car') : paintRelation(a.family, b.family) === 'same colour' ? 'same colour' : 'other';
      const ha = half(a.car), hb = half(b.car);
      const entries = [...looks].map(([name, of]) => [name, mirroredCosineDistance(of.get(a)!, of.get(b)!)] as const);
      pairs.push({ a, b, kind, half: ha === hb ? ha : 'across', paintShape: likelyDifferentCars(a.appearance, b.appearance, noLook), looks: { kept: lookDistance(a.appearance, b.appearance) ?? 0, ...Object.fromEntries(entries) } });
    }
  const rows: [string, (p: Pair) => boolean][] = [
    ['same car (the benchmark\'s)', (p) => p.kind === 'same car'],
    ['same car, nearer or further', (p) => p.kind === 'nearer or further'],
    ['different cars, same paint colour', (p) => p.kind === 'same colour'],
    ['different cars, all', (p) => p.kind === 'same colour' || p.kind === 'other'],
  ];
  const tuneLargest = (name: string, kinds: string[]) => Math.ceil(Math.max(...pairs.filter((p) => p.half === 'tune' && kinds.includes(p.kind)).map((p) => p.looks[name]!)) * 100) / 100;
  console.log('| look | threshold (chosen on the tune half) | pairs | tune half | held out | all pairs |\n|---|---|---|---|---|---|');
  const show = (label: string, rule: string, flagged: (p: Pair) => boolean) => {
    for (const [row, of] of rows) {
      const cell = (h?: string) => {
        const set = pairs.filter((p) => of(p) && (!h || p.half === h));
        return pct(set.filter(flagged).length, set.length);
      };
      console.log(`| ${label} | ${rule} | ${row} | ${cell('tune')} | ${cell('held out')} | ${cell()} |`);
    }
  };
  show('none (paint and shape alone)', '', (p) => p.paintShape);
  for (const name of ['kept', ...looks.keys()]) {
    // The benchmark's rule (largest same-car distance of the tune half), then the same with the tune half's
    // nearer-or-further copies among its same-car pairs.
    for (const kinds of [['same car'], ['same car', 'nearer or further']]) {
      const t = tuneLargest(name, kinds);
      show(name, `${t} (${kinds.length === 1 ? 'benchmark\'s pairs' : 'with nearer or further'})`, (p) => p.paintShape || p.looks[name]! > t);
    }
  }
  // Either look over its threshold (the kept one at the threshold that leaves the tune half's nearer-or-further pairs
  // unflagged): does the look at one size catch pairs the kept look misses?
  const kept = tuneLargest('kept', ['same car', 'nearer or further']), cut = tuneLargest('cut 0.8, box', ['same car']);
  show('kept or cut 0.8, box', `${kept} / ${cut}`, (p) => p.paintShape || p.looks.kept! > kept || p.looks['cut 0.8, box']! > cut);
  // Same-colour pairs of different cars by the views they show, and between two real photos.
  const view = (m: Item) => {
    const angle = m.appearance.shape?.angle;
    return !angle ? 'other' : /corner/.test(angle) ? 'corner' : /side/.test(angle) ? 'side' : 'end';
  };
  const render = (m: Item) => m.car === 'changan-cs55' || m.car === 'renault-kadjar' || m.car.startsWith('corolla-');
  const groups: [string, (p: Pair) => boolean][] = [
    ...['corner and corner', 'corner and end', 'corner and side', 'end and end', 'end and side', 'side and side'].map((v): [string, (p: Pair) => boolean] => [v, (p) => [view(p.a), view(p.b)].sort().join(' and ') === v]),
    ['two real photos', (p) => !render(p.a) && !render(p.b)],
  ];
  for (const [name, t] of [['kept', 0.66], ['kept', kept], ['cut 0.8, box', cut]] as const) {
    const cells = groups.map(([label, of]) => {
      const set = pairs.filter((p) => p.kind === 'same colour' && of(p));
      return `${label} ${pct(set.filter((p) => p.paintShape || p.looks[name]! > t).length, set.length)}`;
    });
    console.log(`${name} at ${t}, same colour: ${cells.join('; ')}`);
  }
  // The tune half's same-car pairs that set each threshold (the three furthest apart).
  for (const name of ['kept', ...looks.keys()]) {
    const far = pairs.filter((p) => p.half === 'tune' && p.kind === 'same car').sort((x, y) => y.looks[name]! - x.looks[name]!).slice(0, 3);
    console.log(`${name}: furthest tune same-car pairs ${far.map((p) => `${p.a.name} / ${p.b.name} ${p.looks[name]!.toFixed(2)}`).join('; ')}`);
  }
  const byPaint = pairs.filter((p) => p.kind === 'same car' && p.paintShape);
  console.log(`same-car pairs flagged by paint or shape alone: ${byPaint.map((p) => `${p.a.name} / ${p.b.name}`).join('; ') || 'none'}`);
  // Look distances by pair kind (median / 95th percentile).
  for (const name of ['kept', ...looks.keys()]) {
    const at = (kind: string) => {
      const d = pairs.filter((p) => p.kind === kind).map((p) => p.looks[name]!).sort((x, y) => x - y);
      return `${d[Math.floor(d.length / 2)]!.toFixed(2)} / ${d[Math.floor(0.95 * (d.length - 1))]!.toFixed(2)}`;
    };
    console.log(`${name}: distance median / 95th, same car ${at('same car')}, nearer or further ${at('nearer or further')}, same colour ${at('same colour')}`);
  }
  for (const key of Object.keys(items[0]!.cpu)) {
    const cpu = items.map((m) => m.cpu[key]!).sort((x, y) => x - y), wall = items.map((m) => m.wall[key]!).sort((x, y) => x - y);
    const med = (v: number[]) => v[v.length >> 1]!.toFixed(0);
    console.log(`${key}: CPU median ${med(cpu)} ms (90th ${cpu[Math.floor(0.9 * (cpu.length - 1))]!.toFixed(0)}), wall median ${med(wall)} ms, ${cpu.length} photos`);
  }
  console.log(`${items.length} photos (${items.filter((m) => m.scale !== undefined).length} nearer-or-further copies), ${pairs.length} pairs`);
}

async function main() {
  if (process.argv.includes('--measure')) {
    await mkdir(resolve(CACHE, '..'), { recursive: true });
    await writeFile(CACHE, JSON.stringify(await measure()));
  }
  if (!existsSync(CACHE)) throw new Error('nothing measured yet: run with --measure first');
  analyse(JSON.parse(readFileSync(CACHE, 'utf8')));
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
