/**
 * Scratch for the other-car step: scores removeOtherCars on the inputs tests/bench/other-cars-cache.ts saved (the truth
 * bench's composites), as the bench does: IoU, boundary F, share on the other car, parts kept, the car check's verdict
 * and the broken-on-purpose catch; and the step's CPU. `--write` writes PNGs of the step's output (truth green, other
 * car blue, kept red) to .cache/cutout-eval/other-cars/.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deserialize } from 'node:v8';
import sharp from 'sharp';
import { checkCar } from '../../functions/src/renderer/checks/car-checks';
import { boundaryF, maskIoU } from '../../functions/src/renderer/cutout/mask-agreement';
import { solidExtent, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';

const dir = resolve(import.meta.dirname, '../../.cache/cutout-eval/other-cars');
const set = process.argv[2] ?? '0';
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const items = (deserialize(readFileSync(resolve(dir, `set${set}.bin`))) as any[]).filter((it) => !only || it.name.includes(only));
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const median = (v: number[]) => { const s = [...v].sort((a, b) => a - b); return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2; };
const rows: any[] = [];
let cpu = 0;
for (const it of items) {
  if (!it.ok) { console.log(it.name, 'refused'); continue; }
  const W = it.photo.width, H = it.photo.height;
  const t = process.cpuUsage();
  const mask: CleanMask = removeOtherCars(it.raw, it.main, it.others, { photo: it.photo, nearby: it.nearby });
  const u = process.cpuUsage(t);
  cpu += (u.user + u.system) / 1e6;
  const ms = (u.user + u.system) / 1e3;
  const truthMask = { alpha: it.truth, width: W, height: H };
  let kept = 0, onOther = 0;
  for (let i = 0; i < W * H; i++) if (mask.alpha[i]! >= 128) (kept++, it.otherOnly[i] && onOther++);
  const share = (b: any) => { let n = 0, k = 0; for (let y = b.top; y <= b.bottom; y++) for (let x = b.left; x <= b.right; x++) if (it.truth[y * W + x] >= 128) (n++, mask.alpha[y * W + x]! >= 128 && k++); return n ? k / n : undefined; };
  const mirrors = it.parts.mirrors.map(share).filter((s: any) => s !== undefined);
  const wheels = it.parts.wheels.map(share).filter((s: any) => s !== undefined);
  const verdict = (m: CleanMask) => checkCar({ mask: m, main: it.main, angle: it.angle ?? 'front_left_corner', cutByEdge: false, upscale: 1 }).verdict;
  const { box } = mask; const bw = box.right - box.left, bh = box.bottom - box.top;
  const onRoof = Uint8Array.from(mask.alpha);
  for (let y = Math.max(0, box.top - Math.round(bh * 0.25)); y < box.top + Math.round(bh * 0.05); y++) for (let x = box.left + Math.round(bw * 0.35); x < box.left + Math.round(bw * 0.75); x++) onRoof[y * W + x] = 255;
  const strip = Uint8Array.from(mask.alpha);
  for (let y = box.top; y < box.bottom; y++) for (let x = box.right - Math.round(bw * 0.15); x < box.right; x++) strip[y * W + x] = 0;
  const withBox = (alpha: Uint8Array): CleanMask => ({ ...mask, alpha, box: solidExtent(alpha, W, H).box });
  const caught = [withBox(onRoof), withBox(strip)].filter((m) => verdict(m) !== 'ok').length;
  // Same as the product's final mask? (the cache's `final`)
  let same = true; if (it.final) for (let i = 0; i < W * H; i++) if (it.final[i] !== mask.alpha[i]) { same = false; break; }
  const row = { name: it.name, iou: maskIoU(mask, truthMask), bf: boundaryF(mask, truthMask, 3), on: kept ? onOther / kept : 0, mirrors, wheels, verdict: verdict(mask), caught, ms, same };
  rows.push(row);
  console.log(`${it.name.padEnd(34)} IoU ${row.iou.toFixed(3)} BF ${row.bf.toFixed(3)} other ${pct(row.on).padStart(6)} mirrors ${mirrors.map(pct).join(' ') || '-'} wheels ${wheels.map(pct).join(' ')} ${row.verdict} caught ${caught}/2 ${ms.toFixed(0)} ms${same ? '' : ' (≠ cached final)'}`);
  if (process.argv.includes('--write')) {
    const img = Buffer.alloc(W * H * 3);
    for (let i = 0; i < W * H; i++) {
      const g = (it.photo.rgb[3 * i] + it.photo.rgb[3 * i + 1] + it.photo.rgb[3 * i + 2]) / 6;
      const on = mask.alpha[i]! >= 128;
      const tr = it.truth[i] >= 128, ot = it.otherOnly[i];
      // kept on truth: grey-white; kept on other: red; truth missed: green; other dropped: dark blue
      const c = on ? (tr ? [g + 100, g + 100, g + 100] : ot ? [255, 0, 0] : [255, 160, 0]) : tr ? [0, 200, 0] : ot ? [0, 0, 120 + g / 2] : [g / 2, g / 2, g / 2];
      img[3 * i] = c[0]!; img[3 * i + 1] = c[1]!; img[3 * i + 2] = c[2]!;
    }
    await sharp(img, { raw: { width: W, height: H, channels: 3 } }).png().toFile(resolve(dir, `${it.name.replace(/[ .]+/g, '-')}${process.argv.includes('--tag') ? '' : ''}.png`));
  }
}
const nb = rows.filter((r) => !r.name.includes('small'));
const allMirrors = rows.flatMap((r) => r.mirrors);
console.log(`scored ${rows.length}: IoU median ${median(rows.map((r) => r.iou)).toFixed(3)} worst ${Math.min(...rows.map((r) => r.iou)).toFixed(3)}; BF median ${median(rows.map((r) => r.bf)).toFixed(3)} worst ${Math.min(...rows.map((r) => r.bf)).toFixed(3)}; other median (behind+beside) ${pct(median(nb.map((r) => r.on)))} worst ${pct(Math.max(...rows.map((r) => r.on)))}; >1%: ${rows.filter((r) => r.on > 0.01).length}; mirrors kept ${allMirrors.filter((s) => s >= 0.9).length}/${allMirrors.length}; wheels kept ${rows.flatMap((r) => r.wheels).filter((s) => s >= 0.9).length}/${rows.flatMap((r) => r.wheels).length}; not ok ${rows.filter((r) => r.verdict !== 'ok').map((r) => r.name).join(', ')}; broken caught ${rows.reduce((a, r) => a + r.caught, 0)}/${2 * rows.length}; changed vs cached ${rows.filter((r) => !r.same).length}; CPU ${cpu.toFixed(2)} s`);
