/**
 * `npm run bench:ground-contact` (tests/bench/ground-contact.ts): how dark the ground is right under a car, in real photos and in our renders
 * (issue 38 item 2). Per photo, read off the product's cut-out: the ground in a thin band just under the sills and
 * bumpers (where the body stands clear of its ground line) and in each tyre's contact patch (2-4 rows under its lowest
 * pixel, across its middle half), each as a share of the open ground at the same rows beside the car (a median of the
 * ground 5-35% of the car's width beyond either end). The same on the renders in every style (the car on the stage,
 * composed as the product composes it), with also the share of the scene drawn without the car at the same pixels.
 * Photos: the committed real car photos (tests/fixtures/vision), ../shared/fixtures/cars, and any given as arguments
 * (local only). STYLES=studio,urban limits the styles, ONLY=<regex> the photos; CROPS=<dir> writes PNG crops of the
 * ground under each car.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import sharp from 'sharp';
import type { Background } from '@shared/backgrounds';

const ROOT = resolve(import.meta.dirname, '../..');
const SHARED_SCENES = resolve(ROOT, '../shared/scenes');
if (!process.env.SCENES_DIR && existsSync(SHARED_SCENES)) process.env.SCENES_DIR = SHARED_SCENES;
const { preparePhotos } = await import('../../functions/src/renderer/local/local-renderer');
const { composeWithBackdrop, tyresOf } = await import('../renderer/tyre-shade');
const { lowestRows, lumaOf } = await import('../renderer/ground-probes');
const { lowerHull } = await import('../../functions/src/renderer/scenes/photo-camera');

const STYLES = (process.env.STYLES?.split(',') ?? ['studio', 'studio_grey', 'studio_dark', 'showroom', 'sunset', 'urban', 'beach', 'mountain']) as Background[];
const list = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => /\.jpe?g$/i.test(f) && !/^(noncar|refuse)-/.test(f)).sort().map((f) => join(dir, f)) : []);
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
const photos = [...list(join(ROOT, 'tests/fixtures/vision')), ...list(resolve(ROOT, '../shared/fixtures/cars')), ...process.argv.slice(2)].filter((p) => !only || only.test(basename(p)));

/** The ground's darkness under a car: sills band and tyre patches, over the open ground beside it (and over a reference image at the same pixels). */
interface GroundShade {
  sills: number;
  tyres: number[];
  sillsBare?: number;
  tyresBare?: number[];
}

function groundShade(rgb: Buffer, alpha: Uint8Array, W: number, H: number, bare?: Buffer): GroundShade {
  const luma = lumaOf(rgb, W), ref = bare ? lumaOf(bare, W) : undefined;
  const lowest = lowestRows(alpha, W, H);
  const columns = [...lowest.keys()].filter((x) => lowest[x]! >= 0);
  const [left, right] = [Math.min(...columns), Math.max(...columns)];
  const cw = right - left;
  const ch = Math.max(...lowest) - Math.floor(alpha.findIndex((a) => a >= 128) / W);
  const hull = lowerHull(Array.from(lowest, (y, x) => (x >= left && x <= right ? y : -1)));
  const groundAt = new Float32Array(W).fill(-1);
  for (let i = 0; i + 1 < hull.length; i++) {
    const [xa, ya] = hull[i]!, [xb, yb] = hull[i + 1]!;
    for (let x = xa; x <= xb; x++) groundAt[x] = ya + ((yb - ya) * (x - xa)) / Math.max(1, xb - xa);
  }
  const open = (a: number) => a < 20;
  // The open ground beside the car, per row: the median of the ground 5-35% of the car's width beyond either end.
  const besideRow = new Float64Array(H).fill(NaN);
  const besideAt = (y: number) => {
    if (!Number.isNaN(besideRow[y]!)) return besideRow[y]!;
    const v: number[] = [];
    for (let x = Math.round(left - 0.35 * cw); x <= right + 0.35 * cw; x++) {
      if (x < 0 || x >= W || (x > left - 0.05 * cw && x < right + 0.05 * cw) || !open(alpha[y * W + x]!)) continue;
      v.push(luma(x, y));
    }
    v.sort((a, b) => a - b);
    return (besideRow[y] = v.length ? v[v.length >> 1]! : NaN);
  };
  const share = (pixels: Array<[number, number]>) => {
    let s = 0, b = 0, r = 0;
    for (const [x, y] of pixels) {
      const side = besideAt(y);
      if (Number.isNaN(side)) continue;
      s += luma(x, y);
      b += side;
      if (ref) r += ref(x, y);
    }
    return { beside: b > 0 ? s / b : NaN, bare: r > 0 ? s / r : NaN };
  };
  const tyres = tyresOf(alpha, W, H);
  // The sills: columns between the outer tyres (or the whole car without two) where the body stands clear of the ground.
  const [t0, t1] = tyres.length >= 2 ? [Math.min(...tyres.map((t) => t.x)), Math.max(...tyres.map((t) => t.x))] : [left, right];
  const band = Math.max(3, Math.round(0.03 * ch));
  const sill: Array<[number, number]> = [];
  for (let x = t0; x <= t1; x++) {
    if (groundAt[x]! < 0 || lowest[x]! < 0 || groundAt[x]! - lowest[x]! < 0.06 * ch) continue;
    for (let y = lowest[x]! + 2; y <= Math.min(H - 1, lowest[x]! + 1 + band, groundAt[x]!); y++) if (open(alpha[y * W + x]!)) sill.push([x, y]);
  }
  const patches = tyres.map(({ x, y, width }) => {
    const px: Array<[number, number]> = [];
    for (let k = Math.round(x - width / 4); k <= Math.round(x + width / 4); k++)
      for (let yy = y + 2; yy <= Math.min(H - 1, y + 4); yy++) if (k >= 0 && k < W && open(alpha[yy * W + k]!)) px.push([k, yy]);
    return share(px);
  });
  const s = share(sill);
  return { sills: s.beside, tyres: patches.map((p) => p.beside), ...(bare ? { sillsBare: s.bare, tyresBare: patches.map((p) => p.bare) } : {}) };
}

/** A PNG crop of the ground under the car (its lowest fifth and a little of the ground below), at full size. */
async function crop(rgb: Buffer, alpha: Uint8Array, W: number, H: number, file: string): Promise<void> {
  const lowest = lowestRows(alpha, W, H);
  const columns = [...lowest.keys()].filter((x) => lowest[x]! >= 0);
  const [left, right] = [Math.min(...columns), Math.max(...columns)];
  const bottom = Math.max(...lowest), topRow = Math.floor(alpha.findIndex((a) => a >= 128) / W);
  const ch = bottom - topRow;
  const x0 = Math.max(0, left - Math.round(0.1 * ch)), x1 = Math.min(W, right + Math.round(0.1 * ch));
  const y0 = Math.max(0, bottom - Math.round(0.35 * ch)), y1 = Math.min(H, bottom + Math.round(0.12 * ch));
  await sharp(rgb, { raw: { width: W, height: H, channels: 3 } }).extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 }).png().toFile(file);
}

const f2 = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '  -  ' : v.toFixed(2));
const tyreCell = (t: number[]) => (t.length ? t.map(f2).join(' ') : '-');
const crops = process.env.CROPS;
if (crops) mkdirSync(crops, { recursive: true });

console.log('## Real photos (ground under the car / open ground beside it at the same rows)\n');
console.log('| photo | sills | tyre patches |\n| --- | --- | --- |');
const prepared = [];
const realSills: number[] = [], realTyres: number[] = [];
for (const path of photos) {
  const [p] = await preparePhotos([{ id: basename(path), bytes: readFileSync(path) }]);
  prepared.push({ name: basename(path).replace(/\.jpe?g$/i, ''), p: p! });
  const { photo, mask } = p!;
  const g = groundShade(photo.rgb as Buffer, mask.alpha, photo.width, photo.height);
  if (!Number.isNaN(g.sills)) realSills.push(g.sills);
  realTyres.push(...g.tyres.filter((v) => !Number.isNaN(v)));
  console.log(`| ${basename(path)} | ${f2(g.sills)} | ${tyreCell(g.tyres)} |`);
  if (crops) await crop(photo.rgb as Buffer, mask.alpha, photo.width, photo.height, join(crops, `${basename(path).replace(/\.jpe?g$/i, '')}-photo.png`));
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1];
const range = (v: number[]) => `${f2(median(v))} (${f2(Math.min(...v))}-${f2(Math.max(...v))})`;
console.log(`\nReal photos, median (range): sills ${range(realSills)}, tyre patches ${range(realTyres)}\n`);

console.log('## Renders (over the ground beside the car; in brackets, over the scene drawn without the car)\n');
console.log(`| photo | ${STYLES.join(' | ')} |\n| --- |${STYLES.map(() => ' --- |').join('')}`);
const perStyle = new Map<string, { sills: number[]; tyres: number[]; sillsBare: number[]; tyresBare: number[] }>();
for (const { name, p } of prepared) {
  const cells: string[] = [];
  for (const style of STYLES) {
    const { composed, bare } = await composeWithBackdrop(p, style, undefined);
    const g = groundShade(composed.rgb, composed.carAlpha, composed.width, composed.height, bare);
    const acc = perStyle.get(style) ?? { sills: [], tyres: [], sillsBare: [], tyresBare: [] };
    if (!Number.isNaN(g.sills)) acc.sills.push(g.sills), acc.sillsBare.push(g.sillsBare!);
    acc.tyres.push(...g.tyres.filter((v) => !Number.isNaN(v)));
    acc.tyresBare.push(...g.tyresBare!.filter((v) => !Number.isNaN(v)));
    perStyle.set(style, acc);
    cells.push(`${f2(g.sills)} (${f2(g.sillsBare)}) / ${tyreCell(g.tyres)}`);
    if (crops) await crop(composed.rgb, composed.carAlpha, composed.width, composed.height, join(crops, `${name}-${style}.png`));
  }
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}
console.log('\n| style | sills, median (range) | over bare | tyre patches, median (range) | over bare |\n| --- | --- | --- | --- | --- |');
for (const [style, a] of perStyle) console.log(`| ${style} | ${range(a.sills)} | ${range(a.sillsBare)} | ${range(a.tyres)} | ${range(a.tyresBare)} |`);
