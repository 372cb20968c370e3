/**
 * Edge colour decontamination. The cut-out's rim is semi-transparent (u2netp's 320x320 mask stretched to the photo
 * is soft over a few pixels), and there the photo's colour is part car, part old background: blended onto a new
 * backdrop, the old background (green grass, a red wall) would show as a fringe around the car. So each rim pixel
 * has the old background's share taken out of its colour (unmixed with the background's colour close by), or where
 * it is mostly background, takes the colour of the car close by. Its alpha is kept, so the edge stays soft. The
 * result stays within the colours of the car close by: where the model's alpha is lower than the truth, unmixing
 * alone would overshoot into the old background's opposite colour.
 */

/** Alpha from which a pixel counts as surely car. */
export const SURE_ALPHA = 250;
/** Below this alpha the unmixing is too noisy: the rim takes the nearby car's mean colour instead. */
const MIN_UNMIX_ALPHA = 0.4;

/** Channels of the running sums: 0-2 the sure pixels' colour sums, 3 their count; 4-6 and 7 the same for the old background (alpha 0); 8-10 the sure pixels' squared colours. */
const CHANNELS = 11;

/** A window's four corners in the ring of table rows: bottom-right, top-right, bottom-left, top-left. */
type Window = [number, number, number, number];

/** One channel's sum over a window (a plain function: a closure made per rim pixel cost more than the sums). */
function windowSum(ring: Float64Array, w: Window, c: number): number {
  return ring[w[0] + c]! - ring[w[1] + c]! - ring[w[2] + c]! + ring[w[3] + c]!;
}

/**
 * In place, on an RGBA crop (4 bytes a pixel, alpha in the 4th). Returns how many rim pixels were recoloured.
 * Only the outer rim is touched: a soft pixel with old background (alpha 0) within `radius`. A soft region inside
 * the car (a window the model was unsure of) has none and keeps the photo's pixels. O(pixels), by summed-area
 * tables of which only the rows a window spans are kept (a ring of 2 radius + 3 rows): the whole crop's tables
 * were 11 doubles a pixel, about 90 MB and 0.1 s for a car filling a 1536 px frame.
 */
export function decontaminateEdges(rgba: Uint8Array, width: number, height: number, sure = SURE_ALPHA, radius = Math.max(6, Math.round(Math.max(width, height) * 0.01))): number {
  const W1 = width + 1;
  const stride = W1 * CHANNELS;
  const ringRows = 2 * radius + 3;
  // ring row k % ringRows holds the summed-area table's row k: the sums over pixel rows < k and columns < x.
  const ring = new Float64Array(ringRows * stride);
  let built = 0; // table rows 0..built are made (row 0 is all zeros)
  const build = (upTo: number) => {
    for (; built < upTo; built++) {
      const y = built; // pixel row y makes table row y + 1
      const prev = (y % ringRows) * stride;
      const cur = ((y + 1) % ringRows) * stride;
      ring.fill(0, cur, cur + CHANNELS);
      let r0 = 0, r1 = 0, r2 = 0, r3 = 0, b0 = 0, b1 = 0, b2 = 0, b3 = 0, q0 = 0, q1 = 0, q2 = 0;
      for (let x = 0; x < width; x++) {
        const i = 4 * (y * width + x);
        const a = rgba[i + 3]!;
        if (a >= sure) {
          const r = rgba[i]!, g = rgba[i + 1]!, b = rgba[i + 2]!;
          r0 += r; r1 += g; r2 += b; r3 += 1;
          q0 += r * r; q1 += g * g; q2 += b * b;
        } else if (a === 0) {
          b0 += rgba[i]!; b1 += rgba[i + 1]!; b2 += rgba[i + 2]!; b3 += 1;
        }
        const k = cur + (x + 1) * CHANNELS, j = prev + (x + 1) * CHANNELS;
        ring[k] = r0 + ring[j]!;
        ring[k + 1] = r1 + ring[j + 1]!;
        ring[k + 2] = r2 + ring[j + 2]!;
        ring[k + 3] = r3 + ring[j + 3]!;
        ring[k + 4] = b0 + ring[j + 4]!;
        ring[k + 5] = b1 + ring[j + 5]!;
        ring[k + 6] = b2 + ring[j + 6]!;
        ring[k + 7] = b3 + ring[j + 7]!;
        ring[k + 8] = q0 + ring[j + 8]!;
        ring[k + 9] = q1 + ring[j + 9]!;
        ring[k + 10] = q2 + ring[j + 10]!;
      }
    }
  };
  let recoloured = 0;
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius), y1 = Math.min(height, y + radius + 1);
    let rowHasRim = false;
    for (let x = 0; x < width && !rowHasRim; x++) {
      const alpha = rgba[4 * (y * width + x) + 3]!;
      rowHasRim = alpha !== 0 && alpha < sure;
    }
    if (!rowHasRim) continue;
    build(y1);
    const top = (y0 % ringRows) * stride, bottom = (y1 % ringRows) * stride;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const alpha = rgba[4 * i + 3]!;
      if (alpha === 0 || alpha >= sure) continue;
      const x0 = Math.max(0, x - radius) * CHANNELS, x1 = Math.min(width, x + radius + 1) * CHANNELS;
      const w: Window = [bottom + x1, top + x1, bottom + x0, top + x0];
      const back = windowSum(ring, w, 7);
      const car = windowSum(ring, w, 3);
      const a = alpha / 255;
      if (back === 0 || (a < MIN_UNMIX_ALPHA && car === 0)) continue;
      for (let c = 0; c < 3; c++) {
        // The compositing equation I = a F + (1 - a) B solved for F, with B the old background close by: keeps
        // the rim's own detail (a panel's dark edge line) and takes out only the old background. Where alpha is
        // too low for that to be stable, the nearby car's mean colour.
        let f = a >= MIN_UNMIX_ALPHA ? (rgba[4 * i + c]! - (1 - a) * (windowSum(ring, w, c + 4) / back)) / a : windowSum(ring, w, c) / car;
        if (car > 0) {
          // Where the model's alpha is lower than the truth, unmixing overshoots away from the old background
          // (a cyan line on a car before a red wall): kept within the colours of the car close by.
          const mean = windowSum(ring, w, c) / car;
          const spread = Math.sqrt(Math.max(0, windowSum(ring, w, c + 8) / car - mean * mean));
          f = Math.max(mean - 2 * spread - 12, Math.min(mean + 2 * spread + 12, f));
        }
        rgba[4 * i + c] = Math.max(0, Math.min(255, Math.round(f)));
      }
      recoloured++;
    }
  }
  return recoloured;
}

/**
 * The car's RGBA layer for `box` of the photo, decontaminated. The old background the rim is unmixed with lies
 * partly outside the box (the box holds the pixels at alpha >= 128), so the rim is worked on with a margin.
 */
export function decontaminatedCarLayer(rgb: Uint8Array, alpha: Uint8Array, width: number, box: { left: number; top: number; right: number; bottom: number }, height = alpha.length / width): Buffer {
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  const margin = Math.max(6, Math.round(Math.max(bw, bh) * 0.01)) + 1;
  const left = Math.max(0, box.left - margin), top = Math.max(0, box.top - margin);
  const right = Math.min(width, box.right + margin), bottom = Math.min(height, box.bottom + margin);
  const ew = right - left, eh = bottom - top;
  const wide = new Uint8Array(ew * eh * 4);
  for (let y = 0; y < eh; y++)
    for (let x = 0; x < ew; x++) {
      const s = (top + y) * width + left + x;
      const d = 4 * (y * ew + x);
      wide[d] = rgb[3 * s]!;
      wide[d + 1] = rgb[3 * s + 1]!;
      wide[d + 2] = rgb[3 * s + 2]!;
      wide[d + 3] = alpha[s]!;
    }
  decontaminateEdges(wide, ew, eh, SURE_ALPHA, margin - 1);
  const layer = Buffer.alloc(bw * bh * 4);
  for (let y = 0; y < bh; y++) {
    const from = 4 * ((box.top - top + y) * ew + (box.left - left));
    layer.set(wide.subarray(from, from + 4 * bw), 4 * y * bw);
  }
  return layer;
}
