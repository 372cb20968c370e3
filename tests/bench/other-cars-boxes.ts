/** Scratch: the detector boxes saved for each composite (tests/bench/other-cars-cache.ts), in pixels. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deserialize } from 'node:v8';
import { carsBehind, raisedTop } from '../../functions/src/vision/local/other-cars';
const items = deserialize(readFileSync(resolve(import.meta.dirname, '../../.cache/cutout-eval/other-cars', `set${process.argv[2] ?? '0'}.bin`))) as any[];
const px = (b: any, W: number, H: number) => b && `[${Math.round(b.left * W)},${Math.round(b.top * H)},${Math.round(b.right * W)},${Math.round(b.bottom * H)}]`;
for (const it of items) {
  if (!it.ok || it.name.includes('small')) continue;
  const W = it.photo.width, H = it.photo.height;
  // where the other car's showing pixels are
  let l = W, t = H, r = 0, b = 0; for (let i = 0; i < W * H; i++) if (it.otherOnly[i]) { const x = i % W, y = (i / W) | 0; l = Math.min(l, x); r = Math.max(r, x); t = Math.min(t, y); b = Math.max(b, y); }
  const tl = it.truth; let tl2 = W, tt = H, tr = 0, tb = 0; for (let i = 0; i < W * H; i++) if (tl[i] >= 128) { const x = i % W, y = (i / W) | 0; tl2 = Math.min(tl2, x); tr = Math.max(tr, x); tt = Math.min(tt, y); tb = Math.max(tb, y); }
  console.log(`${it.name.padEnd(24)} truth [${tl2},${tt},${tr},${tb}] main ${px(it.main, W, H)} other-true [${l},${t},${r},${b}] others ${it.others.map((o: any) => px(o, W, H)).join(' ')} nearby ${(it.nearby ?? []).map((o: any) => px(o, W, H)).join(' ')} behind ${carsBehind(it.nearby ?? [], it.main, it.others).map((o: any) => px(o, W, H)).join(' ')} raised ${px(raisedTop(it.main, it.nearby ?? [])?.tight, W, H) ?? '-'}`);
}
