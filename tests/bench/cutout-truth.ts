/**
 * `npm run bench:cutout` (second part): the car check's cut-out against the exact truth. Cars with a true alpha (a
 * turntable's RGBA frames, CUTOUT_EVAL_FRAMES: e.g. the 72 `car360度/images/img/car/Rouge Flamme.NNNN.png` frames of
 * Say-healer/360-car-rotate @ f31841d, a Renault Kadjar; no licence, so local only, never committed) are composited
 * over real scenes (the scene library's panoramas drawn by the product's own scene renderer, SCENES_DIR; the rendered
 * studio without one) with a cast shadow under them, and, in two of three set-ups, a second car (another frame of the
 * turntable, repainted blue) behind or beside them. Per image: IoU and boundary F at 3 px against the truth, the
 * share of the cut-out lying on the other car, and the car check's verdict; then the same cut-outs broken on purpose
 * (another car on the roof, a strip cut off, the wheels cut off) and how many the check catches; and part recall: of the mirrors and
 * wheels labelled in the frames (tests/bench/cutout-truth-parts.ts) and shown in the composite, how many the cut-out
 * keeps (`partsKept`). Writes "Cut-out against the truth".
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { Angle } from '@shared/angles';
import { checkCar } from '../../functions/src/renderer/checks/car-checks';
import { boundaryF, maskIoU } from '../../functions/src/renderer/cutout/mask-agreement';
import { solidExtent, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { cutout } from '../../functions/src/renderer/local/local-renderer';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import { carLayer, compose, H, placedBox, plan, W, type FloorRule, type Layer, type Setup, type Style } from './cutout-truth-composites';
import { FRAME_PARTS, type PartBox } from './cutout-truth-parts';
import { writeBenchmarkSection } from './report';

const FRAMES = process.env.CUTOUT_EVAL_FRAMES ?? resolve(import.meta.dirname, '../../.cache/cutout-eval/rouge-flamme');
if (!existsSync(FRAMES)) {
  console.log(`bench:cutout (truth): no frames with a true alpha at ${FRAMES} (set CUTOUT_EVAL_FRAMES); skipped.`);
  process.exit(0);
}
/**
 * The composites stand on the scene library's panoramas (as the scene tests, `../shared/scenes` beside the clone unless
 * SCENES_DIR says otherwise). Without a library every style falls back to the rendered studio: another set of images,
 * so such a run is printed but never written to the docs.
 */
const SHARED_SCENES = resolve(import.meta.dirname, '../../../shared/scenes');
if (!process.env.SCENES_DIR && existsSync(SHARED_SCENES)) process.env.SCENES_DIR = SHARED_SCENES;
const withScenes = Boolean(process.env.SCENES_DIR);
if (!withScenes) console.log('bench:cutout (truth): no scene library (SCENES_DIR): the composites stand in the rendered studio; not written to the docs.');
const frames = readdirSync(FRAMES).filter((f) => f.endsWith('.png')).sort();
const vision = new LocalVision((photo) => cutout.cutOut(photo));
/** `--floor lowest-quarter`: the truth as it was before 2026-11-30 (cutout-truth-composites.ts, FloorRule), for comparison; not written to the docs. */
const RULE: FloorRule = process.argv.includes('lowest-quarter') ? 'lowest-quarter' : 'corrected';

interface Row {
  name: string;
  iou: number;
  bf: number;
  onOther: number;
  verdict: string;
  brokenCaught: number;
  brokenTotal: number;
  /** The broken case "another car's end kept beside the main car's end at its ground line": caught (1) or not (0). */
  besideCaught: number;
  /** The broken case "the wheels cut off": caught (1) or not (0). */
  wheelsCaught: number;
  mirrors: Part[];
  wheels: Part[];
  /** Where the boundary misses lie (`boundaryMisses`); absent for a refused composite. */
  misses?: Misses;
}

const ZONES = ['other car', 'bottom', 'top', 'sides'] as const;
type Zone = (typeof ZONES)[number];
/** Per zone, the outline pixels with no outline pixel of the other mask within 3 px, as a share of both outlines: the cut-out's (too much) and the truth's (missed). */
type Misses = Record<Zone, { extra: number; missed: number }>;

/**
 * Where the boundary F's misses lie: each outline pixel (alpha ≥ 128 with a 4-neighbour under it, as `boundaryF`) of
 * the cut-out and of the truth with no outline pixel of the other within 3 px, by zone: within 12 px of the other
 * car's pixels; else the main car's lowest 12% (its true box: the ground, the tyres' contacts, the sills), its upper
 * 30% (glasshouse, roof, mirrors), the rest (the sides, wheel arches, bumpers).
 */
function boundaryMisses(mask: Uint8Array, truth: Uint8Array, other: Uint8Array): Misses {
  const edge = (a: Uint8Array) => {
    const e = new Uint8Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        if (a[i]! >= 128 && ((x > 0 && a[i - 1]! < 128) || (x < W - 1 && a[i + 1]! < 128) || (y > 0 && a[i - W]! < 128) || (y < H - 1 && a[i + W]! < 128))) e[i] = 1;
      }
    return e;
  };
  const near = (src: Uint8Array, r: number) => {
    // Square dilation by r (rows, then columns): near enough for a zone, exact enough for 3 px within a circle test below.
    const rows = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 0, last = -1e9; x < W; x++) { if (src[y * W + x]) last = x; rows[y * W + x] = x - last <= r ? 1 : 0; }
    for (let y = 0; y < H; y++) for (let x = W - 1, last = 1e9; x >= 0; x--) { if (src[y * W + x]) last = x; if (last - x <= r) rows[y * W + x] = 1; }
    const out = new Uint8Array(W * H);
    for (let x = 0; x < W; x++) for (let y = 0, last = -1e9; y < H; y++) { if (rows[y * W + x]) last = y; out[y * W + x] = y - last <= r ? 1 : 0; }
    for (let x = 0; x < W; x++) for (let y = H - 1, last = 1e9; y >= 0; y--) { if (rows[y * W + x]) last = y; if (last - y <= r) out[y * W + x] = 1; }
    return out;
  };
  const cut = edge(mask), tru = edge(truth), byOther = near(other, 12);
  let top = H, bottom = 0;
  for (let i = 0; i < W * H; i++) if (truth[i]! >= 128) (top = Math.min(top, Math.floor(i / W))), (bottom = Math.max(bottom, Math.floor(i / W)));
  const zone = (i: number): Zone => {
    if (byOther[i]) return 'other car';
    const f = (Math.floor(i / W) - top) / (bottom - top + 1);
    return f > 0.88 ? 'bottom' : f < 0.3 ? 'top' : 'sides';
  };
  const offsets: number[][] = [];
  for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) if (dx * dx + dy * dy <= 9) offsets.push([dx, dy]);
  const hit = (to: Uint8Array, i: number) => {
    const x = i % W, y = (i - x) / W;
    return offsets.some(([dx, dy]) => x + dx! >= 0 && x + dx! < W && y + dy! >= 0 && y + dy! < H && to[(y + dy!) * W + x + dx!]);
  };
  const out = Object.fromEntries(ZONES.map((z) => [z, { extra: 0, missed: 0 }])) as Misses;
  let total = 0;
  for (let i = 0; i < W * H; i++) {
    if (cut[i]) (total++, !hit(tru, i) && out[zone(i)].extra++);
    if (tru[i]) (total++, !hit(cut, i) && out[zone(i)].missed++);
  }
  for (const z of ZONES) (out[z].extra /= total), (out[z].missed /= total);
  return out;
}

/** A labelled part shown in a composite: the share of its true pixels (truth alpha ≥ 128 inside its box) in the cut-out. */
interface Part {
  share: number;
  kept: boolean;
  far: boolean;
}

/** A part counts as kept when at least this share of its true pixels is in the cut-out (issue 37: "mirrors kept"). */
const PART_KEPT = 0.9;

/**
 * The labelled parts of the main car shown in the composite, scored against `mask` (alpha ≥ 128 kept): each box carried
 * through the layer's trim, scaling and placement; a part with no true pixel in the image is not shown.
 */
function partsKept(file: string, main: Layer, left: number, top: number, truth: Uint8Array, mask: Uint8Array | undefined): { mirrors: Part[]; wheels: Part[] } {
  // The labels are keyed by the frame's number (`0000.png`); the turntable's own files are `Rouge Flamme.0000.png`.
  const labels = FRAME_PARTS[file] ?? FRAME_PARTS[file.slice(-8)];
  const score = (box: PartBox, far: boolean): Part | undefined => {
    const b = placedBox(box, main, left, top);
    if (!b) return undefined;
    let inTruth = 0;
    let kept = 0;
    for (let y = b.top; y <= b.bottom; y++)
      for (let x = b.left; x <= b.right; x++) if (truth[y * W + x]! >= 128) (inTruth++, mask && mask[y * W + x]! >= 128 && kept++);
    return inTruth ? { share: kept / inTruth, kept: kept >= PART_KEPT * inTruth, far } : undefined;
  };
  return {
    mirrors: (labels?.mirrors ?? []).flatMap((m) => score(m.box, Boolean(m.far)) ?? []),
    wheels: (labels?.wheels ?? []).flatMap((w) => score(w, false) ?? []),
  };
}

async function evaluate(file: string, setup: Setup, style: Style): Promise<Row> {
  const { jpeg: composite, truth, otherOnly, main, left, top } = await compose(FRAMES, frames, file, setup, style, RULE);
  const photo = await decodePhoto(composite);
  const look = await vision.lookClosely(photo);
  const name = `${file} ${setup} ${style}`;
  if (!look.sighting.ok || !look.mask) return { name, iou: 0, bf: 0, onOther: 0, verdict: `refused (${look.sighting.ok ? 'no mask' : look.sighting.reason})`, brokenCaught: 0, brokenTotal: 0, besideCaught: 0, wheelsCaught: 0, ...partsKept(file, main, left, top, truth, undefined) };
  const mask = look.mask;
  // --write: the composite and its cut-out side by side, for looking at (.cache/cutout-eval/out).
  if (process.argv.includes('--write')) {
    const out = resolve(import.meta.dirname, '../../.cache/cutout-eval/out');
    mkdirSync(out, { recursive: true });
    const half = async (input: Buffer, raw?: { width: number; height: number; channels: 1 | 3 }) => sharp(input, raw ? { raw } : {}).resize(W / 2, H / 2).toColourspace('srgb').removeAlpha().raw().toBuffer();
    const a = await half(composite);
    const m = await half(Buffer.from(mask.alpha), { width: W, height: H, channels: 1 });
    await sharp({ create: { width: W, height: H / 2, channels: 3, background: '#000' } })
      .composite([{ input: a, raw: { width: W / 2, height: H / 2, channels: 3 }, left: 0, top: 0 }, { input: m, raw: { width: W / 2, height: H / 2, channels: 3 }, left: W / 2, top: 0 }])
      .png()
      .toFile(join(out, `${name.replace(/[ .]+/g, '-')}.png`));
  }
  const truthMask = { alpha: truth, width: W, height: H };
  let kept = 0;
  let onOther = 0;
  for (let i = 0; i < W * H; i++) if (mask.alpha[i]! >= 128) (kept++, otherOnly[i] && onOther++);
  const angle: Angle = look.sighting.angle ?? 'front_left_corner';
  const verdict = (m: CleanMask) => checkCar({ mask: m, main: look.sighting.ok ? look.sighting.main : undefined, angle, cutByEdge: false, upscale: 1, photo }).verdict;
  // Broken on purpose: a block of another car's size on the roof; the right 15% cut off square; the wheels cut off.
  const { box } = mask;
  const onRoof = Uint8Array.from(mask.alpha);
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  for (let y = Math.max(0, box.top - Math.round(bh * 0.25)); y < box.top + Math.round(bh * 0.05); y++) for (let x = box.left + Math.round(bw * 0.35); x < box.left + Math.round(bw * 0.75); x++) onRoof[y * W + x] = 255;
  const strip = Uint8Array.from(mask.alpha);
  for (let y = box.top; y < box.bottom; y++) for (let x = box.right - Math.round(bw * 0.15); x < box.right; x++) strip[y * W + x] = 0;
  // The wheels cut off: the lowest 15% of the car's height erased (its tyres under the sills or the bumper).
  const wheels = Uint8Array.from(mask.alpha);
  for (let y = box.bottom - Math.round(bh * 0.15); y < box.bottom; y++) for (let x = box.left; x < box.right; x++) wheels[y * W + x] = 0;
  const withBox = (alpha: Uint8Array): CleanMask => ({ ...mask, alpha, box: solidExtent(alpha, W, H).box });
  const broken = [withBox(onRoof), withBox(strip), withBox(wheels)];
  // Broken on purpose, counted apart: another car's end (the first quarter of another frame's alpha, 0.9 of the car's
  // width) kept beside the main car's left end, standing on its ground line and joining it by 2% of its width.
  const otherFrame = await carLayer(FRAMES, frames[(frames.indexOf(file) + 18) % frames.length]!, Math.round(bw * 0.9), true, RULE);
  const beside = Uint8Array.from(mask.alpha);
  const pw = Math.round(otherFrame.width * 0.25);
  const px = box.left - pw + Math.round(bw * 0.02);
  const py = box.bottom - otherFrame.height;
  for (let y = 0; y < otherFrame.height; y++)
    for (let x = 0; x < pw; x++) {
      const fx = px + x;
      const fy = py + y;
      if (fx >= 0 && fx < W && fy >= 0 && fy < H) beside[fy * W + fx] = Math.max(beside[fy * W + fx]!, otherFrame.rgba[4 * (y * otherFrame.width + x) + 3]!);
    }
  return {
    name,
    iou: maskIoU(mask, truthMask),
    bf: boundaryF(mask, truthMask, 3),
    misses: boundaryMisses(mask.alpha, truth, otherOnly),
    onOther: kept ? onOther / kept : 0,
    verdict: verdict(mask),
    brokenCaught: broken.filter((m) => verdict(m) !== 'ok').length,
    brokenTotal: broken.length,
    besideCaught: verdict(withBox(beside)) !== 'ok' ? 1 : 0,
    wheelsCaught: verdict(broken[2]!) !== 'ok' ? 1 : 0,
    ...partsKept(file, main, left, top, truth, mask.alpha),
  };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : Number.NaN;
};

await vision.warmUp();
const planned = plan(frames, process.argv.includes('--quick') ? 18 : 6);
const picked = new Set(planned.map((p) => p.file));
const rows: Row[] = [];
for (const { file, setup, style } of planned) {
  const row = await evaluate(file, setup, style);
  rows.push(row);
  const shares = (parts: Part[]) => parts.map((p) => `${(p.share * 100).toFixed(0)}%${p.far ? ' far' : ''}`).join(' ') || '-';
  console.log(`${row.name.padEnd(32)} IoU ${row.iou.toFixed(3)}  BF ${row.bf.toFixed(3)}  on the other car ${(row.onOther * 100).toFixed(1)}%  ${row.verdict}  broken caught ${row.brokenCaught}/${row.brokenTotal}, wheels ${row.wheelsCaught}, beside ${row.besideCaught}  mirrors ${shares(row.mirrors)}  wheels ${shares(row.wheels)}`);
}

const scored = rows.filter((r) => !r.verdict.startsWith('refused'));
// The product's own cut-outs: right ones (within the targets) should be "ok", wrong ones (another car kept, or far
// from the truth) should not.
const right = scored.filter((r) => r.iou >= 0.93 && r.onOther <= 0.01);
const wrong = scored.filter((r) => r.iou < 0.93 || r.onOther > 0.01);
const falseAlarms = right.filter((r) => r.verdict !== 'ok').length;
const flaggedWrong = wrong.filter((r) => r.verdict !== 'ok').length;
const flaggedOther = wrong.filter((r) => r.onOther > 0.01);
const caught = scored.reduce((n, r) => n + r.brokenCaught, 0);
const total = scored.reduce((n, r) => n + r.brokenTotal, 0);
const besideCaught = scored.reduce((n, r) => n + r.besideCaught, 0);
const wheelsCaught = scored.reduce((n, r) => n + r.wheelsCaught, 0);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
function partRow(label: string, parts: Part[], target: string): string {
  const kept = parts.filter((p) => p.kept).length;
  return parts.length
    ? `| ${label} | ${parts.length} | ${kept} | ${pct(kept / parts.length)} | ${target} | ${pct(parts.reduce((a, p) => a + p.share, 0) / parts.length)} | ${pct(Math.min(...parts.map((p) => p.share)))} |`
    : `| ${label} | 0 | | | ${target} | | |`;
}
/** `kept/shown (lowest share)` for a composite's table row; a dash where the view shows none. */
const partCell = (parts: Part[]) => (parts.length ? `${parts.filter((p) => p.kept).length}/${parts.length} (${pct(Math.min(...parts.map((p) => p.share)))})` : '–');
const withMirrors = scored.filter((r) => r.mirrors.length);
const lostMirrors = scored.flatMap((r) => r.mirrors.filter((m) => !m.kept).map((m) => `${r.name}${m.far ? ' (far side)' : ''} ${pct(m.share)} kept`));
const lines = [
  `\`npm run bench:cutout\` (its second part: tests/bench/cutout-truth.ts), ${new Date().toISOString().slice(0, 10)}, ${cpus().length} vCPU, the product's default cut-out (${cutout.name}) with the car check's other-car rules. ${rows.length} composites: ${picked.size} frames of a turntable with a true alpha (${FRAMES.includes('rouge-flamme') ? 'the Renault Kadjar of Say-healer/360-car-rotate, local only' : FRAMES}), each over a real scene with a cast shadow, as "behind" (a second, blue car behind it, rising over its roof), "beside" (a second car overlapping its front) and "small" (the car 40% of the frame wide, alone). The truth is the frame's own alpha with the configurator's floor patch under the car taken out of both the truth and the composite (tests/bench/cutout-truth-composites.ts, \`floorPatch\`; before 2026-11-30 its grey shading counted as car and the silver rims were punched out: see "Cut-out: the truth corrected"; the band of its darkest shade under the sills and the white floor between a front and a far tyre are taken out since 2026-12-01: see "Cut-out: the outline against the truth").`,
  '',
  `| | median | worst | target |`,
  `|---|---:|---:|---:|`,
  `| IoU | ${median(scored.map((r) => r.iou)).toFixed(3)} | ${Math.min(...scored.map((r) => r.iou)).toFixed(3)} | ≥ 0.97 median, ≥ 0.93 each |`,
  `| boundary F (3 px) | ${median(scored.map((r) => r.bf)).toFixed(3)} | ${Math.min(...scored.map((r) => r.bf)).toFixed(3)} | ≥ 0.90 median |`,
  `| share of the cut-out on the other car | ${(median(scored.filter((r) => !r.name.includes('small')).map((r) => r.onOther)) * 100).toFixed(2)}% | ${(Math.max(...scored.map((r) => r.onOther)) * 100).toFixed(2)}% | ≤ 1% each |`,
  '',
  'By set-up (scored composites):',
  '',
  '| set-up | scored | IoU median (worst) | boundary F median (worst) | keeping more than 1% of the other car |',
  '|---|---:|---:|---:|---:|',
  ...(['small', 'beside', 'behind'] as const).map((setup) => {
    const of = scored.filter((r) => r.name.includes(` ${setup} `));
    const f = (xs: number[]) => `${median(xs).toFixed(3)} (${Math.min(...xs).toFixed(3)})`;
    return of.length ? `| ${setup} | ${of.length} | ${f(of.map((r) => r.iou))} | ${f(of.map((r) => r.bf))} | ${of.filter((r) => r.onOther > 0.01).length} |` : `| ${setup} | 0 | | | |`;
  }),
  '',
  'Where the boundary misses lie (`boundaryMisses`): the outline pixels of the cut-out with no truth outline within 3 px ("extra") and of the truth with none of the cut-out\'s ("missed"), as a share of both outlines, mean over the set-up\'s scored composites, by zone: within 12 px of the other car; the main car\'s lowest 12% (ground, tyres\' contacts, sills); its upper 30% (glasshouse, roof, mirrors); the rest (sides, arches, bumpers). Boundary F is roughly 1 minus the sum.',
  '',
  `| set-up | ${ZONES.map((z) => `${z}: extra / missed`).join(' | ')} |`,
  `|---|${ZONES.map(() => '---:').join('|')}|`,
  ...(['small', 'beside', 'behind'] as const).map((setup) => {
    const of = scored.filter((r) => r.name.includes(` ${setup} `) && r.misses);
    const mean = (z: Zone, k: 'extra' | 'missed') => of.reduce((a, r) => a + r.misses![z][k], 0) / Math.max(1, of.length);
    return `| ${setup} | ${ZONES.map((z) => `${pct(mean(z, 'extra'))} / ${pct(mean(z, 'missed'))}`).join(' | ')} |`;
  }),
  '',
  `Refused by the car check: ${rows.length - scored.length} of ${rows.length}. The check's verdict on the product's own cut-outs: of the ${right.length} within the targets (IoU ≥ 0.93, ≤ 1% on the other car), ${falseAlarms} not "ok" (target ≤ 5%); of the ${wrong.length} outside them, ${flaggedWrong} flagged (of the ${flaggedOther.length} keeping more than 1% of the other car, ${flaggedOther.filter((r) => r.verdict !== 'ok').length}); on the same cut-outs broken on purpose (a block of a car's size on the roof, the right 15% cut off, the lowest 15% erased: the wheels cut off): ${caught} of ${total} caught (target ≥ 90%; the wheels cut off: ${wheelsCaught} of ${scored.length}); another car's end kept beside the main car's end at its ground line (counted apart): ${besideCaught} of ${scored.length} caught.`,
  '',
  `Parts kept (scored composites; tests/bench/cutout-truth-parts.ts: our own boxes round each mirror the frame shows and each wheel of the side turned to the camera, carried through the composite's scaling and placement): a part is kept when at least ${PART_KEPT * 100}% of its true pixels inside its box are in the cut-out; the share is the mean over the parts of their true pixels kept.`,
  '',
  '| part | shown | kept | recall | target | mean share kept | lowest share |',
  '|---|---:|---:|---:|---:|---:|---:|',
  partRow('mirrors', scored.flatMap((r) => r.mirrors), '≥ 95%'),
  partRow('of which far-side mirrors', scored.flatMap((r) => r.mirrors.filter((m) => m.far)), ''),
  partRow('wheels', scored.flatMap((r) => r.wheels), ''),
  `| composites keeping every mirror they show | ${withMirrors.length} | ${withMirrors.filter((r) => r.mirrors.every((m) => m.kept)).length} | ${pct(withMirrors.filter((r) => r.mirrors.every((m) => m.kept)).length / Math.max(1, withMirrors.length))} | ≥ 95% | | |`,
  ...(lostMirrors.length ? ['', `Mirrors lost: ${lostMirrors.join('; ')}.`] : []),
  '',
  '| composite | IoU | BF | on the other car | mirrors kept | wheels kept | verdict |',
  '|---|---:|---:|---:|---:|---:|---|',
  ...rows.map((r) => `| ${r.name} | ${r.iou.toFixed(3)} | ${r.bf.toFixed(3)} | ${(r.onOther * 100).toFixed(1)}% | ${partCell(r.mirrors)} | ${partCell(r.wheels)} | ${r.verdict} |`),
];
console.log(lines.slice(0, 30).join('\n'));
if (!process.argv.includes('--quick') && RULE === 'corrected' && withScenes) await writeBenchmarkSection('Cut-out against the truth', lines.join('\n'));
