/**
 * The car's look for the same-car comparison (shared/same-car.ts lookDistance): what the detector's network saw inside
 * the main car's box, read from the same run that found the car (no second pass). The network's neck (the features
 * its box heads read, stride 16: 32x32 cells of 256 channels for the 512x512 square) is averaged over the box's four
 * quarters (top left, top right, bottom left, bottom right), square-rooted, and each quarter projected on the 16
 * directions of CAR_LOOK_BASIS: 64 numbers, scaled to length 1 and stored as whole numbers from -127 to 127. It tells
 * a body type, its lights, wheels and glass apart more than one car's views do (docs/benchmarks/same-car.md, "Same car").
 */
import type { NormBox } from '../port';
import { CAR_LOOK_BASIS } from './car-look-basis';

/** The graph node the look is read from (tower_0/detections is computed from it). */
export const LOOK_LAYER = 'tower_0/CenternetHead/Relu';
/** Numbers in a look: 4 quarters of CAR_LOOK_BASIS's 16 directions. */
export const LOOK_SIZE = 4 * CAR_LOOK_BASIS.axes.length;

/** A feature map as the graph answers it: [1, rows, columns, channels], row-major. */
export interface FeatureMap {
  data: Float32Array;
  rows: number;
  columns: number;
  channels: number;
}

/**
 * The box's four quarters averaged and square-rooted (4 x channels). `box` is a fraction of the photo; `share` the part
 * of the square the photo fills (the rest is padding to the right and below). A quarter covers every cell it overlaps,
 * at least one.
 */
export function lookCells(map: FeatureMap, box: NormBox, share: { x: number; y: number }): Float64Array[] {
  const { data, rows, columns, channels } = map;
  const x0 = box.left * share.x * columns, x1 = box.right * share.x * columns;
  const y0 = box.top * share.y * rows, y1 = box.bottom * share.y * rows;
  const region = (left: number, right: number, top: number, bottom: number) => {
    const sum = new Float64Array(channels);
    const i0 = Math.max(0, Math.min(rows - 1, Math.floor(top)));
    const i1 = Math.max(i0 + 1, Math.min(rows, Math.ceil(bottom)));
    const j0 = Math.max(0, Math.min(columns - 1, Math.floor(left)));
    const j1 = Math.max(j0 + 1, Math.min(columns, Math.ceil(right)));
    for (let i = i0; i < i1; i++)
      for (let j = j0; j < j1; j++) {
        const at = (i * columns + j) * channels;
        for (let c = 0; c < channels; c++) sum[c]! += data[at + c]!;
      }
    const n = (i1 - i0) * (j1 - j0);
    return sum.map((v) => Math.sqrt(Math.max(0, v / n)));
  };
  const xm = (x0 + x1) / 2, ym = (y0 + y1) / 2;
  return [region(x0, xm, y0, ym), region(xm, x1, y0, ym), region(x0, xm, ym, y1), region(xm, x1, ym, y1)];
}

/** The four quarters projected on the basis, scaled to length 1, as whole numbers -127..127. */
export function projectLook(cells: readonly Float64Array[], basis = CAR_LOOK_BASIS): number[] {
  const projected = cells.flatMap((cell) => basis.axes.map((axis) => axis.reduce((sum, w, c) => sum + w * (cell[c]! - basis.mean[c]!), 0)));
  const length = Math.hypot(...projected) || 1;
  return projected.map((v) => Math.round((127 * v) / length));
}

/** The look of the car in `box` (see above). */
export const carLook = (map: FeatureMap, box: NormBox, share: { x: number; y: number }): number[] => projectLook(lookCells(map, box, share));

/**
 * The basis's directions from quarters of car photos (`npm run bench:same-car -- --fit-look`, on the tune half): the
 * mean quarter and the `directions` principal components of the quarters about it (the covariance's leading
 * eigenvectors, by power iteration with deflation), each signed so that its largest entry is positive.
 */
export function fitLookBasis(cells: readonly Float64Array[], directions = 16): { mean: number[]; axes: number[][] } {
  const n = cells.length, size = cells[0]!.length;
  const mean = Array.from({ length: size }, (_, c) => cells.reduce((sum, cell) => sum + cell[c]!, 0) / n);
  const covariance = Array.from({ length: size }, () => new Float64Array(size));
  for (const cell of cells) {
    const d = Array.from(cell, (v, c) => v - mean[c]!);
    for (let i = 0; i < size; i++) for (let j = i; j < size; j++) covariance[i]![j]! += d[i]! * d[j]!;
  }
  for (let i = 0; i < size; i++) for (let j = 0; j < i; j++) covariance[i]![j] = covariance[j]![i]!;
  const axes: number[][] = [];
  for (let k = 0; k < directions; k++) {
    let v = Array.from({ length: size }, (_, i) => Math.cos(i * (k + 1)));
    for (let step = 0; step < 1000; step++) {
      const w = covariance.map((row) => row.reduce((sum, x, j) => sum + x * v[j]!, 0));
      const length = Math.hypot(...w) || 1;
      const next = w.map((x) => x / length);
      const moved = next.reduce((sum, x, i) => sum + Math.abs(x - v[i]!), 0);
      v = next;
      if (moved < 1e-10) break;
    }
    const eigenvalue = covariance.reduce((sum, row, i) => sum + v[i]! * row.reduce((s, x, j) => s + x * v[j]!, 0), 0);
    for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) covariance[i]![j]! -= eigenvalue * v[i]! * v[j]!;
    const largest = v.reduce((best, x) => (Math.abs(x) > Math.abs(best) ? x : best), 0);
    axes.push(v.map((x) => (largest < 0 ? -x : x)));
  }
  return { mean, axes };
}
