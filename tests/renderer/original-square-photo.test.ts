/**
 * Original location, blurred (issue 38 item 6), on a square or tall photo: a car tall in its photo is drawn smaller so
 * it fits the 3:2 frame's height, and the photo no longer reaches the frame's sides. Beyond them the place goes on out
 * of focus: never a mirror image, and no row of the photo's edge stretched across as a streak.
 */
import { describe, expect, it } from 'vitest';
import { STAGE } from '../../functions/src/renderer/scenes/rendered-studio';
import { sceneBackdrop } from '../../functions/src/renderer/scenes/scene-backdrop';
import { asShotFraming, composeCar } from '../../functions/src/renderer/local/compositor';

/**
 * A square photo (1200x1200), grey, its car a dark box 1100 rows tall. Its 40 columns at each edge are light and dark
 * stripes 60 rows tall (a fence, a row of lamps): stretched sideways they would streak the frame. A red band 100-170
 * columns in from its left edge and a blue one as far in from its right: a mirror would repeat them beyond the edge.
 */
function squarePhoto() {
  const n = 1200;
  const box = { left: 300, top: 50, right: 900, bottom: 1150 };
  const rgb = Buffer.alloc(n * n * 3, 120);
  for (let y = 0; y < n; y++) {
    const stripe = Math.floor(y / 60) % 2 ? 160 : 80;
    for (const x0 of [0, n - 40]) rgb.fill(stripe, 3 * (y * n + x0), 3 * (y * n + x0 + 40));
    for (let x = 100; x < 170; x++) rgb.set([210, 40, 40], 3 * (y * n + x));
    for (let x = n - 170; x < n - 100; x++) rgb.set([40, 40, 210], 3 * (y * n + x));
  }
  const alpha = new Uint8Array(n * n);
  for (let y = box.top; y < box.bottom; y++) for (let x = box.left; x < box.right; x++) (alpha[y * n + x] = 255), rgb.set([30, 30, 35], 3 * (y * n + x));
  const area = (box.right - box.left) * (box.bottom - box.top);
  return {
    photo: { type: 'jpeg' as const, originalWidth: n, originalHeight: n, rgb, width: n, height: n },
    mask: { alpha, width: n, height: n, box, areaFraction: area / (n * n), removedFraction: 0 },
  };
}

describe('original location, blurred: beyond a square photo\'s sides', () => {
  it.each([false, true])('the place goes on out of focus: no mirrored band, no streak of the edge\'s rows (mirrored angle: %s)', async (mirror) => {
    const { photo, mask } = squarePhoto();
    const W = STAGE.width, H = STAGE.height;
    const framing = asShotFraming(photo, mask.box, W, H);
    const s = framing.scale;
    const photoLeft = framing.left, photoRight = framing.left + photo.width * s;
    // The car fits the frame's height: the photo is narrower than the frame, 0.15 of it short on each side.
    expect(photoLeft).toBeGreaterThan(W * 0.13);
    expect(W - photoRight).toBeGreaterThan(W * 0.13);

    const source = await sceneBackdrop('original', mirror ? 'front_right_corner' : 'front_left_corner', undefined, { photo, mask, ...STAGE });
    const composed = await composeCar(photo, mask, source!, { mirror });
    const at = (x: number, y: number, c: number) => composed.rgb[3 * (Math.round(y) * W + Math.round(x)) + c]!;
    /** The strongest colour (red or blue against green) over columns [x0, x1), sampled down the frame. */
    const tint = (x0: number, x1: number) => {
      let worst = 0;
      for (let x = Math.round(x0); x < Math.round(x1); x += 2)
        for (let y = 24; y < H - 24; y += 12) worst = Math.max(worst, at(x, y, 0) - at(x, y, 1), at(x, y, 2) - at(x, y, 1));
      return worst;
    };
    /** How far the green channel swings down column x (its largest minus its smallest value, rows 40 to H - 40). */
    const swing = (x: number) => {
      let lo = 255, hi = 0;
      for (let y = 40; y < H - 40; y += 2) (lo = Math.min(lo, at(x, y, 1))), (hi = Math.max(hi, at(x, y, 1)));
      return hi - lo;
    };

    // The bands where the photo has them (out of focus, still clearly coloured; a mirrored angle has the blue one on
    // the left); a mirror would repeat each as far beyond the photo's edge as it lies inside it.
    const left = tint(photoLeft + 110 * s, photoLeft + 160 * s);
    const right = tint(photoRight - 160 * s, photoRight - 110 * s);
    expect(left).toBeGreaterThan(50);
    expect(right).toBeGreaterThan(50);
    expect(tint(0, photoLeft - 90 * s), 'a coloured copy left of the photo').toBeLessThan(left / 5);
    expect(tint(photoRight + 90 * s, W), 'a coloured copy right of the photo').toBeLessThan(right / 5);

    // The stripes show where the photo has them (out of focus); beyond its edge they fade out: a third of their swing
    // half way to the frame's edge, a sixth at the frame's edge (a stretched edge keeps them across the whole band).
    for (const [edge, outward] of [[photoLeft, -1], [photoRight, 1]] as const) {
      const inside = swing(edge - outward * 20 * s);
      expect(inside).toBeGreaterThan(30);
      const frameEdge = outward < 0 ? 4 : W - 5;
      expect(swing((edge + frameEdge) / 2), `streaks half way to the frame's edge (${outward < 0 ? 'left' : 'right'})`).toBeLessThan(inside / 3);
      expect(swing(frameEdge), `streaks at the frame's edge (${outward < 0 ? 'left' : 'right'})`).toBeLessThan(inside / 6);
      // And the band keeps the edge's own colour (the stripes' mean), neither darkened nor washed out.
      for (const y of [H * 0.25, H * 0.5, H * 0.75]) expect(Math.abs(at(frameEdge, y, 1) - 120), `the frame's edge at row ${y}`).toBeLessThan(12);
    }
  });
});
