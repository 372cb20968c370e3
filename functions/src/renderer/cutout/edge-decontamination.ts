/**
 * Edge colour decontamination. The cut-out's rim is semi-transparent (u2netp's 320x320 mask stretched to the photo
 * is soft over a few pixels), and there the photo's colour is part car, part old background: blended onto a new
 * backdrop, the old background (green grass, a red wall) would show as a fringe around the car. So each rim pixel
 * takes the colour of the nearest pixel the mask is sure of (alpha >= `sure`), found by a breadth-first search
 * from the sure body outward; its alpha is kept, so the edge stays soft. Pixels the search cannot reach from the
 * body (a loose faint scrap) keep their own colour.
 */

/** Alpha from which a pixel counts as surely car. */
export const SURE_ALPHA = 250;

/**
 * In place, on an RGBA crop (4 bytes a pixel, alpha in the 4th). Returns how many rim pixels were recoloured.
 * O(pixels): each pixel is visited once.
 */
export function decontaminateEdges(rgba: Uint8Array, width: number, height: number, sure = SURE_ALPHA): number {
  const n = width * height;
  // source[i]: the sure pixel whose colour pixel i takes (-1: none yet).
  const source = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  const rim = (i: number) => rgba[4 * i + 3]! > 0 && rgba[4 * i + 3]! < sure;
  for (let i = 0; i < n; i++) {
    if (rgba[4 * i + 3]! < sure) continue;
    source[i] = i;
    const x = i % width;
    // Only sure pixels that border the rim start the search; the body's inside has nothing to give.
    if ((x > 0 && rim(i - 1)) || (x < width - 1 && rim(i + 1)) || (i >= width && rim(i - width)) || (i + width < n && rim(i + width))) queue[tail++] = i;
  }
  let recoloured = 0;
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % width;
    const from = source[i]!;
    for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
      if (j < 0 || j >= n || source[j] !== -1 || !rim(j)) continue;
      source[j] = from;
      rgba[4 * j] = rgba[4 * from]!;
      rgba[4 * j + 1] = rgba[4 * from + 1]!;
      rgba[4 * j + 2] = rgba[4 * from + 2]!;
      recoloured++;
      queue[tail++] = j;
    }
  }
  return recoloured;
}
