/**
 * SSIM (Wang, Bovik, Sheikh, Simoncelli 2004) restricted to a mask, with a colour term.
 * Luminance: the standard 11x11 gaussian window (sigma 1.5) and K1 = 0.01, K2 = 0.03 for 8-bit values.
 * Colour: luminance SSIM cannot see a repaint of equal brightness (a blue car turned red), so each
 * window's score is multiplied by the luminance-term formula applied to the window's mean CIELAB chroma
 * vector (a*, b*): 1 when the paint colour is the same, near 0 when its hue turned; grey and silver cars
 * (chroma near 0) are left alone thanks to the constant C3.
 *
 * Hand-written rather than taken from `ssim.js`: that package compares whole rectangles, so near the
 * car's outline its windows would mix the old street of the photo with the new studio of the render and
 * score a faithful car as changed. Here every local statistic is a normalised convolution over masked
 * pixels only, mean = sum(g*m*x) / sum(g*m), so the background never enters the comparison.
 */

const SIGMA = 1.5;
const RADIUS = 5; // 11 taps
const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;
/** Chroma differences below about 15 a*b* units between near-grey colours barely count. */
const C3 = 15 ** 2;
/** A pixel is scored only when at least half of its window's weight lies on the car. */
const MIN_WINDOW_WEIGHT = 0.5;

const KERNEL = (() => {
  const k = new Float64Array(2 * RADIUS + 1);
  let sum = 0;
  for (let i = -RADIUS; i <= RADIUS; i++) sum += k[i + RADIUS] = Math.exp(-(i * i) / (2 * SIGMA * SIGMA));
  for (let i = 0; i < k.length; i++) k[i]! /= sum;
  return k;
})();

/** Separable gaussian blur; outside the image counts as zero (the normalisation by blurred mask corrects it). */
function blur(src: Float64Array, w: number, h: number, tmp: Float64Array): Float64Array {
  const out = new Float64Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      const lo = Math.max(0, x - RADIUS), hi = Math.min(w - 1, x + RADIUS);
      for (let xx = lo; xx <= hi; xx++) s += KERNEL[xx - x + RADIUS]! * src[y * w + xx]!;
      tmp[y * w + x] = s;
    }
  for (let y = 0; y < h; y++) {
    const lo = Math.max(0, y - RADIUS), hi = Math.min(h - 1, y + RADIUS);
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let yy = lo; yy <= hi; yy++) s += KERNEL[yy - y + RADIUS]! * tmp[yy * w + x]!;
      out[y * w + x] = s;
    }
  }
  return out;
}

/** Per pixel: luma Y' (0..255, Rec. 709 weights) and CIELAB chroma a*, b*. */
export interface LumaChroma {
  luma: Float32Array;
  a: Float32Array;
  b: Float32Array;
}

/**
 * Each pixel's score, luminance SSIM times the chroma term of its window; NaN where it is not scored (less than half of
 * its window's weight on the mask). The caller takes the mean over the car, and over its parts (car-fidelity.ts).
 */
export function maskedSsimMap(x: LumaChroma, y: LumaChroma, mask: Uint8Array, w: number, h: number): Float32Array {
  const n = w * h;
  const maps = Array.from({ length: 10 }, () => new Float64Array(n));
  const [m, mx, my, mxx, myy, mxy, max, mbx, may, mby] = maps as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  for (let i = 0; i < n; i++) {
    if (!mask[i]) continue;
    const u = x.luma[i]!, v = y.luma[i]!;
    m[i] = 1;
    mx[i] = u;
    my[i] = v;
    mxx[i] = u * u;
    myy[i] = v * v;
    mxy[i] = u * v;
    max[i] = x.a[i]!;
    mbx[i] = x.b[i]!;
    may[i] = y.a[i]!;
    mby[i] = y.b[i]!;
  }
  const tmp = new Float64Array(n);
  const [W, X, Y, XX, YY, XY, AX, BX, AY, BY] = maps.map((map) => blur(map, w, h, tmp)) as typeof maps;
  const out = new Float32Array(n).fill(Number.NaN);
  for (let i = 0; i < n; i++) {
    const weight = W![i]!;
    if (!mask[i] || weight < MIN_WINDOW_WEIGHT) continue;
    const muX = X![i]! / weight, muY = Y![i]! / weight;
    const varX = Math.max(0, XX![i]! / weight - muX * muX);
    const varY = Math.max(0, YY![i]! / weight - muY * muY);
    const cov = XY![i]! / weight - muX * muY;
    const ssim = ((2 * muX * muY + C1) * (2 * cov + C2)) / ((muX * muX + muY * muY + C1) * (varX + varY + C2));
    const ax = AX![i]! / weight, bx = BX![i]! / weight, ay = AY![i]! / weight, by = BY![i]! / weight;
    const chroma = Math.max(0, (2 * (ax * ay + bx * by) + C3) / (ax * ax + bx * bx + ay * ay + by * by + C3));
    out[i] = Math.max(0, ssim) * chroma;
  }
  return out;
}
