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

/**
 * In place, on an RGBA crop (4 bytes a pixel, alpha in the 4th). Returns how many rim pixels were recoloured.
 * Only the outer rim is touched: a soft pixel with old background (alpha 0) within `radius`. A soft region inside
 * the car (a window the model was unsure of) has none and keeps the photo's pixels. O(pixels), by summed-area
 * tables.
 */
export function decontaminateEdges(rgba: Uint8Array, width: number, height: number, sure = SURE_ALPHA, radius = Math.max(6, Math.round(Math.max(width, height) * 0.01))): number {
  const W1 = width + 1;
  // 0-2 the sure pixels' colour sums, 3 their count; 4-6 and 7 the same for the old background (alpha 0);
  // 8-10 the sure pixels' squared colours.
  const sums = Array.from({ length: 11 }, () => new Float64Array(W1 * (height + 1)));
  const row = new Float64Array(11);
  for (let y = 0; y < height; y++) {
    row.fill(0);
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const a = rgba[4 * i + 3]!;
      if (a >= sure) {
        row[0]! += rgba[4 * i]!;
        row[1]! += rgba[4 * i + 1]!;
        row[2]! += rgba[4 * i + 2]!;
        row[3]! += 1;
        row[8]! += rgba[4 * i]! ** 2;
        row[9]! += rgba[4 * i + 1]! ** 2;
        row[10]! += rgba[4 * i + 2]! ** 2;
      } else if (a === 0) {
        row[4]! += rgba[4 * i]!;
        row[5]! += rgba[4 * i + 1]!;
        row[6]! += rgba[4 * i + 2]!;
        row[7]! += 1;
      }
      const k = (y + 1) * W1 + x + 1;
      for (let c = 0; c < 11; c++) sums[c]![k] = row[c]! + sums[c]![k - W1]!;
    }
  }
  let recoloured = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const alpha = rgba[4 * i + 3]!;
      if (alpha === 0 || alpha >= sure) continue;
      const x0 = Math.max(0, x - radius), x1 = Math.min(width, x + radius + 1);
      const y0 = Math.max(0, y - radius), y1 = Math.min(height, y + radius + 1);
      const box = (c: number) => sums[c]![y1 * W1 + x1]! - sums[c]![y0 * W1 + x1]! - sums[c]![y1 * W1 + x0]! + sums[c]![y0 * W1 + x0]!;
      const back = box(7);
      const car = box(3);
      const a = alpha / 255;
      if (back === 0 || (a < MIN_UNMIX_ALPHA && car === 0)) continue;
      for (let c = 0; c < 3; c++) {
        // The compositing equation I = a F + (1 - a) B solved for F, with B the old background close by: keeps
        // the rim's own detail (a panel's dark edge line) and takes out only the old background. Where alpha is
        // too low for that to be stable, the nearby car's mean colour.
        let f = a >= MIN_UNMIX_ALPHA ? (rgba[4 * i + c]! - (1 - a) * (box(c + 4) / back)) / a : box(c) / car;
        if (car > 0) {
          // Where the model's alpha is lower than the truth, unmixing overshoots away from the old background
          // (a cyan line on a car before a red wall): kept within the colours of the car close by.
          const mean = box(c) / car;
          const spread = Math.sqrt(Math.max(0, box(c + 8) / car - mean * mean));
          f = Math.max(mean - 2 * spread - 12, Math.min(mean + 2 * spread + 12, f));
        }
        rgba[4 * i + c] = Math.max(0, Math.min(255, Math.round(f)));
      }
      recoloured++;
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
