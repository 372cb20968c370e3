/**
 * npx tsx functions/src/renderer/fidelity/calibrate.ts [photo dir]
 * Measures the car-fidelity score on the committed car photos: faithful renders (the local compositor on
 * every background, mirrored, the output mask measured by the cut-out, and re-rendering-like changes: relit,
 * softened, re-compressed, slightly rotated) against changed cars (another photo's car, warped,
 * recoloured). FIDELITY_THRESHOLD in car-fidelity.ts was chosen from its output.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp, { type Sharp } from 'sharp';
import { RENDERED_BACKGROUNDS } from '@shared/backgrounds';
import { renderedPlace } from '../scenes/rendered-studio';
import { composeCar, type Composed } from '../local/compositor';
import { preparePhotos, type PreparedPhoto } from '../local/local-renderer';
import type { CarMask, RgbImage } from './car-masker';
import { FIDELITY_THRESHOLD, measureCarFidelity, type CarFidelity } from './car-fidelity';
import { CutoutCarMasker } from './cutout-masker';
import { createCutout } from '../cutout/create-cutout';

type Case = { image: RgbImage; mask: CarMask };

const asCase = (c: Composed): Case => ({ image: c, mask: { alpha: c.carAlpha, width: c.width, height: c.height } });

/** Runs the same sharp operation on the picture and (for geometry) on its mask. */
async function transform(c: Case, op: (s: Sharp) => Sharp, geometric: boolean): Promise<Case> {
  const { data, info } = await op(sharp(c.image.rgb, { raw: { width: c.image.width, height: c.image.height, channels: 3 } })).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const alpha = geometric
    ? await op(sharp(Buffer.from(c.mask.alpha), { raw: { width: c.mask.width, height: c.mask.height, channels: 1 } })).extractChannel(0).raw().toBuffer()
    : c.mask.alpha;
  return { image: { rgb: data, width: info.width, height: info.height }, mask: { alpha: new Uint8Array(alpha), width: info.width, height: info.height } };
}

/** Changes only the car's pixels (blended by its alpha), background untouched. */
async function recolourCar(c: Case, op: (s: Sharp) => Sharp): Promise<Case> {
  const changed = await op(sharp(c.image.rgb, { raw: { width: c.image.width, height: c.image.height, channels: 3 } })).removeAlpha().raw().toBuffer();
  const rgb = Buffer.from(c.image.rgb);
  for (let i = 0; i < c.mask.alpha.length; i++) {
    const a = c.mask.alpha[i]! / 255;
    for (let k = 0; k < 3; k++) rgb[3 * i + k] = changed[3 * i + k]! * a + rgb[3 * i + k]! * (1 - a);
  }
  return { image: { ...c.image, rgb }, mask: c.mask };
}

/**
 * The car's pixels through `paint(r, g, b, t, v)` (t, v: 0..1 across and down the car's box), blended by its alpha;
 * `inside` limits it to part of the box.
 */
function paintCar(c: Case, paint: (rgb: [number, number, number], t: number, v: number) => [number, number, number], inside = (_t: number, _v: number) => true): Case {
  const { width: W } = c.image;
  let left = W, right = 0, top = c.mask.height, bottom = 0;
  for (let i = 0; i < c.mask.alpha.length; i++)
    if (c.mask.alpha[i]! >= 128) {
      const x = i % W, y = (i - x) / W;
      (left = Math.min(left, x)), (right = Math.max(right, x)), (top = Math.min(top, y)), (bottom = Math.max(bottom, y));
    }
  const rgb = Buffer.from(c.image.rgb);
  for (let i = 0; i < c.mask.alpha.length; i++) {
    const a = c.mask.alpha[i]! / 255;
    if (!a) continue;
    const x = i % W, y = (i - x) / W;
    const t = (x - left) / Math.max(1, right - left), v = (y - top) / Math.max(1, bottom - top);
    if (!inside(t, v)) continue;
    const was: [number, number, number] = [rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!];
    const now = paint(was, t, v);
    for (let k = 0; k < 3; k++) rgb[3 * i + k] = Math.max(0, Math.min(255, now[k]! * a + was[k]! * (1 - a)));
  }
  return { image: { ...c.image, rgb }, mask: c.mask };
}

/** A new paint of `colour` keeping the old paint's shading (its luma over the paint's typical 140). */
const repaint = (colour: [number, number, number]) => ([r, g, b]: [number, number, number]): [number, number, number] => {
  const shade = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 140;
  return colour.map((v) => v * shade) as [number, number, number];
};

/** A smooth wave warp inside the car's box (body lines bent, wheels squashed), picture and mask alike. */
function warpCar(c: Case, amplitude: number): Case {
  const { width: W, height: H } = c.image;
  const rgb = Buffer.from(c.image.rgb);
  const alpha = new Uint8Array(c.mask.alpha);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const sx = Math.round(x + amplitude * Math.sin((2 * Math.PI * y) / 180));
      const sy = Math.round(y + amplitude * Math.sin((2 * Math.PI * x) / 240));
      if (sx < 0 || sy < 0 || sx >= W || sy >= H) continue;
      const d = y * W + x, s = sy * W + sx;
      alpha[d] = c.mask.alpha[s]!;
      for (let k = 0; k < 3; k++) rgb[3 * d + k] = c.image.rgb[3 * s + k]!;
    }
  return { image: { rgb, width: W, height: H }, mask: { alpha, width: W, height: H } };
}

export type Verdict = 'faithful' | 'changed' | 'borderline';
export interface CalibrationCase {
  label: string;
  verdict: Verdict;
  mirrored: boolean;
  source: Case;
  output: Case;
}

/** Every faithful and changed render of the photos in `dir` (the cut-out runs twice per photo). */
export async function buildCases(dir: string): Promise<CalibrationCase[]> {
  const files = readdirSync(dir).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).sort();
  const prepared: Array<{ name: string; p: PreparedPhoto }> = [];
  for (const f of files) prepared.push({ name: f.replace(/\.[^.]+$/, '').slice(0, 22), p: (await preparePhotos([{ id: f, bytes: readFileSync(join(dir, f)) }]))[0]! });
  const masker = new CutoutCarMasker(createCutout()); // the configured cut-out, u2netp by default
  const studio = renderedPlace('studio');
  const cases: CalibrationCase[] = [];
  const composedStudio = new Map<string, Case>();
  for (const { name, p } of prepared) composedStudio.set(name, asCase(await composeCar(p.photo, p.mask, studio, { mirror: false })));
  for (const { name, p } of prepared) {
    const source: Case = { image: p.photo, mask: p.mask };
    const add = (label: string, verdict: Verdict, output: Case, mirrored = false) => cases.push({ label: `${name} ${label}`, verdict, mirrored, source, output });
    for (const bg of RENDERED_BACKGROUNDS) add(`local ${bg}`, 'faithful', asCase(await composeCar(p.photo, p.mask, renderedPlace(bg), { mirror: false })));
    const mirroredCar = asCase(await composeCar(p.photo, p.mask, studio, { mirror: true }));
    add('local studio mirrored', 'faithful', mirroredCar, true);
    const base = composedStudio.get(name)!;
    const measured = { image: base.image, mask: await masker.maskCar(base.image) };
    add('studio, output mask by the cut-out', 'faithful', measured);
    add('relit x0.8', 'faithful', await transform(measured, (s) => s.linear(0.8, 0), false));
    add('relit x1.2 +10', 'faithful', await transform(measured, (s) => s.linear(1.2, 10), false));
    add('softened (blur 1.5)', 'faithful', await transform(measured, (s) => s.blur(1.5), false));
    add('jpeg q40', 'faithful', await transform(measured, (s) => s.jpeg({ quality: 40 }).raw(), false));
    add('rotated 1 deg', 'faithful', await transform(measured, (s) => s.rotate(1, { background: '#000' }), true));
    add('rotated 2 deg', 'faithful', await transform(measured, (s) => s.rotate(2, { background: '#000' }), true));
    add('scaled 0.9 (resampled)', 'faithful', await transform(measured, (s) => s.resize(Math.round(measured.image.width * 0.9)), true));
    add('squashed 4% (resampled)', 'faithful', await transform(measured, (s) => s.resize(measured.image.width, Math.round(measured.image.height * 0.96), { fit: 'fill' }), true));
    add('rotated 4 deg', 'faithful', await transform(measured, (s) => s.rotate(4, { background: '#000' }), true));
    // Re-rendering-like: several small changes at once.
    const steps = async (c: Case, ops: Array<[(s: Sharp) => Sharp, boolean]>) => {
      for (const [op, geometric] of ops) c = await transform(c, op, geometric);
      return c;
    };
    add('relit x1.1, softened 1, rotated 1 deg, jpeg q60', 'faithful', await steps(measured, [[(s) => s.linear(1.1, 5), false], [(s) => s.blur(1), false], [(s) => s.rotate(1, { background: '#000' }), true], [(s) => s.jpeg({ quality: 60 }).raw(), false]]));
    add('relit x0.85, softened 1.5, rotated -2 deg', 'faithful', await steps(measured, [[(s) => s.linear(0.85, 0), false], [(s) => s.blur(1.5), false], [(s) => s.rotate(-2, { background: '#000' }), true]]));
    add('gamma 1.4, rotated 1.5 deg', 'faithful', await steps(measured, [[(s) => s.gamma(2.2, 2.2 / 1.4), false], [(s) => s.rotate(1.5, { background: '#000' }), true]]));
    // A low sun's warm light from the right, fading across the car (Sunset's, stronger), and a cool shade.
    add('warm light toward one end (R x1.12, B x0.88 there)', 'faithful', paintCar(measured, ([r, g, b], t) => [r * (1 + 0.12 * (0.3 + 0.7 * t)), g, b * (1 - 0.12 * (0.3 + 0.7 * t))]));
    add('cool light (R x0.95, B x1.05)', 'faithful', paintCar(measured, ([r, g, b]) => [r * 0.95, g, b * 1.05]));
    add('saturation x1.3, relit x1.15', 'faithful', await steps(measured, [[(s) => s.modulate({ saturation: 1.3 }), false], [(s) => s.linear(1.15, 0), false]]));
    for (const other of prepared) if (other.name !== name) add(`vs ${other.name}`, 'changed', composedStudio.get(other.name)!);
    add('mirrored but not said', 'changed', mirroredCar);
    add('warped (wave 6 px)', 'borderline', warpCar(base, 6)); // about 0.5 % of the car's length: hard to see
    add('warped (wave 12 px)', 'changed', warpCar(base, 12));
    add('warped (wave 24 px)', 'changed', warpCar(base, 24));
    // A hue turn is a repaint on a coloured car but nearly invisible on a silver one: not counted either way.
    add('recoloured (hue +120)', 'borderline', await recolourCar(base, (s) => s.modulate({ hue: 120 })));
    // One panel (a door's worth: a fifth of the car's length, the body's height) in a new colour; a red car's in blue.
    const door = (t: number, v: number) => t > 0.4 && t < 0.6 && v > 0.45 && v < 0.85;
    add('one panel repainted red', 'changed', paintCar(base, repaint([190, 35, 35]), door));
    add('one panel repainted blue', 'changed', paintCar(base, repaint([40, 70, 190]), door));
    add('body repainted red', 'changed', paintCar(base, repaint([190, 35, 35])));
    add('repainted darker (x0.45)', 'changed', await recolourCar(base, (s) => s.linear(0.45, 0)));
    add('repainted lighter (x1.6 +40)', 'changed', await recolourCar(base, (s) => s.linear(1.6, 40)));
  }
  return cases;
}

async function main() {
  const cases = await buildCases(resolve(process.argv[2] ?? 'tests/fixtures/cars'));
  const scores: Record<Verdict, number[]> = { faithful: [], changed: [], borderline: [] };
  const costs: number[] = [];
  for (const c of cases) {
    const t = performance.now();
    const f: CarFidelity = await measureCarFidelity({ source: c.source.image, sourceMask: c.source.mask, output: c.output.image, outputMask: c.output.mask, mirrored: c.mirrored });
    costs.push(performance.now() - t);
    scores[c.verdict].push(f.score);
    console.log(`${c.verdict.padEnd(10)} ${c.label.padEnd(56)} ssim ${f.score.toFixed(3)}  iou ${f.maskIoU.toFixed(3)}`);
  }
  const stats = (xs: number[]) => `min ${Math.min(...xs).toFixed(3)}  max ${Math.max(...xs).toFixed(3)}  n ${xs.length}`;
  console.log(`faithful: ${stats(scores.faithful)}`);
  console.log(`changed:  ${stats(scores.changed)}`);
  console.log(`borderline: ${stats(scores.borderline)}`);
  console.log(`threshold ${FIDELITY_THRESHOLD}: faithful below ${scores.faithful.filter((s) => s < FIDELITY_THRESHOLD).length}, changed at or above ${scores.changed.filter((s) => s >= FIDELITY_THRESHOLD).length}`);
  costs.sort((a, b) => a - b);
  console.log(`measureCarFidelity: median ${costs[costs.length >> 1]!.toFixed(1)} ms, max ${costs[costs.length - 1]!.toFixed(1)} ms`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
