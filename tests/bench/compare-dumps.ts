/**
 * `tsx tests/bench/compare-dumps.ts <dir A> <dir B>`: compares two MASK_DUMP folders of tests/bench/render-steps.ts
 * (two versions of the code on the same photos): per photo the cut-out's IoU (alpha >= 128) and its largest alpha
 * difference, and the studio JPEG's PSNR (decoded, dB; "same" when the files are byte for byte equal).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';

const [a, b] = process.argv.slice(2).map((d) => resolve(d));
if (!a || !b) throw new Error('usage: tsx tests/bench/compare-dumps.ts <dir A> <dir B>');

async function psnr(x: Buffer, y: Buffer): Promise<string> {
  if (x.equals(y)) return 'same';
  const [p, q] = await Promise.all([sharp(x).raw().toBuffer(), sharp(y).raw().toBuffer()]);
  if (p.length !== q.length) return 'different size';
  let se = 0;
  for (let i = 0; i < p.length; i++) se += (p[i]! - q[i]!) ** 2;
  return se === 0 ? 'same pixels' : `${(10 * Math.log10((255 * 255) / (se / p.length))).toFixed(1)} dB`;
}

console.log('| photo | mask IoU | largest alpha difference | studio JPEG | image as rendered |\n|---|---:|---:|---:|---:|');
for (const f of readdirSync(a).filter((n) => n.endsWith('.mask')).sort()) {
  const name = f.replace(/\.mask$/, '');
  const [ma, mb] = [readFileSync(resolve(a, f)), readFileSync(resolve(b, f))];
  let inter = 0, union = 0, worst = 0;
  for (let i = 0; i < ma.length; i++) {
    const p = ma[i]! >= 128, q = mb[i]! >= 128;
    if (p && q) inter++;
    if (p || q) union++;
    worst = Math.max(worst, Math.abs(ma[i]! - mb[i]!));
  }
  const iou = ma.length === mb.length ? (union ? inter / union : 1).toFixed(4) : 'different size';
  const jpeg = await psnr(readFileSync(resolve(a, `${name}.studio.jpg`)), readFileSync(resolve(b, `${name}.studio.jpg`)));
  const rendered = await psnr(readFileSync(resolve(a, `${name}.rendered.jpg`)), readFileSync(resolve(b, `${name}.rendered.jpg`)));
  console.log(`| ${name} | ${iou} | ${worst} | ${jpeg} | ${rendered} |`);
}
