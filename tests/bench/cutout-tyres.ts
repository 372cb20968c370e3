/**
 * `npx tsx tests/bench/cutout-tyres.ts <photos…> [--cache dir] [--view dir]`: the tyres the cut-out keeps on close
 * fronts and rears. u2netp's soft mask is cached (`--cache`), so the steps after it (finishU2netpMask) are replayed in
 * seconds while they are worked on. Per photo: the final mask's solid pixels, how many of the car's two ends stand on
 * no tyre (the cut-out ends in a straight line there: 60% or more of the columns 5-25% in from that end end within
 * 1.5% of the car's height of their lowest, as tyre-lost.ts reads it; a tyre's round bottom reaches its lowest in a
 * few columns only), and the car check's tyre lift (tyre-lost.ts; over 0.06 it says "the wheels may be cut off").
 * A rough measure: a bumper that curves up at its corners reads as not straight with no tyre under it, so look too.
 * `--view` writes the car's lowest 40% and a little below, the final mask tinted red and u2netp's faint mark (soft
 * under 128) blue: where a lost tyre shows blue, the model saw it; where it shows nothing, no clean-up step lost it.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { finishU2netpMask, U2netpCutout } from '../../functions/src/renderer/cutout/u2netp-cutout';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { tyreLift } from '../../functions/src/renderer/checks/tyre-lost';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { cache: { type: 'string' }, view: { type: 'string' } },
});
if (!positionals.length) throw new Error('usage: tsx tests/bench/cutout-tyres.ts <photos…> [--cache dir] [--view dir]');
for (const dir of [values.cache, values.view]) if (dir) mkdirSync(dir, { recursive: true });

const cutout = new U2netpCutout();
const solidCount = (alpha: Uint8Array) => alpha.reduce((n, v) => n + (v >= 128 ? 1 : 0), 0);
/** The car's ends (0, 1 or 2) whose columns 5-25% in end in a straight line (tyre-lost.ts's reading). */
function flatEnds({ alpha, width: w, box }: CleanMask): number {
  const bw = box.right - box.left, bh = box.bottom - box.top;
  const flat = (from: number, to: number) => {
    const lows: number[] = [];
    for (let x = box.left + Math.round(from * bw); x < box.left + Math.round(to * bw); x++) {
      let y = box.bottom - 1;
      while (y >= box.top && alpha[y * w + x]! < 128) y--;
      if (y >= box.top) lows.push(y);
    }
    const lowest = Math.max(...lows);
    return lows.filter((y) => lowest - y <= 0.015 * bh).length >= 0.6 * lows.length ? 1 : 0;
  };
  return flat(0.05, 0.25) + flat(0.75, 0.95);
}
let flatTotal = 0;
console.log('photo\tsolid\tends on no tyre\ttyre lift');
for (const file of positionals) {
  const name = basename(file).replace(/\.\w+$/, '');
  const photo = await decodePhoto(readFileSync(file), basename(file));
  const { width: w, height: h } = photo;
  const cached = values.cache ? join(values.cache, `${name}.${w}x${h}.soft.png`) : '';
  let soft: Uint8Array;
  if (cached && existsSync(cached)) soft = new Uint8Array(await sharp(cached).extractChannel(0).raw().toBuffer());
  else {
    soft = await cutout.softMask(photo);
    if (cached) await sharp(soft, { raw: { width: w, height: h, channels: 1 } }).png().toFile(cached);
  }
  const mask = finishU2netpMask(soft, photo);
  const { alpha } = mask;
  const flat = flatEnds(mask);
  flatTotal += flat;
  console.log([name, solidCount(alpha), flat, tyreLift(mask).toFixed(3)].join('\t'));
  if (!values.view) continue;
  // The car's lowest 40% and a little below, the kept pixels tinted red and the soft mask's faint mark blue.
  const { box } = mask;
  const bh = box.bottom - box.top, bw = box.right - box.left;
  const x0 = Math.max(0, box.left - Math.round(0.05 * bw)), x1 = Math.min(w, box.right + Math.round(0.05 * bw));
  const y0 = Math.max(0, box.bottom - Math.round(0.4 * bh)), y1 = Math.min(h, box.bottom + Math.round(0.1 * bh));
  const cw = x1 - x0, ch = y1 - y0;
  const out = Buffer.alloc(cw * ch * 3);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
    const i = y * w + x, o = ((y - y0) * cw + x - x0) * 3;
    const on = alpha[i]! >= 128;
    out[o] = on ? Math.min(255, photo.rgb[3 * i]! * 0.6 + 100) : photo.rgb[3 * i]! * 0.6;
    out[o + 1] = photo.rgb[3 * i + 1]! * 0.6;
    out[o + 2] = on ? photo.rgb[3 * i + 2]! * 0.6 : Math.min(255, photo.rgb[3 * i + 2]! * 0.6 + soft[i]! * 0.8);
  }
  await sharp(out, { raw: { width: cw, height: ch, channels: 3 } }).resize({ width: 400 }).png().toFile(join(values.view, `${name}.png`));
}
console.log(`${positionals.length} photos: ${flatTotal} of ${2 * positionals.length} ends on no tyre`);
