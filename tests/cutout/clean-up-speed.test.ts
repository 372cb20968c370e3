/**
 * The cut-out's clean-up and edge decontamination were made faster (docs/benchmarks/render-and-package.md, "Render"): the clean-up works
 * only on the region around the car, the decontamination keeps a ring of summed-area rows instead of whole tables.
 * Both must answer exactly what the whole-frame versions answer, on real masks (the u2netp cut-out of committed
 * photos, cars large and small, touching the frame's edge or not) and on made-up ones. So must the pieces labelled by
 * runs, the capped integer distances and the row-wise extent, against the per-pixel versions they replaced.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decontaminateEdges, SURE_ALPHA } from '../../functions/src/renderer/cutout/edge-decontamination';
import { chamferWithin, cleanMask, cleanWholeFrame, components, solidExtent } from '../../functions/src/renderer/cutout/mask-cleanup';
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

/** The 4-connected pieces as they were found: a flood fill from each unlabelled pixel in scan order. */
function floodFillPieces(bin: Uint8Array, w: number, h: number) {
  const labels = new Int32Array(w * h);
  const list: Array<{ label: number; area: number; box: { left: number; top: number; right: number; bottom: number }; cy: number; touchesBorder: boolean }> = [];
  for (let start = 0; start < bin.length; start++) {
    if (!bin[start] || labels[start]) continue;
    const c = { label: list.length + 1, area: 0, box: { left: w, top: h, right: 0, bottom: 0 }, cy: 0, touchesBorder: false };
    list.push(c);
    const stack = [start];
    labels[start] = c.label;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w, y = (i - x) / w;
      c.area++;
      c.cy += y;
      c.box = { left: Math.min(c.box.left, x), top: Math.min(c.box.top, y), right: Math.max(c.box.right, x + 1), bottom: Math.max(c.box.bottom, y + 1) };
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) c.touchesBorder = true;
      for (const [j, ok] of [[i - 1, x > 0], [i + 1, x < w - 1], [i - w, y > 0], [i + w, y < h - 1]] as const)
        if (ok && bin[j] && !labels[j]) (labels[j] = c.label), stack.push(j);
    }
    c.cy /= c.area;
  }
  return { labels, list };
}

/** The chamfer (3-4) distance as it was: floats, uncapped, divided by 3 (pixels); 0 where `zeroWhere`, the border at 1. */
function floatChamfer(zeroWhere: (i: number) => boolean, w: number, h: number): Float32Array {
  const d = new Float32Array(w * h);
  for (let i = 0; i < d.length; i++) d[i] = zeroWhere(i) ? 0 : 1e9;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (d[i] === 0) continue;
      let v = Math.min(d[i]!, x > 0 ? d[i - 1]! + 3 : 3);
      if (y > 0) v = Math.min(v, d[i - w]! + 3, x > 0 ? d[i - w - 1]! + 4 : Infinity, x < w - 1 ? d[i - w + 1]! + 4 : Infinity);
      else v = Math.min(v, 3);
      d[i] = v;
    }
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (d[i] === 0) continue;
      let v = Math.min(d[i]!, x < w - 1 ? d[i + 1]! + 3 : 3);
      if (y < h - 1) v = Math.min(v, d[i + w]! + 3, x < w - 1 ? d[i + w + 1]! + 4 : Infinity, x > 0 ? d[i + w - 1]! + 4 : Infinity);
      else v = Math.min(v, 3);
      d[i] = v;
    }
  for (let i = 0; i < d.length; i++) d[i] = d[i]! / 3;
  return d;
}

/** Blobs, holes, diagonal touches and pixels on every border of a small frame, from a fixed seed. */
function speckled(w: number, h: number, seed: number): Uint8Array {
  const bin = new Uint8Array(w * h);
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < bin.length; i++) bin[i] = next() < 0.45 ? 1 : 0;
  for (let y = 10; y < 30; y++) for (let x = 20; x < 60; x++) bin[y * w + x] = (x - 40) ** 2 + (y - 20) ** 2 > 16 ? 1 : 0; // a ring
  return bin;
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

describe('the clean-up\'s tools, made faster', () => {
  it('labels the pieces by runs exactly as the flood fill did: labels, order, areas, boxes, centres, border contact', () => {
    const cases: Array<{ bin: Uint8Array; w: number; h: number }> = photos.map(({ photo, soft }) => ({ bin: soft.map((v) => (v >= 128 ? 1 : 0)), w: photo.width, h: photo.height }));
    for (const seed of [1, 2, 3]) cases.push({ bin: speckled(97, 41, seed), w: 97, h: 41 });
    for (const { bin, w, h } of cases) {
      const fast = components(bin, w, h);
      const slow = floodFillPieces(bin, w, h);
      expect(fast.list).toEqual(slow.list);
      expect(Buffer.from(fast.labels.buffer).equals(Buffer.from(slow.labels.buffer))).toBe(true);
    }
    expect(floodFillPieces(speckled(97, 41, 1), 97, 41).list.length).toBeGreaterThan(50);
  });

  it('tells what lies further than a few pixels inside, or from the kept core, as the float distances did', () => {
    for (const { photo, soft } of photos.slice(0, 3)) {
      const { width: w, height: h } = photo;
      const bin = soft.map((v) => (v >= 128 ? 1 : 0));
      const slow = floatChamfer((i) => bin[i] === 0, w, h);
      for (const r of [3, 18, 40]) {
        const fast = chamferWithin(bin, 0, w, h, 3 * r + 1);
        let differ = 0, inside = 0;
        for (let i = 0; i < bin.length; i++) {
          if (fast[i]! > 3 * r !== slow[i]! > r) differ++;
          if (slow[i]! > r) inside++;
        }
        expect(differ).toBe(0);
        expect(inside).toBeGreaterThan(0);
      }
      // Distance to the set pixels (seed value 1), as the reconstruction around the kept core asks it.
      const toSet = floatChamfer((i) => bin[i] === 1, w, h);
      const fast = chamferWithin(bin, 1, w, h, 3 * 20 + 1);
      let differ = 0;
      for (let i = 0; i < bin.length; i++) if (fast[i]! > 60 !== toSet[i]! > 20) differ++;
      expect(differ).toBe(0);
    }
  });

  it('finds the solid extent row by row as the per-pixel scan did', () => {
    for (const { photo, soft } of photos) {
      const { width: w, height: h } = photo;
      const box = { left: w, top: h, right: 0, bottom: 0 };
      let area = 0;
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++)
          if (soft[y * w + x]! >= 128) {
            area++;
            (box.left = Math.min(box.left, x)), (box.right = Math.max(box.right, x + 1)), (box.top = Math.min(box.top, y)), (box.bottom = Math.max(box.bottom, y + 1));
          }
      expect(solidExtent(soft, w, h)).toEqual({ box, area });
    }
    expect(solidExtent(new Uint8Array(12), 4, 3)).toEqual({ box: { left: 0, top: 0, right: 0, bottom: 0 }, area: 0 });
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
