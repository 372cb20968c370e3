/**
 * The look discounted by how one car's look moves (issue 39 item 1; measured, not kept: docs/benchmarks/same-car.md, "Same car:
 * the look against one car's own spread"). The kept look (functions/src/vision/local/car-look.ts: the main car's box,
 * four quarters, 16 principal directions each) is compared by its cosine, every direction alike. Here the directions
 * along which one car's photos move are weighed down before the cosine: the spread of the differences between two
 * photos of one tune car (its views: the turntable, the Corolla's four views) and between a tune car on white and the
 * same frame composited small over a scene (background and size), each scaled to a trace of 1, plus `lambda` times
 * the identity (of the same mean size), and the look multiplied by that spread's inverse square root (whitening).
 * Thresholds by the benchmark's rule (the tune half's largest same-car distance), and by a stricter one: each tune car
 * measured with the spread fitted without it (cross-fitted), because the plain rule measures the tune cars with the
 * spread fitted on their own pairs.
 *
 *   npx tsx tests/bench/same-car-look-whitening.ts --measure   the detector's neck of every photo (about 25 minutes)
 *   npx tsx tests/bench/same-car-look-whitening.ts             the numbers, from what was measured (.cache)
 *
 * Photo sets: `main`, bench:same-car's 115 photos; `kadjar`, 12 Kadjar frames on white and over three scenes (the
 * held-out car, as "Same car: one car against changing backgrounds"); `composites`, each tune turntable frame and
 * Corolla view composited small over a scene (a style each in turn); `half`, the Changan's frames on white at half
 * their size (white round them). Needs the Kadjar frames (CUTOUT_EVAL_FRAMES) and SCENES_DIR; SAME_CAR_MAPS moves the
 * cache (.cache/same-car-look-maps, about 170 MB). Prints; writes no docs.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { likelyDifferentCars, SAME_CAR_THRESHOLDS, type CarAppearance } from '@shared/same-car';
import { createCutout, cutoutModelFromEnv } from '../../functions/src/renderer/cutout/create-cutout';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { fitLookBasis, lookCells, projectLook, type FeatureMap } from '../../functions/src/vision/local/car-look';
import { neckOf } from '../../functions/src/vision/local/centernet-detector';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import type { NormBox } from '../../functions/src/vision/port';
import { half, kadjarBackgroundShots, shots, TWINS, type Shot } from './same-car';

const CACHE = process.env.SAME_CAR_MAPS ?? resolve(import.meta.dirname, '../../.cache/same-car-look-maps');
const ANGLES_DIR = resolve(import.meta.dirname, '../../../shared/fixtures/angles');
const NECK = { rows: 32, columns: 32, channels: 256 };

interface Item {
  car: string;
  family: string;
  name: string;
  appearance: CarAppearance;
  box: NormBox;
  share: { x: number; y: number };
  /** Index of the neck's map in the set's folder. */
  k: number;
}

async function compositeShots(): Promise<Shot[]> {
  const { compose, STYLES } = await import('./cutout-truth-composites');
  const out: Shot[] = [];
  for (const [dir, carOf] of [
    ['changan-cs55', () => 'changan-cs55'],
    ['toyota-corolla', (f: string) => `corolla-${/^corolla_([A-Za-z]+)_/.exec(f)![1]}`],
  ] as const) {
    const frames = readdirSync(join(ANGLES_DIR, dir)).filter((f) => f.endsWith('.png')).sort();
    for (const [i, f] of frames.entries()) {
      const style = STYLES[(i + (dir === 'changan-cs55' ? 0 : 1)) % STYLES.length]!;
      out.push({ car: carOf(f), family: '', name: `${f} ${style}`, bytes: (await compose(join(ANGLES_DIR, dir), frames, f, 'small', style)).jpeg });
    }
  }
  return out;
}

async function halfSizeShots(): Promise<Shot[]> {
  const dir = join(ANGLES_DIR, 'changan-cs55');
  const out: Shot[] = [];
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.png')).sort()) {
    const { width, height } = await sharp(join(dir, f)).metadata();
    const x = Math.round(width! / 2), y = Math.round(height! / 2);
    const flat = await sharp(join(dir, f)).flatten({ background: '#ffffff' }).extend({ left: x, right: x, top: y, bottom: y, background: '#ffffff' }).png().toBuffer();
    out.push({ car: 'changan-cs55', family: 'white', name: `${f} half`, bytes: await sharp(flat).jpeg({ quality: 92 }).toBuffer() });
  }
  return out;
}

const SETS: Record<string, () => Promise<Shot[]>> = { main: shots, kadjar: kadjarBackgroundShots, composites: compositeShots, half: halfSizeShots };

async function measure() {
  const vision = new LocalVision(createCutout(cutoutModelFromEnv()).cutOut);
  await vision.warmUp();
  for (const [set, list] of Object.entries(SETS)) {
    const dir = join(CACHE, set);
    mkdirSync(dir, { recursive: true });
    const items: Item[] = [];
    for (const { bytes, ...shot } of await list()) {
      const photo = await decodePhoto(bytes);
      const sighting = await vision.look(photo);
      if (!sighting.ok || !sighting.appearance) continue;
      const { map, share } = await neckOf(photo);
      const k = items.length;
      writeFileSync(join(dir, `${k}.bin`), Buffer.from(map.data.buffer, map.data.byteOffset, map.data.byteLength));
      items.push({ ...shot, appearance: sighting.appearance, box: sighting.main, share, k });
      console.log(set, k, shot.name);
    }
    writeFileSync(join(dir, 'meta.json'), JSON.stringify(items));
  }
}

/** The box's four quarters (4 x 256) of an item, from its stored neck. */
function quartersOf(set: string, item: Item): Float64Array[] {
  const bytes = readFileSync(join(CACHE, set, `${item.k}.bin`));
  const map: FeatureMap = { data: new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4), ...NECK };
  return lookCells(map, item.box, item.share);
}

const QUARTER = 16;
const mirrorOf = (v: readonly number[]) => [1, 0, 3, 2].flatMap((q) => v.slice(q * QUARTER, (q + 1) * QUARTER));
const unit = (v: readonly number[]) => {
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
};
const dot = (a: readonly number[], b: readonly number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

/** Eigenvalues and eigenvectors (columns of `vectors`) of a symmetric matrix, by Jacobi rotations. */
function eigen(matrix: number[][]): { values: number[]; vectors: number[][] } {
  const n = matrix.length;
  const a = matrix.map((row) => [...row]);
  const v = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j): number => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p]![q]! ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(a[p]![q]!) < 1e-30) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * a[p]![q]!);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1), s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k]![p]!, akq = a[k]![q]!;
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p]![k]!, aqk = a[q]![k]!;
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k]![p]!, vkq = v[k]![q]!;
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
  }
  return { values: a.map((row, i) => row[i]!), vectors: v };
}

/** The spread of differences between pairs of looks (each pair's closer mirror), mirror-symmetric, scaled to trace 1. */
function spread(pairs: Array<[number[], number[]]>): number[][] {
  const d = 4 * QUARTER;
  const s = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  for (const [a, b] of pairs) {
    const m = mirrorOf(b);
    const diff = a.map((x, i) => x - (dot(a, b) >= dot(a, m) ? b[i]! : m[i]!));
    for (let i = 0; i < d; i++) for (let j = 0; j < d; j++) s[i]![j]! += diff[i]! * diff[j]!;
  }
  const order = mirrorOf(Array.from({ length: d }, (_, i) => i));
  const sym = s.map((row, i) => row.map((x, j) => (x + s[order[i]!]![order[j]!]!) / 2));
  const trace = sym.reduce((t, row, i) => t + row[i]!, 0) || 1;
  return sym.map((row) => row.map((x) => x / trace));
}

/** (views + weight x backgrounds + lambda x mean variance x identity)^(-1/2). */
function whitening(views: number[][], backgrounds: number[][], weight: number, lambda: number): number[][] {
  const d = views.length;
  const s = views.map((row, i) => row.map((x, j) => x + weight * backgrounds[i]![j]!));
  const trace = s.reduce((t, row, i) => t + row[i]!, 0);
  for (let i = 0; i < d; i++) s[i]![i]! += (lambda * trace) / d;
  const { values, vectors } = eigen(s);
  return Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => values.reduce((sum, e, k) => sum + (vectors[i]![k]! * vectors[j]![k]!) / Math.sqrt(e), 0)));
}

const apply = (w: number[][] | null, v: readonly number[]) => unit(w ? w.map((row) => dot(row, v)) : [...v]);
function distance(w: number[][] | null, a: readonly number[], b: readonly number[]): number {
  const x = apply(w, a);
  return 1 - Math.max(dot(x, apply(w, b)), dot(x, apply(w, mirrorOf(b))));
}

const viewOf = (m: Item) => {
  const angle = m.appearance.shape?.angle;
  return !angle ? 'other' : /corner/.test(angle) ? 'corner' : /side/.test(angle) ? 'side' : 'end';
};
const VIEW_PAIRS = ['corner and corner', 'corner and end', 'corner and side', 'end and end', 'end and side', 'side and side'];
const render = (m: Item) => m.car === 'changan-cs55' || m.car === 'renault-kadjar' || m.car.startsWith('corolla-');
const kindOfPhotos = (a: Item, b: Item) => (render(a) && render(b) ? 'two renders' : !render(a) && !render(b) ? 'two real photos' : 'a real photo and a render');
const group = (car: string) => (car.startsWith('corolla-') ? 'corolla' : car);
const frameOf = (m: Item) => m.name.split(' ')[0]!;
const pct = (n: number, of: number) => `${n} of ${of} (${((100 * n) / Math.max(1, of)).toFixed(1)}%)`;
const beforeLook = { ...SAME_CAR_THRESHOLDS, look: Infinity };

function analyse() {
  const load = (set: string) => (JSON.parse(readFileSync(join(CACHE, set, 'meta.json'), 'utf8')) as Item[]).map((item) => ({ item, cells: quartersOf(set, item) }));
  const main = load('main'), kadjar = load('kadjar'), composites = load('composites'), halves = load('half');
  const tune = main.filter(({ item }) => half(item.car) === 'tune');
  const basis = fitLookBasis(tune.flatMap(({ cells }) => cells), QUARTER);
  const look = ({ cells }: { cells: Float64Array[] }) => unit(projectLook(cells, basis));
  const looks = new Map([...main, ...kadjar, ...composites, ...halves].map((x) => [x.item, look(x)]));
  const L = (m: Item) => looks.get(m)!;
  const items = main.map(({ item }) => item);
  type Pair = { a: Item; b: Item; kind: 'same' | 'colour' | 'other'; half: string; before: boolean };
  const pairs: Pair[] = [];
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i]!, b = items[j]!;
      if (TWINS.has(`${a.car}/${b.car}`)) continue;
      const ha = half(a.car), hb = half(b.car);
      pairs.push({ a, b, kind: a.car === b.car ? 'same' : a.family === b.family ? 'colour' : 'other', half: ha === hb ? ha : 'across', before: likelyDifferentCars(a.appearance, b.appearance, beforeLook) });
    }
  const tuneSame = pairs.filter((p) => p.kind === 'same' && p.half === 'tune');
  const whiteFrame = new Map(tune.map(({ item }) => [item.name, item]));
  const compositePairs = composites.map(({ item }) => [item, whiteFrame.get(frameOf(item))] as const).filter((x): x is readonly [Item, Item] => !!x[1]);
  const fit = (weight: number, lambda: number, without?: string) =>
    whitening(
      spread(tuneSame.filter((p) => group(p.a.car) !== without).map((p) => [L(p.a), L(p.b)])),
      spread(compositePairs.filter(([, w]) => group(w.car) !== without).map(([c, w]) => [L(c), L(w)])),
      weight,
      lambda,
    );
  const ceil = (v: number) => Math.ceil(v * 100) / 100;

  console.log(`| look | threshold | same-colour different cars flagged | ${VIEW_PAIRS.join(' | ')} | two renders | a real photo and a render | two real photos | same car flagged | of which held out | Kadjar: white against a scene (whole rule) | Kadjar: two scenes (look) | tune composites against white (look) | Changan at half size against whole, same frame / other frames (look) |`);
  console.log(`|${'---|'.repeat(18)}`);
  const row = (label: string, w: number[][] | null, threshold: number) => {
    const flagged = (p: Pair) => p.before || distance(w, L(p.a), L(p.b)) > threshold;
    const of = (f: (p: Pair) => boolean) => {
      const set = pairs.filter(f);
      return pct(set.filter(flagged).length, set.length);
    };
    const share = (f: (p: Pair) => boolean) => of(f).replace(/^.*\(/, '').replace(')', '');
    const colour = (p: Pair) => p.kind === 'colour';
    const views = VIEW_PAIRS.map((v) => share((p) => colour(p) && [viewOf(p.a), viewOf(p.b)].sort().join(' and ') === v));
    const kinds = ['two renders', 'a real photo and a render', 'two real photos'].map((k) => share((p) => colour(p) && kindOfPhotos(p.a, p.b) === k));
    let whiteScene = 0, whiteSceneOf = 0, scenes = 0, scenesOf = 0;
    const ks = kadjar.map(({ item }) => item);
    for (let i = 0; i < ks.length; i++)
      for (let j = i + 1; j < ks.length; j++) {
        const a = ks[i]!, b = ks[j]!;
        if (frameOf(a) === frameOf(b)) continue;
        const white = [a, b].filter((m) => m.name.endsWith('white')).length;
        if (white === 1) {
          whiteSceneOf++;
          if (likelyDifferentCars(a.appearance, b.appearance, beforeLook) || distance(w, L(a), L(b)) > threshold) whiteScene++;
        } else if (white === 0) {
          scenesOf++;
          if (distance(w, L(a), L(b)) > threshold) scenes++;
        }
      }
    let comp = 0, compOf = 0;
    for (const { item: c } of composites)
      for (const { item: t } of tune)
        if (t.car === c.car && t.name !== frameOf(c)) {
          compOf++;
          if (distance(w, L(c), L(t)) > threshold) comp++;
        }
    let sameFrame = 0, otherFrames = 0, otherOf = 0;
    const changan = tune.filter(({ item }) => item.car === 'changan-cs55').map(({ item }) => item);
    for (const { item: h } of halves)
      for (const t of changan) {
        const far = distance(w, L(h), L(t)) > threshold;
        if (t.name === frameOf(h)) sameFrame += far ? 1 : 0;
        else {
          otherOf++;
          otherFrames += far ? 1 : 0;
        }
      }
    const tuneColour = share((p) => colour(p) && p.half === 'tune');
    console.log(
      `| ${label} | ${threshold.toFixed(2)} | ${of(colour)} (tune half ${tuneColour}) | ${views.join(' | ')} | ${kinds.join(' | ')} | ${of((p) => p.kind === 'same')} | ${of((p) => p.kind === 'same' && p.half === 'held out')} | ${pct(whiteScene, whiteSceneOf)} | ${pct(scenes, scenesOf)} | ${pct(comp, compOf)} | ${pct(sameFrame, halves.length)} / ${pct(otherFrames, otherOf)} |`,
    );
  };
  const plainThreshold = (w: number[][] | null) => ceil(Math.max(...tuneSame.map((p) => distance(w, L(p.a), L(p.b)))));
  row('kept: cosine of the box\'s look', null, plainThreshold(null));
  const groups = [...new Set(tuneSame.map((p) => group(p.a.car)))];
  for (const [weight, lambda] of [
    [0, 1],
    [0, 3],
    [0, 10],
    [1, 1],
    [1, 3],
    [1, 10],
    [1, 30],
    [2, 3],
    [2, 10],
    [2, 30],
    [4, 10],
  ] as const) {
    const w = fit(weight, lambda);
    row(`whitened: backgrounds x ${weight}, lambda ${lambda}, tune half's largest`, w, plainThreshold(w));
    // Each tune car measured with the spread fitted without its own pairs.
    const crossed = ceil(Math.max(...groups.map((g) => {
      const wg = fit(weight, lambda, g);
      return Math.max(...tuneSame.filter((p) => group(p.a.car) === g).map((p) => distance(wg, L(p.a), L(p.b))));
    })));
    row(`whitened: backgrounds x ${weight}, lambda ${lambda}, cross-fitted`, w, crossed);
  }
}

if (process.argv.includes('--measure')) await measure();
if (!existsSync(join(CACHE, 'half', 'meta.json'))) throw new Error('nothing measured yet: run with --measure first');
analyse();
process.exit(0);
