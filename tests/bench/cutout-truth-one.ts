/**
 * One composite of the truth bench, for looking at: `npx tsx tests/bench/cutout-truth-one.ts 0060 behind sunset [out dir]`
 * writes the composite, the cut-out's alpha, the truth, the other car's own pixels and an overlay (red: cut-out not in the truth, green: truth not
 * in the cut-out, blue: on the other car) as PNGs, and prints IoU, boundary F and the share on the other car.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { boundaryF, maskIoU } from '../../functions/src/renderer/cutout/mask-agreement';
import { cutout } from '../../functions/src/renderer/local/local-renderer';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import { compose, H, W, type Setup, type Style } from './cutout-truth-composites';

const FRAMES = process.env.CUTOUT_EVAL_FRAMES ?? resolve(import.meta.dirname, '../../.cache/cutout-eval/rouge-flamme');
const [num = '0060', setup = 'behind', style = 'sunset', outDir = '/tmp/cutout-truth-one'] = process.argv.slice(2);
const frames = readdirSync(FRAMES).filter((f) => f.endsWith('.png')).sort();
const file = frames.find((f) => f.includes(num))!;
const vision = new LocalVision((photo) => cutout.cutOut(photo));
await vision.warmUp();
const { jpeg, truth, otherOnly } = await compose(FRAMES, frames, file, setup as Setup, style as Style);
const look = await vision.lookClosely(await decodePhoto(jpeg));
if (!look.sighting.ok || !look.mask) throw new Error('refused');
const mask = look.mask.alpha;
mkdirSync(outDir, { recursive: true });
const base = join(outDir, `${num}-${setup}-${style}`);
await sharp(jpeg).toFile(`${base}-composite.png`);
await sharp(Buffer.from(mask), { raw: { width: W, height: H, channels: 1 } }).png().toFile(`${base}-cutout.png`);
await sharp(Buffer.from(truth), { raw: { width: W, height: H, channels: 1 } }).png().toFile(`${base}-truth.png`);
await sharp(Buffer.from(otherOnly.map((v) => (v ? 255 : 0))), { raw: { width: W, height: H, channels: 1 } }).png().toFile(`${base}-other.png`);
const rgb = Buffer.alloc(W * H * 3);
const { data } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
let kept = 0, onOther = 0;
for (let i = 0; i < W * H; i++) {
  const m = mask[i]! >= 128, t = truth[i]! >= 128;
  const g = data[3 * i]! * 0.3 + data[3 * i + 1]! * 0.59 + data[3 * i + 2]! * 0.11;
  const dim = Math.round(g * 0.4);
  let c: [number, number, number] = [dim, dim, dim];
  if (m && otherOnly[i]) c = [0, 80, 255];
  else if (m && !t) c = [255, 0, 0];
  else if (!m && t) c = [0, 255, 0];
  else if (m) c = [dim + 90, dim + 90, dim + 90];
  rgb.set(c, 3 * i);
  if (m) (kept++, otherOnly[i] && onOther++);
}
await sharp(rgb, { raw: { width: W, height: H, channels: 3 } }).png().toFile(`${base}-overlay.png`);
const t = { alpha: truth, width: W, height: H };
console.log(`${num} ${setup} ${style}: IoU ${maskIoU(look.mask, t).toFixed(3)} BF ${boundaryF(look.mask, t, 3).toFixed(3)} on the other car ${((onOther / kept) * 100).toFixed(2)}%  -> ${base}-*.png`);
