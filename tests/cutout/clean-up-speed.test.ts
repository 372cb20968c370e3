/**
 * The cut-out's clean-up and edge decontamination were made faster (docs/benchmarks.md, "Render"): the clean-up works
 * only on the region around the car, the decontamination keeps a ring of summed-area rows instead of whole tables.
 * Both must answer exactly what the whole-frame versions answer, on real masks (the u2netp cut-out of committed
 * photos, cars large and small, touching the frame's edge or not) and on made-up ones.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decontaminateEdges, SURE_ALPHA } from '../../functions/src/renderer/cutout/edge-decontamination';
import { cleanMask, cleanWholeFrame } from '../../functions/src/renderer/cutout/mask-cleanup';
import { U2netpCutout } from '../../functions/src/renderer/cutout/u2netp-cutout';
import { decodePhoto, type DecodedPhoto } from '../../functions/src/renderer/photo-validation';

const DIR = resolve(import.meta.dirname, '../fixtures/cars');
const photos: Array<{ name: string; photo: DecodedPhoto; soft: Uint8Array }> = [];

beforeAll(async () => {
  const cutout = new U2netpCutout({ cropMargin: 0 });
  for (const name of readdirSync(DIR).filter((f) => f.endsWith('.jpg')).sort()) {
    const photo = await decodePhoto(readFileSync(resolve(DIR, name)));
    photos.push({ name, photo, soft: await cutout.softMask(photo) });
  }
}, 120_000);

/** The decontamination as it was: the whole crop's summed-area tables (11 of them) made before any pixel changes. */
function decontaminateWithWholeTables(rgba: Uint8Array, width: number, height: number, radius: number): void {
  const W1 = width + 1;
  const sums = Array.from({ length: 11 }, () => new Float64Array(W1 * (height + 1)));
  for (let y = 0; y < height; y++) {
    const row = new Float64Array(11);
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const a = rgba[4 * i + 3]!;
      if (a >= SURE_ALPHA) for (let c = 0; c < 3; c++) (row[c]! += rgba[4 * i + c]!), (row[c + 8]! += rgba[4 * i + c]! ** 2);
      if (a >= SURE_ALPHA) row[3]! += 1;
      else if (a === 0) {
        for (let c = 0; c < 3; c++) row[c + 4]! += rgba[4 * i + c]!;
        row[7]! += 1;
      }
      for (let c = 0; c < 11; c++) sums[c]![(y + 1) * W1 + x + 1] = row[c]! + sums[c]![y * W1 + x + 1]!;
    }
  }
  const out = Uint8Array.from(rgba);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const alpha = rgba[4 * i + 3]!;
      if (alpha === 0 || alpha >= SURE_ALPHA) continue;
      const x0 = Math.max(0, x - radius), x1 = Math.min(width, x + radius + 1), y0 = Math.max(0, y - radius), y1 = Math.min(height, y + radius + 1);
      const box = (c: number) => sums[c]![y1 * W1 + x1]! - sums[c]![y0 * W1 + x1]! - sums[c]![y1 * W1 + x0]! + sums[c]![y0 * W1 + x0]!;
      const back = box(7), car = box(3), a = alpha / 255;
      if (back === 0 || (a < 0.4 && car === 0)) continue;
      for (let c = 0; c < 3; c++) {
        let f = a >= 0.4 ? (rgba[4 * i + c]! - (1 - a) * (box(c + 4) / back)) / a : box(c) / car;
        if (car > 0) {
          const mean = box(c) / car;
          const spread = Math.sqrt(Math.max(0, box(c + 8) / car - mean * mean));
          f = Math.max(mean - 2 * spread - 12, Math.min(mean + 2 * spread + 12, f));
        }
        out[4 * i + c] = Math.max(0, Math.min(255, Math.round(f)));
      }
    }
  rgba.set(out);
}

describe('the clean-up on the region around the car', () => {
  it('answers exactly what the clean-up of the whole frame answers, on every committed photo', () => {
    expect(photos.length).toBeGreaterThanOrEqual(5);
    for (const { name, photo, soft } of photos) {
      const region = cleanMask(soft, photo.width, photo.height);
      const whole = cleanWholeFrame(soft, photo.width, photo.height);
      expect(region.box, name).toEqual(whole.box);
      expect(region.areaFraction, name).toBe(whole.areaFraction);
      expect(region.removedFraction, name).toBe(whole.removedFraction);
      expect(Buffer.from(region.alpha).equals(Buffer.from(whole.alpha)), name).toBe(true);
      expect(whole.areaFraction, name).toBeGreaterThan(0.05);
    }
  });

  it('also where the car and a sign post touch the frame edge, and where a faint ghost runs along it', () => {
    const w = 400, h = 260;
    const soft = new Uint8Array(w * h);
    for (let y = 120; y < h; y++) for (let x = 0; x < 260; x++) soft[y * w + x] = 230; // a car cut by the left and bottom edges
    for (let y = 40; y < 120; y++) for (let x = 200; x < 206; x++) soft[y * w + x] = 200; // a pole on its roof
    for (let x = 0; x < w; x++) soft[x] = 60; // a ghost line along the top
    for (let y = 30; y < 60; y++) for (let x = 330; x < 380; x++) soft[y * w + x] = 180; // a loose scrap
    const region = cleanMask(soft, w, h);
    const whole = cleanWholeFrame(soft, w, h);
    expect(Buffer.from(region.alpha).equals(Buffer.from(whole.alpha))).toBe(true);
    expect(region.box).toEqual(whole.box);
    expect(region.removedFraction).toBe(whole.removedFraction);
  });
});

describe('edge decontamination with a ring of rows', () => {
  it('recolours every rim pixel of every committed photo exactly as whole summed-area tables do', () => {
    for (const { name, photo, soft } of photos) {
      const mask = cleanMask(soft, photo.width, photo.height);
      const { width: w, height: h } = photo;
      const rgba = new Uint8Array(w * h * 4);
      for (let i = 0; i < w * h; i++) rgba.set([photo.rgb[3 * i]!, photo.rgb[3 * i + 1]!, photo.rgb[3 * i + 2]!, mask.alpha[i]!], 4 * i);
      const expected = Uint8Array.from(rgba);
      const radius = Math.max(6, Math.round(Math.max(w, h) * 0.01));
      decontaminateWithWholeTables(expected, w, h, radius);
      const recoloured = decontaminateEdges(rgba, w, h, SURE_ALPHA, radius);
      expect(recoloured, name).toBeGreaterThan(100);
      expect(Buffer.from(rgba).equals(Buffer.from(expected)), name).toBe(true);
    }
  });
});
