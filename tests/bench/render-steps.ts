/**
 * `npm run bench:render-steps`: where a photo's first studio image spends its time, step by step. The same steps the
 * renderer runs for it (decode, car detector, cut-out, the car check's look at the cut-out, composite in the rendered
 * studio, encode, fidelity check), run one after the other (the renderer overlaps some of them: the cut-out's network
 * with the detector, the encoding with the fidelity check), each timed as wall time and as CPU seconds of the whole
 * process (process.cpuUsage: every thread, the cut-out's thread and libvips' included). Medians over the photos of
 * ../shared/fixtures/cars (or tests/fixtures/cars), warm, each photo RUNS times (default 3). Prints a table; writes
 * nothing. With MASK_DUMP=<dir>, each photo's cleaned cut-out and its studio JPEG are written there, so two versions
 * of the code can be compared pixel for pixel (tests/bench/compare-dumps.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';

const SHARED_SCENES = resolve(import.meta.dirname, '../../../shared/scenes');
if (!process.env.SCENES_DIR && existsSync(SHARED_SCENES)) process.env.SCENES_DIR = SHARED_SCENES;
const { LocalRenderer, forgetCutOuts, encodeOutputs, cutout, preparePhotos, renderPrepared } = await import('../../functions/src/renderer/local/local-renderer');
const { decodePhoto } = await import('../../functions/src/renderer/photo-validation');
const { CenterNetDetector } = await import('../../functions/src/vision/local/centernet-detector');
const { LocalVision } = await import('../../functions/src/vision/local/local-vision');
const { measureShape } = await import('../../functions/src/renderer/local/mask-shape');
const { levelCar } = await import('../../functions/src/renderer/local/levelling');
const { sceneBackdrop } = await import('../../functions/src/renderer/scenes/scene-backdrop');
const { STAGE } = await import('../../functions/src/renderer/scenes/rendered-studio');
const { composeCar } = await import('../../functions/src/renderer/local/compositor');
const { measureCarFidelity } = await import('../../functions/src/renderer/fidelity/car-fidelity');
const { sha256 } = await import('../../functions/src/lib/ids');

const SHARED = resolve(import.meta.dirname, '../../../shared/fixtures/cars');
const DIR = existsSync(SHARED) ? SHARED : resolve(import.meta.dirname, '../fixtures/cars');
const files = readdirSync(DIR).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).sort();
const RUNS = Number(process.env.RUNS ?? 3);
const dump = process.env.MASK_DUMP;
if (dump) mkdirSync(dump, { recursive: true });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const steps = new Map<string, { wall: number[]; cpu: number[] }>();
async function step<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const w = performance.now();
  const c = cpu();
  const value = await work();
  const entry = steps.get(name) ?? { wall: [], cpu: [] };
  entry.wall.push(performance.now() - w);
  entry.cpu.push(cpu() - c);
  steps.set(name, entry);
  return value;
}

const detector = new CenterNetDetector();
const renderer = new LocalRenderer();
// Warm-up: every model loaded and the studio drawn once.
await renderer.renderPackage({ photos: [{ id: files[0]!, bytes: readFileSync(resolve(DIR, files[0]!)) }], background: 'studio', angles: ['front_left_corner', 'front_right_corner', 'front', 'left_side'] });
await detector.warmUp();
const loadStart = loadavg().map((l) => l.toFixed(2)).join(', ');

for (let run = 0; run < RUNS; run++)
  for (const f of files) {
    const bytes = readFileSync(resolve(DIR, f));
    forgetCutOuts();
    // The first image as the renderer makes it (its steps overlapped), then the same steps one by one.
    const image = await step('first image (as rendered)', async () => {
      const prepared = await preparePhotos([{ id: f, bytes }]);
      return renderPrepared(prepared, prepared[0]!.angle, 'studio');
    });
    const key = await step('sha256', () => sha256(bytes));
    const photo = await step('decode (validate)', () => decodePhoto(bytes, f, key));
    const vehicles = await step('car detector', () => detector.detectVehicles(photo));
    const raw = await step('cut-out (u2netp + clean-up)', () => cutout.cutOut(photo));
    const vision = new LocalVision(async () => raw, { warmUp: async () => undefined, detectVehicles: async () => vehicles });
    const look = await step('car check on the cut-out', () => vision.lookClosely(photo, { mask: raw }));
    if (!look.sighting.ok || !look.mask) continue;
    const mask = look.mask;
    await step('mask shape', () => measureShape(mask));
    const angle = look.sighting.angle!;
    const level = await step('levelling', () => levelCar(photo, mask, angle));
    const src = level.degrees ? { photo: level.photo, mask: level.mask } : { photo, mask };
    const composed = await step('composite (studio)', async () => {
      const backdrop = await sceneBackdrop('studio', image.metadata.angle, undefined, { ...src, ...STAGE });
      return composeCar(src.photo, src.mask, backdrop!, { mirror: false });
    });
    const encoded = await step('encode (JPEG + WebP)', () => encodeOutputs(composed));
    await step('fidelity check', () => measureCarFidelity({ source: src.photo, sourceMask: src.mask, output: composed, outputMask: { alpha: composed.carAlpha, width: composed.width, height: composed.height }, mirrored: false }));
    if (dump && run === 0) {
      writeFileSync(resolve(dump, `${f}.mask`), mask.alpha);
      writeFileSync(resolve(dump, `${f}.json`), JSON.stringify({ width: mask.width, height: mask.height, angle, box: mask.box }));
      writeFileSync(resolve(dump, `${f}.studio.jpg`), encoded.full);
      writeFileSync(resolve(dump, `${f}.rendered.jpg`), image.full);
    }
  }

console.log(`\n${files.length} photos x ${RUNS} runs; load average at the start ${loadStart}, at the end ${loadavg().map((l) => l.toFixed(2)).join(', ')}\n`);
console.log('| step | wall ms (median) | CPU ms (median) |\n|---|---:|---:|');
let sumWall = 0;
let sumCpu = 0;
for (const [name, { wall, cpu: c }] of steps) {
  console.log(`| ${name} | ${median(wall).toFixed(0)} | ${median(c).toFixed(0)} |`);
  if (!name.startsWith('first image')) (sumWall += median(wall)), (sumCpu += median(c));
}
console.log(`| sum of the steps, one after the other | ${sumWall.toFixed(0)} | ${sumCpu.toFixed(0)} |`);
