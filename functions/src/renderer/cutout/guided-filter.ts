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

/**
 * The same with the photo's colour as guide (He et al., eq. 14): the local linear model is fitted on R, G and B, so
 * an edge between two colours of equal brightness (a red car on green grass) still guides the mask.
 * `rgb` holds 3 bytes a pixel (0..255).
 */
export function colourGuidedFilter(rgb: Uint8Array, p: Float32Array, w: number, h: number, r: number, eps: number): Float32Array {
  const n = w * h;
  const ch = [0, 1, 2].map((c) => {
    const plane = new Float32Array(n);
    for (let i = 0; i < n; i++) plane[i] = rgb[3 * i + c]! / 255;
    return plane;
  });
  const product = (x: Float32Array, y: Float32Array) => {
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = x[i]! * y[i]!;
    return out;
  };
  const mean = (x: Float32Array) => boxMean(x, w, h, r);
  const [R, G, B] = ch as [Float32Array, Float32Array, Float32Array];
  const mR = mean(R), mG = mean(G), mB = mean(B), mP = mean(p);
  const mRp = mean(product(R, p)), mGp = mean(product(G, p)), mBp = mean(product(B, p));
  const mRR = mean(product(R, R)), mRG = mean(product(R, G)), mRB = mean(product(R, B));
  const mGG = mean(product(G, G)), mGB = mean(product(G, B)), mBB = mean(product(B, B));
  const aR = new Float32Array(n), aG = new Float32Array(n), aB = new Float32Array(n), b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r0 = mR[i]!, g0 = mG[i]!, b0 = mB[i]!, p0 = mP[i]!;
    // Covariance of the guide in the window (plus eps on the diagonal) and of guide and mask.
    const rr = mRR[i]! - r0 * r0 + eps, rg = mRG[i]! - r0 * g0, rb = mRB[i]! - r0 * b0;
    const gg = mGG[i]! - g0 * g0 + eps, gb = mGB[i]! - g0 * b0, bb = mBB[i]! - b0 * b0 + eps;
    const cr = mRp[i]! - r0 * p0, cg = mGp[i]! - g0 * p0, cb = mBp[i]! - b0 * p0;
    // Symmetric 3x3 inverse by cofactors.
    const i00 = gg * bb - gb * gb, i01 = rb * gb - rg * bb, i02 = rg * gb - rb * gg;
    const i11 = rr * bb - rb * rb, i12 = rb * rg - rr * gb, i22 = rr * gg - rg * rg;
    const det = rr * i00 + rg * i01 + rb * i02;
    const ar = (i00 * cr + i01 * cg + i02 * cb) / det;
    const ag = (i01 * cr + i11 * cg + i12 * cb) / det;
    const ab = (i02 * cr + i12 * cg + i22 * cb) / det;
    aR[i] = ar, aG[i] = ag, aB[i] = ab;
    b[i] = p0 - ar * r0 - ag * g0 - ab * b0;
  }
  const maR = mean(aR), maG = mean(aG), maB = mean(aB), mb = mean(b);
  const q = new Float32Array(n);
  for (let i = 0; i < n; i++) q[i] = maR[i]! * R[i]! + maG[i]! * G[i]! + maB[i]! * B[i]! + mb[i]!;
  return q;
}
