/**
 * Guided filter (He, Sun and Tang, 2010) with a grey guide: the coarse mask (upsampled from the model's 320x320)
 * is re-fitted, window by window, as a linear function of the photo's brightness, so its edges move onto the
 * photo's edges. Written out (box filters by running sums, O(pixels)) because no maintained npm package offers it
 * for Node (opencv-js's ximgproc build is not in the published package).
 */

/** Mean over a (2r+1)^2 window, clipped at the borders, by running sums along rows then columns. */
export function boxMean(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const rows = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    let sum = 0;
    for (let x = 0; x <= Math.min(r, w - 1); x++) sum += src[o + x]!;
    for (let x = 0; x < w; x++) {
      rows[o + x] = sum / (Math.min(w - 1, x + r) - Math.max(0, x - r) + 1);
      if (x + r + 1 < w) sum += src[o + x + r + 1]!;
      if (x - r >= 0) sum -= src[o + x - r]!;
    }
  }
  const out = new Float32Array(w * h);
  for (let x = 0; x < w; x++) {
    let sum = 0;
    for (let y = 0; y <= Math.min(r, h - 1); y++) sum += rows[y * w + x]!;
    for (let y = 0; y < h; y++) {
      out[y * w + x] = sum / (Math.min(h - 1, y + r) - Math.max(0, y - r) + 1);
      if (y + r + 1 < h) sum += rows[(y + r + 1) * w + x]!;
      if (y - r >= 0) sum -= rows[(y - r) * w + x]!;
    }
  }
  return out;
}

/** Filters `p` (0..1) guided by `guide` (0..1), both w x h; `eps` is the regularisation (edge threshold squared). */
export function guidedFilter(guide: Float32Array, p: Float32Array, w: number, h: number, r: number, eps: number): Float32Array {
  const n = w * h;
  const ip = new Float32Array(n);
  const ii = new Float32Array(n);
  for (let i = 0; i < n; i++) (ip[i] = guide[i]! * p[i]!), (ii[i] = guide[i]! * guide[i]!);
  const meanI = boxMean(guide, w, h, r);
  const meanP = boxMean(p, w, h, r);
  const corrIp = boxMean(ip, w, h, r);
  const corrII = boxMean(ii, w, h, r);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const varI = corrII[i]! - meanI[i]! * meanI[i]!;
    const covIp = corrIp[i]! - meanI[i]! * meanP[i]!;
    a[i] = covIp / (varI + eps);
    b[i] = meanP[i]! - a[i]! * meanI[i]!;
  }
  const meanA = boxMean(a, w, h, r);
  const meanB = boxMean(b, w, h, r);
  const q = new Float32Array(n);
  for (let i = 0; i < n; i++) q[i] = meanA[i]! * guide[i]! + meanB[i]!;
  return q;
}
