/**
 * Issue 39 item 1 (different cars of one paint colour): cues a buyer uses to tell two cars of one paint apart, read
 * from the silhouette and the pixels inside it, each OR'd with the form's rule (shared/same-car.ts: paint, shape, look)
 * at the tune half's largest same-car distance, as `npm run bench:same-car` chooses its thresholds. Measured, not kept
 * (docs/benchmarks/same-car.md, "Same car: proportions, glass and ride height").
 *
 * `--measure` runs the local car check on the benchmark's photos (tests/bench/same-car.ts shots) and keeps each one's
 * appearance and a small copy of the car (its pixels and cut-out over the silhouette's box) in
 * .cache/same-car-proportions.json, so cues can be tried without the car check. `--photos dir ...` does the same for
 * photos never tuned on (each file another car), `--step-back --photos dir ...` for those photos with the car at 0.7x.
 * Without them: the tables from the caches (`--each` lists every photo's cues).
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import sharp from 'sharp';
import { DIFFERENT_CAR_DISTANCE, likelyDifferentCars, lookDistance, paintDistance, type CarAppearance } from '@shared/same-car';
import { createCutout, cutoutModelFromEnv } from '../../functions/src/renderer/cutout/create-cutout';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import { half, paintRelation, shots, TWINS, type Shot } from './same-car';
import { srgbToLab, wheelContacts } from '../../functions/src/vision/car-appearance';

const ROOT = resolve(import.meta.dirname, '../..');
export const PROPORTIONS_CACHE = resolve(ROOT, '.cache/same-car-proportions.json');
const UNSEEN_CACHE = resolve(ROOT, '.cache/same-car-proportions-unseen.json');
const STEP_BACK_CACHE = resolve(ROOT, '.cache/same-car-proportions-step-back.json');
/** The longer side of the kept copy of the car. */
const COPY_SIZE = 240;

export interface CarCopy {
  car: string;
  family: string;
  name: string;
  angle: string;
  appearance: CarAppearance;
  width: number;
  height: number;
  /** RGB and alpha (0..255) of the silhouette's box, base64. */
  rgb: string;
  alpha: string;
}

/**
 * Photos never tuned on (--photos dir ...): each file another car (the plate photos are named by their plates), its
 * colour family unknown ('?'): what they measure is how often two different cars are flagged.
 */
async function unseenShots(dirs: string[]): Promise<Shot[]> {
  const out: Shot[] = [];
  for (const dir of dirs)
    for (const f of readdirSync(dir).filter((f) => /\.(jpe?g|png)$/i.test(f)).sort()) {
      const bytes = await readFile(join(dir, f));
      const car = `${basename(dir)}/${f}`;
      out.push({ car, family: '?', name: car, bytes });
    }
  return out;
}

/**
 * --step-back: each photo never tuned on with its car at STEP_BACK of its size, shrunk about its centre onto a blurred
 * copy of itself (as the benchmark's nearer-or-further copies of real photos): the same car a step further away.
 */
const STEP_BACK = 0.7;
async function stepBackShots(photos: Shot[]): Promise<Shot[]> {
  const out: Shot[] = [];
  for (const shot of photos) {
    const { width, height } = await sharp(shot.bytes).rotate().toBuffer({ resolveWithObject: true }).then((r) => r.info);
    const w = Math.round(width * STEP_BACK), h = Math.round(height * STEP_BACK);
    const small = await sharp(shot.bytes).rotate().resize(w, h, { fit: 'fill' }).toBuffer();
    const canvas = sharp(await sharp(shot.bytes).rotate().resize(width, height, { fit: 'fill' }).blur(40).toBuffer());
    const bytes = await canvas.composite([{ input: small, left: Math.round((width - w) / 2), top: Math.round((height - h) / 2) }]).jpeg({ quality: 92 }).toBuffer();
    out.push({ ...shot, name: `${shot.name} (at ${STEP_BACK}x)`, bytes });
  }
  return out;
}

async function measure(all: Shot[], cache: string): Promise<void> {
  const vision = new LocalVision(createCutout(cutoutModelFromEnv()).cutOut);
  await vision.warmUp();
  const out: CarCopy[] = [];
  for (const { bytes, ...shot } of all) {
    const photo = await decodePhoto(bytes);
    const { sighting, mask } = await vision.lookClosely(photo);
    if (!sighting.ok || !sighting.appearance || !mask) continue;
    const { box } = mask;
    const bw = box.right - box.left, bh = box.bottom - box.top;
    if (bw < 8 || bh < 8) continue;
    const scale = Math.min(1, COPY_SIZE / Math.max(bw, bh));
    const width = Math.max(1, Math.round(bw * scale)), height = Math.max(1, Math.round(bh * scale));
    // The mask is at the photo's working size, as the rgb is.
    const rgb = await sharp(photo.rgb, { raw: { width: photo.width, height: photo.height, channels: 3 } }).extract({ left: box.left, top: box.top, width: bw, height: bh }).resize(width, height, { fit: 'fill' }).raw().toBuffer();
    const alpha = await sharp(Buffer.from(mask.alpha), { raw: { width: mask.width, height: mask.height, channels: 1 } }).extract({ left: box.left, top: box.top, width: bw, height: bh }).resize(width, height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
    out.push({ ...shot, angle: sighting.angle ?? 'none', appearance: sighting.appearance, width, height, rgb: rgb.toString('base64'), alpha: alpha.toString('base64') });
    console.log(shot.name, sighting.angle, width, height);
  }
  await mkdir(resolve(cache, '..'), { recursive: true });
  await writeFile(cache, JSON.stringify(out));
}


// ---- the cues, measured on the copies ----

/** The copy's cut-out, one byte a pixel (copies measured before extractChannel kept it as three equal channels). */
function alphaOf(c: CarCopy): Uint8Array {
  const bytes = Buffer.from(c.alpha, 'base64');
  return bytes.length === c.width * c.height ? bytes : Uint8Array.from({ length: c.width * c.height }, (_, i) => bytes[3 * i]!);
}

/** A copy's pixel: is it the car's (cut-out), and its CIELAB lightness. */
function reader(c: CarCopy) {
  const rgb = Buffer.from(c.rgb, 'base64');
  const alpha = alphaOf(c);
  const solid = (x: number, y: number) => alpha[y * c.width + x]! >= 128;
  const lightness = (x: number, y: number) => {
    const i = (y * c.width + x) * 3;
    return srgbToLab(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!)[0];
  };
  return { solid, lightness };
}

export interface Cues {
  /** Share of the car's pixels darker than its paint in each tenth of its height (middle columns): glass, grille, tyres. */
  darkRows: number[];
  /** Ground clearance: the gap under the body between the two wheels it stands on, over the silhouette's height. */
  clearance: number | null;
  /** The two wheels' distance apart over the copy's width (as wheelSpan). */
  span: number | null;
  /** How much lower one wheel stands than the other, over the copy's height: a corner's near side, not its end. */
  tilt: number | null;
  /** The glass's bottom (the beltline) and top, down from each middle column's top, as shares of that column's height (medians). */
  belt: number | null;
  glassTop: number | null;
}

const BANDS = 10;
export function cuesOf(c: CarCopy, darkBelow = 0.6, middle = 0.2): Cues {
  const { solid, lightness } = reader(c);
  const paintL = c.appearance.paint[0];
  const dark = new Array<number>(BANDS).fill(0);
  const all = new Array<number>(BANDS).fill(0);
  for (let y = 0; y < c.height; y++)
    for (let x = Math.floor(middle * c.width); x < Math.ceil((1 - middle) * c.width); x++) {
      if (!solid(x, y)) continue;
      const band = Math.min(BANDS - 1, Math.floor((y / c.height) * BANDS));
      all[band]!++;
      if (lightness(x, y) < darkBelow * paintL) dark[band]!++;
    }
  const darkRows = dark.map((d, i) => (all[i] ? d / all[i]! : 0));
  const contacts = wheelContacts({ alpha: alphaOf(c), width: c.width }, { left: 0, right: c.width, top: 0, bottom: c.height });
  let clearance: number | null = null;
  if (contacts) {
    const [[x1, y1], [x2, y2]] = contacts;
    const gaps: number[] = [];
    for (let x = Math.round(x1 + 0.2 * (x2 - x1)); x <= x2 - 0.2 * (x2 - x1); x++) {
      const ground = y1 + ((y2 - y1) * (x - x1)) / Math.max(1, x2 - x1);
      let y = c.height - 1;
      while (y >= 0 && !solid(x, y)) y--;
      gaps.push((ground - y) / c.height);
    }
    if (gaps.length >= 3) clearance = gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
  }
  // Per middle column: the lowest and highest dark pixels in its upper 65% (the glass), against the column's height.
  const belts: number[] = [];
  const glassTops: number[] = [];
  for (let x = Math.floor(middle * c.width); x < Math.ceil((1 - middle) * c.width); x++) {
    let top = 0;
    while (top < c.height && !solid(x, top)) top++;
    let bottom = c.height - 1;
    while (bottom > top && !solid(x, bottom)) bottom--;
    const h = bottom - top;
    if (h < 10) continue;
    let first = -1, last = -1;
    for (let y = top; y < top + 0.65 * h; y++)
      if (solid(x, y) && lightness(x, y) < darkBelow * paintL && solid(x, y + 1) && lightness(x, y + 1) < darkBelow * paintL) {
        if (first < 0) first = y;
        last = y + 1;
      }
    if (first < 0) continue;
    belts.push((last - top) / h);
    glassTops.push((first - top) / h);
  }
  const median = (v: number[]) => (v.length >= 0.3 * (1 - 2 * middle) * c.width ? v.sort((a, b) => a - b)[Math.floor(v.length / 2)]! : null);
  const span = contacts ? (contacts[1][0] - contacts[0][0]) / c.width : null;
  const tilt = contacts ? Math.abs(contacts[1][1] - contacts[0][1]) / c.height : null;
  return { darkRows, clearance, span, tilt, belt: median(belts), glassTop: median(glassTops) };
}

// ---- the pairs ----

interface Pair {
  a: CarCopy;
  b: CarCopy;
  kind: 'same car' | 'twins' | ReturnType<typeof paintRelation>;
  half: 'tune' | 'held out' | 'across';
  /** Paint, shape and look (the form's rule now). */
  base: boolean;
  views: string;
}

const viewName = (angle: string) => (/corner/.test(angle) ? 'corner' : /side/.test(angle) ? 'side' : 'end');

function pairsOf(copies: CarCopy[]): Pair[] {
  const pairs: Pair[] = [];
  for (let i = 0; i < copies.length; i++)
    for (let j = i + 1; j < copies.length; j++) {
      const a = copies[i]!, b = copies[j]!;
      const kind = a.car === b.car ? 'same car' : TWINS.has(`${a.car}/${b.car}`) ? 'twins' : paintRelation(a.family, b.family);
      const ha = half(a.car), hb = half(b.car);
      pairs.push({ a, b, kind, half: ha === hb ? ha : 'across', base: likelyDifferentCars(a.appearance, b.appearance), views: [viewName(a.angle), viewName(b.angle)].sort().join('/') });
    }
  return pairs;
}

type Distance = (a: CarCopy, b: CarCopy) => number | null;

const pct = (n: number, d: number) => `${n} of ${d} (${d ? ((100 * n) / d).toFixed(1) : '-'}%)`;

/** A cue OR'd with the form's rule, its threshold the tune half's largest same-car distance (rounded up to hundredths). */
function report(name: string, pairs: Pair[], distance: Distance | null): number {
  const d = new Map<Pair, number | null>(pairs.map((p) => [p, distance ? distance(p.a, p.b) : null]));
  const tune = pairs.filter((p) => p.kind === 'same car' && p.half === 'tune' && d.get(p) !== null).map((p) => d.get(p)!);
  const threshold = distance ? Math.ceil(Math.max(0, ...tune) * 100) / 100 : Infinity;
  const flagged = (p: Pair) => p.base || (d.get(p) ?? -Infinity) > threshold;
  const count = (keep: (p: Pair) => boolean) => {
    const ps = pairs.filter(keep);
    return pct(ps.filter(flagged).length, ps.length);
  };
  const colour = (p: Pair) => p.kind === 'same colour';
  const views = ['corner/corner', 'corner/end', 'corner/side', 'end/end', 'end/side', 'side/side'];
  const compared = pairs.filter((p) => colour(p) && d.get(p) !== null).length;
  console.log(
    [
      name,
      Number.isFinite(threshold) ? threshold.toFixed(2) : '',
      count((p) => p.kind === 'same car' && p.half === 'tune'),
      count((p) => p.kind === 'same car' && p.half === 'held out'),
      count(colour),
      count((p) => colour(p) && p.half === 'tune'),
      count((p) => colour(p) && p.half !== 'tune'),
      ...views.map((v) => count((p) => colour(p) && p.views === v).replace(/.*\((.*)\)/, '$1')),
      count((p) => p.kind === 'clearly different'),
      count((p) => p.kind !== 'same car' && p.kind !== 'twins'),
      `${compared}`,
    ].join(' | '),
  );
  return threshold;
}

/**
 * Photos never tuned on (--photos): every two are different cars; those whose paints the check reads as one (paint
 * distance at most DIFFERENT_CAR_DISTANCE) are the hard ones. Each cue at the threshold the benchmark's tune half gave.
 */
function reportUnseen(copies: CarCopy[], stepBack: CarCopy[], cues: { name: string; distance: Distance | null; threshold: number }[]): void {
  const pairs = pairsOf(copies);
  const alike = pairs.filter((p) => paintDistance(p.a.appearance, p.b.appearance) <= DIFFERENT_CAR_DISTANCE);
  // Each photo against its own copy a step back (--step-back): one car.
  const own = pairsOf([...copies, ...stepBack]).filter((p) => p.kind === 'same car');
  console.log(`\nphotos never tuned on: ${copies.length} cars measured, ${pairs.length} pairs, ${alike.length} with paints read as one; ${own.length} photos against their copy at ${STEP_BACK}x`);
  console.log('cue | different cars, all pairs | paints read as one | of which two fronts or two rears | one car a step back');
  for (const { name, distance, threshold } of cues) {
    const flagged = (p: Pair) => p.base || (distance?.(p.a, p.b) ?? -Infinity) > threshold;
    const count = (ps: Pair[]) => pct(ps.filter(flagged).length, ps.length);
    const ends = alike.filter((p) => p.a.angle === p.b.angle && /^(front|rear)$/.test(p.a.angle));
    console.log([name, count(pairs), count(alike), count(ends), count(own)].join(' | '));
  }
}

const gap = (x: number[], y: number[], from: number, to: number) => {
  let s = 0;
  for (let i = from; i < to; i++) s += Math.abs(x[i]! - y[i]!);
  return s / (to - from);
};

async function analyse(): Promise<void> {
  const copies: CarCopy[] = JSON.parse(await readFile(PROPORTIONS_CACHE, 'utf8'));
  const unseen: CarCopy[] = existsSync(UNSEEN_CACHE) ? JSON.parse(await readFile(UNSEEN_CACHE, 'utf8')) : [];
  const stepBack: CarCopy[] = existsSync(STEP_BACK_CACHE) ? JSON.parse(await readFile(STEP_BACK_CACHE, 'utf8')) : [];
  const cues = new Map([...copies, ...unseen, ...stepBack].map((c) => [c, cuesOf(c)]));
  // Glass is told from paint by being darker: on a dark paint it is not.
  const light = (c: CarCopy) => c.appearance.paint[0] >= 40;
  // The wheels the silhouette stands on are a side's (not an end's) on a side, and on a corner whose wheels stand at different heights.
  const sideWheels = (c: CarCopy) => {
    const q = cues.get(c)!;
    return /side/.test(c.angle) ? (q.span ?? 0) >= 0.4 : /corner/.test(c.angle) && (q.tilt ?? 0) >= 0.04 && (q.span ?? 0) >= 0.3;
  };
  const diff = (pick: (q: Cues) => number | null, when: (c: CarCopy) => boolean) => (a: CarCopy, b: CarCopy) => {
    const x = pick(cues.get(a)!), y = pick(cues.get(b)!);
    return x === null || y === null || !when(a) || !when(b) ? null : Math.abs(x - y);
  };
  const variants: { name: string; distance: Distance | null }[] = [
    { name: 'paint, shape and look (the form\'s now)', distance: null },
    { name: 'dark share by tenth of the height, top 6 tenths, light paints', distance: (a, b) => (light(a) && light(b) ? gap(cues.get(a)!.darkRows, cues.get(b)!.darkRows, 0, 6) : null) },
    { name: 'dark share by tenth of the height, all 10, light paints', distance: (a, b) => (light(a) && light(b) ? gap(cues.get(a)!.darkRows, cues.get(b)!.darkRows, 0, 10) : null) },
    { name: 'beltline (glass bottom), light paints', distance: diff((q) => q.belt, light) },
    { name: 'glass top (roof depth), light paints', distance: diff((q) => q.glassTop, light) },
    { name: 'glass height, light paints', distance: diff((q) => (q.belt === null || q.glassTop === null ? null : q.belt - q.glassTop), light) },
    { name: 'ground clearance, any views', distance: diff((q) => q.clearance, () => true) },
    { name: "ground clearance, a side's wheels only", distance: diff((q) => q.clearance, sideWheels) },
    // Not a new cue: the look held tighter between two photos of the same end (front and front, rear and rear).
    { name: 'the look, two photos of one end only', distance: (a, b) => (a.angle === b.angle && /^(front|rear)$/.test(a.angle) ? lookDistance(a.appearance, b.appearance) : null) },
  ];
  const pairs = pairsOf(copies);
  console.log('cue | threshold | same car tune | same car held out | same colour | tune | held out/across | cc | ce | cs | ee | es | ss | clearly different | different all | same-colour pairs compared');
  const thresholds = variants.map((v) => report(v.name, pairs, v.distance));
  if (unseen.length) reportUnseen(unseen, stepBack, variants.map((v, i) => ({ ...v, threshold: thresholds[i]! })));
  if (process.argv.includes('--each'))
    for (const c of [...copies, ...unseen, ...stepBack]) {
      const q = cues.get(c)!;
      const f = (v: number | null) => v?.toFixed(3) ?? '-';
      console.log([c.name, c.angle, c.appearance.paint[0], f(q.span), f(q.tilt), f(q.clearance), f(q.belt), f(q.glassTop)].join(' '));
    }
}

const dirsAt = process.argv.findIndex((a) => a === '--photos');
if (dirsAt >= 0) {
  const photos = await unseenShots(process.argv.slice(dirsAt + 1).filter((a) => !a.startsWith('--')));
  if (process.argv.includes('--step-back')) await measure(await stepBackShots(photos), STEP_BACK_CACHE);
  else await measure(photos, UNSEEN_CACHE);
}
else if (process.argv.includes('--measure') || !existsSync(PROPORTIONS_CACHE)) await measure(await shots(), PROPORTIONS_CACHE);
await analyse();
