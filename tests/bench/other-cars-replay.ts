/**
 * Scratch: replays the vision's other-car steps (removeOtherCars, then removeRoofPieces, as LocalVision does) on inputs
 * saved by other-cars-cache.ts (truth composites: scored against the truth) or other-cars-photos.ts (real photos:
 * solid pixels kept). `--save <file>` writes the final masks; `--diff <file>` compares with masks saved before and
 * `--out <dir>` writes overlays (photo dimmed, kept red tint; pixels only before: blue, only after: green) for those
 * that changed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import sharp from 'sharp';
import { boundaryF, maskIoU } from '../../functions/src/renderer/cutout/mask-agreement';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';
import { removeRoofPieces } from '../../functions/src/vision/local/roof-pieces';

const args = process.argv.slice(2);
const opt = (k: string) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : undefined; };
const only = opt('--only');
const items = (deserialize(readFileSync(args[0]!)) as any[]).filter((it) => !only || it.name.includes(only));
const before: Record<string, Uint8Array> | undefined = opt('--diff') ? deserialize(readFileSync(opt('--diff')!)) : undefined;
const saved: Record<string, Uint8Array> = {};
const out = opt('--out');
if (out) mkdirSync(out, { recursive: true });
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const median = (v: number[]) => { const s = [...v].sort((a, b) => a - b); return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2; };
const rows: { name: string; iou: number; bf: number; on: number }[] = [];
let changed = 0;
let cpu = 0;
for (const it of items) {
  if (it.ok === false || !it.raw || !it.main) continue;
  const W = it.photo.width, H = it.photo.height;
  const t = process.cpuUsage();
  const mask = removeRoofPieces(removeOtherCars(it.raw, it.main, it.others, { photo: it.photo, nearby: it.nearby }), it.main, it.photo);
  const u = process.cpuUsage(t);
  cpu += (u.user + u.system) / 1e6;
  saved[it.name] = mask.alpha;
  let line = it.name.padEnd(34);
  if (it.truth) {
    const truthMask = { alpha: it.truth, width: W, height: H };
    let kept = 0, onOther = 0;
    for (let i = 0; i < W * H; i++) if (mask.alpha[i]! >= 128) (kept++, it.otherOnly[i] && onOther++);
    const row = { name: it.name, iou: maskIoU(mask, truthMask), bf: boundaryF(mask, truthMask, 3), on: kept ? onOther / kept : 0 };
    rows.push(row);
    line += ` IoU ${row.iou.toFixed(3)} BF ${row.bf.toFixed(3)} other ${pct(row.on)}`;
    if (opt('--view')) {
      const img = Buffer.alloc(W * H * 3);
      for (let i = 0; i < W * H; i++) {
        const g = (it.photo.rgb[3 * i] + it.photo.rgb[3 * i + 1] + it.photo.rgb[3 * i + 2]) / 6;
        const on = mask.alpha[i]! >= 128, tr = it.truth[i] >= 128, ot = it.otherOnly[i];
        const c = on ? (tr ? [it.photo.rgb[3 * i], it.photo.rgb[3 * i + 1], it.photo.rgb[3 * i + 2]] : ot ? [255, 0, 0] : [255, 160, 0]) : tr ? [0, 230, 0] : ot ? [0, 0, 90 + g / 2] : [g / 2, g / 2, g / 2];
        img[3 * i] = c[0]!; img[3 * i + 1] = c[1]!; img[3 * i + 2] = c[2]!;
      }
      mkdirSync(opt('--view')!, { recursive: true });
      await sharp(img, { raw: { width: W, height: H, channels: 3 } }).resize(Math.round(W / 2)).png().toFile(join(opt('--view')!, `${it.name.replace(/[ .]+/g, '-')}.png`));
    }
    if (it.final) { let same = true; for (let i = 0; i < W * H; i++) if (it.final[i] !== mask.alpha[i]) { same = false; break; } if (!same) line += ' (≠ product final)'; }
  }
  const prev = before?.[it.name];
  if (prev) {
    let lost = 0, gained = 0;
    for (let i = 0; i < W * H; i++) { const a = prev[i]! >= 128, b = mask.alpha[i]! >= 128; if (a && !b) lost++; if (b && !a) gained++; }
    if (lost || gained) {
      changed++;
      line += ` CHANGED -${lost} +${gained}`;
      if (out) {
        const img = Buffer.alloc(W * H * 3);
        for (let i = 0; i < W * H; i++) {
          const r = it.photo.rgb[3 * i], g = it.photo.rgb[3 * i + 1], b = it.photo.rgb[3 * i + 2];
          const a = prev[i]! >= 128, n = mask.alpha[i]! >= 128;
          const c = a && !n ? [0, 60, 255] : n && !a ? [0, 255, 0] : n ? [r, g, b] : [r / 3, g / 3, b / 3];
          img[3 * i] = c[0]!; img[3 * i + 1] = c[1]!; img[3 * i + 2] = c[2]!;
        }
        await sharp(img, { raw: { width: W, height: H, channels: 3 } }).png().toFile(join(out, `${it.name.replace(/[ .]+/g, '-')}.png`));
      }
    }
  }
  console.log(line);
}
if (rows.length) {
  const nb = rows.filter((r) => !r.name.includes('small'));
  console.log(`scored ${rows.length}: IoU median ${median(rows.map((r) => r.iou)).toFixed(3)} worst ${Math.min(...rows.map((r) => r.iou)).toFixed(3)}; BF median ${median(rows.map((r) => r.bf)).toFixed(3)}; other median ${pct(median(nb.map((r) => r.on)))} worst ${pct(Math.max(...rows.map((r) => r.on)))}; >1%: ${rows.filter((r) => r.on > 0.01).map((r) => r.name).join(', ')}`);
}
if (before) console.log(`changed ${changed} of ${items.length}`);
console.log(`CPU ${cpu.toFixed(2)} s`);
if (opt('--save')) writeFileSync(opt('--save')!, serialize(saved));
