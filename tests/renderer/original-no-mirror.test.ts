/**
 * Original location, blurred (issue 38, must hold): where the car is shrunk so that the photo no longer fills the
 * frame, the backdrop beyond the photo is its edge rows stretched, never a mirror image of the photo.
 */
import { describe, expect, it } from 'vitest';
import { STAGE } from '../../functions/src/renderer/scenes/rendered-studio';
import { sceneBackdrop } from '../../functions/src/renderer/scenes/scene-backdrop';
import { asShotFraming, composeCar } from '../../functions/src/renderer/local/compositor';

/**
 * A 3:1 photo (3000x1000) whose car fills its width: drawn whole in the 3:2 frame, the photo is shrunk to half of what
 * would cover the frame, and the frame's top and bottom thirds lie beyond it. The photo's own rows: grey, with a red
 * band 100-170 rows below its top edge and a blue band 100-170 rows above its bottom edge; the car a dark box.
 */
function widePhoto(stripes = false) {
  const w = 3000, h = 1000;
  const box = { left: 60, top: 330, right: 2940, bottom: 820 };
  const rgb = Buffer.alloc(w * h * 3, 120);
  for (let y = 100; y < 170; y++) for (let x = 0; x < w; x++) rgb.set([210, 40, 40], 3 * (y * w + x));
  for (let y = h - 170; y < h - 100; y++) for (let x = 0; x < w; x++) rgb.set([40, 40, 210], 3 * (y * w + x));
  // Light and dark stripes 160 px wide down its top 40 rows (a fence, a kerb's stones): stretched upward they would
  // streak the sky.
  if (stripes) for (let y = 0; y < 40; y++) for (let x = 0; x < w; x++) rgb.fill(Math.floor(x / 160) % 2 ? 160 : 80, 3 * (y * w + x), 3 * (y * w + x) + 3);
  const alpha = new Uint8Array(w * h);
  for (let y = box.top; y < box.bottom; y++) for (let x = box.left; x < box.right; x++) (alpha[y * w + x] = 255), rgb.set([30, 30, 35], 3 * (y * w + x));
  const area = (box.right - box.left) * (box.bottom - box.top);
  return {
    photo: { type: 'jpeg' as const, originalWidth: w, originalHeight: h, rgb, width: w, height: h },
    mask: { alpha, width: w, height: h, box, areaFraction: area / (w * h), removedFraction: 0 },
  };
}

describe('original location, blurred: no mirrored edge', () => {
  it.each([false, true])('a car shrunk to half the frame (mirrored angle: %s): beyond the photo\'s edges only its edge rows, stretched', async (mirror) => {
    const { photo, mask } = widePhoto();
    const W = STAGE.width, H = STAGE.height;
    const framing = asShotFraming(photo, mask.box, W, H);
    const cover = Math.max(W / photo.width, H / photo.height);
    // Shrunk to about half: the photo covers about half the frame's height, centred.
    expect(framing.scale / cover).toBeGreaterThan(0.45);
    expect(framing.scale / cover).toBeLessThan(0.55);
    const photoTop = framing.top, photoBottom = framing.top + photo.height * framing.scale;
    expect(photoTop).toBeGreaterThan(H * 0.2);
    expect(photoBottom).toBeLessThan(H * 0.8);

    const source = await sceneBackdrop('original', mirror ? 'front_right_corner' : 'front_left_corner', undefined, { photo, mask, ...STAGE });
    const composed = await composeCar(photo, mask, source!, { mirror });
    /** The strongest red (r - g) or blue (b - g) over rows [y0, y1), sampled across the frame. */
    const tint = (y0: number, y1: number, channel: 0 | 2) => {
      let worst = 0;
      for (let y = Math.max(0, Math.round(y0)); y < Math.min(H, Math.round(y1)); y += 2)
        for (let x = 24; x < W - 24; x += 12) {
          const i = 3 * (y * W + x);
          worst = Math.max(worst, composed.rgb[i + channel]! - composed.rgb[i + 1]!);
        }
      return worst;
    };
    const s = framing.scale;
    // The bands where the photo has them (out of focus, still clearly coloured).
    const red = tint(photoTop + 110 * s, photoTop + 160 * s, 0);
    const blue = tint(photoBottom - 160 * s, photoBottom - 110 * s, 2);
    expect(red).toBeGreaterThan(50);
    expect(blue).toBeGreaterThan(50);
    // A mirror image would put each band as far beyond the photo's edge as it lies inside it: there, and all the way to
    // the frame's edge, only the grey of the photo's edge rows (the blur's spill from the band fades well before).
    expect(tint(0, photoTop - 90 * s, 0), 'a red copy above the photo').toBeLessThan(red / 5);
    expect(tint(photoBottom + 90 * s, H, 2), 'a blue copy below the photo').toBeLessThan(blue / 5);
    // Beyond the photo, each column keeps the photo's edge colour: the frame's first and last rows are its grey.
    for (const y of [2, H - 3])
      for (const x of [40, W / 2, W - 40]) {
        const i = 3 * (y * W + x);
        for (let c = 0; c < 3; c++) expect(Math.abs(composed.rgb[i + c]! - 120), `row ${y}, column ${x}`).toBeLessThan(10);
      }
  });

  it('beyond the photo, its edge row is smoothed along the row, more the further out: no streaks down the frame', async () => {
    const { photo, mask } = widePhoto(true);
    const W = STAGE.width;
    const framing = asShotFraming(photo, mask.box, W, STAGE.height);
    const source = await sceneBackdrop('original', 'front_left_corner', undefined, { photo, mask, ...STAGE });
    const composed = await composeCar(photo, mask, source!, { mirror: false });
    /** How far the luma swings along rows [y0, y1) (the largest minus the smallest of the rows' column means). */
    const swing = (y0: number, y1: number) => {
      const columns: number[] = [];
      for (let x = 40; x < W - 40; x += 4) {
        let sum = 0;
        for (let y = Math.round(y0); y < Math.round(y1); y++) sum += composed.rgb[3 * (y * W + x) + 1]!;
        columns.push(sum / (Math.round(y1) - Math.round(y0)));
      }
      return Math.max(...columns) - Math.min(...columns);
    };
    const top = framing.top;
    // The stripes show where the photo has them (out of focus), and fade out above it: at the frame's top, a third at most.
    const inside = swing(top + 2, top + 12);
    expect(inside).toBeGreaterThan(15);
    expect(swing(0, 20), 'streaks at the frame\'s top').toBeLessThan(inside / 3);
    expect(swing(top * 0.4, top * 0.5), 'streaks half way to the photo').toBeLessThan(inside / 2);
  });
});
