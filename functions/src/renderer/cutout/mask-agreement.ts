/**
 * How closely two car masks agree (alpha >= 128 counts as car): intersection over union, and the boundary F-score
 * (Perazzi et al., DAVIS 2016) at a tolerance in pixels: the share of each mask's outline lying within that
 * distance of the other's, combined as a harmonic mean.
 */

interface Alpha {
  alpha: Uint8Array;
  width: number;
  height: number;
}

export function maskIoU(a: Alpha, b: Alpha): number {
  sameSize(a, b);
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.alpha.length; i++) {
    const x = a.alpha[i]! >= 128;
    const y = b.alpha[i]! >= 128;
    if (x && y) both++;
    if (x || y) either++;
  }
  return either === 0 ? 1 : both / either;
}

/** Car pixels with a 4-neighbour that is not car (the frame edge does not count as an outline). */
function outline(m: Alpha): Uint8Array {
  const { alpha, width: w, height: h } = m;
  const edge = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (alpha[i]! < 128) continue;
      if ((x > 0 && alpha[i - 1]! < 128) || (x < w - 1 && alpha[i + 1]! < 128) || (y > 0 && alpha[i - w]! < 128) || (y < h - 1 && alpha[i + w]! < 128)) edge[i] = 1;
    }
  return edge;
}

/** Share of `from`'s outline pixels with an outline pixel of `to` within `tolerance` px (Euclidean). */
function matched(from: Uint8Array, to: Uint8Array, w: number, h: number, tolerance: number): { hit: number; total: number } {
  const t = Math.ceil(tolerance);
  const offsets: number[][] = [];
  for (let dy = -t; dy <= t; dy++) for (let dx = -t; dx <= t; dx++) if (dx * dx + dy * dy <= tolerance * tolerance) offsets.push([dx, dy]);
  let hit = 0;
  let total = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!from[y * w + x]) continue;
      total++;
      for (const [dx, dy] of offsets) {
        const xx = x + dx!;
        const yy = y + dy!;
        if (xx >= 0 && yy >= 0 && xx < w && yy < h && to[yy * w + xx]) {
          hit++;
          break;
        }
      }
    }
  return { hit, total };
}

export function boundaryF(candidate: Alpha, reference: Alpha, tolerance = 3): number {
  sameSize(candidate, reference);
  const { width: w, height: h } = candidate;
  const c = outline(candidate);
  const r = outline(reference);
  const p = matched(c, r, w, h, tolerance);
  const q = matched(r, c, w, h, tolerance);
  if (p.total === 0 && q.total === 0) return 1;
  const precision = p.total === 0 ? 0 : p.hit / p.total;
  const recall = q.total === 0 ? 0 : q.hit / q.total;
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

function sameSize(a: Alpha, b: Alpha): void {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`Masks differ in size: ${a.width}x${a.height} and ${b.width}x${b.height}`);
}
