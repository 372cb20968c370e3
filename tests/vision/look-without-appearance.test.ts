/**
 * The renderer's look at a photo skips the car's paint and shape (local-vision.ts, `appearance: false`): nothing it
 * keeps reads them. Everything else it answers must be what the full look answers. A drawn car and a fixed detection
 * (no model): the option's effect, cheaply.
 */
import { describe, expect, it } from 'vitest';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import type { DecodedPhoto } from '../../functions/src/renderer/photo-validation';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import type { Detection } from '../../functions/src/vision/port';

const W = 480;
const H = 300;
const body = { left: 80, top: 110, right: 400, bottom: 230 };

/** A blue car body with a cabin and two dark wheels on grey ground, and its mask. */
function drawnCar(): { photo: DecodedPhoto; mask: CleanMask } {
  const rgb = Buffer.alloc(W * H * 3, 150);
  const alpha = new Uint8Array(W * H);
  const paint = (x0: number, y0: number, x1: number, y1: number, colour: number[]) => {
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        rgb.set(colour, (y * W + x) * 3);
        alpha[y * W + x] = 255;
      }
  };
  paint(body.left, body.top + 30, body.right, body.bottom - 20, [30, 60, 170]);
  paint(150, body.top, 330, body.top + 30, [40, 70, 160]);
  paint(110, body.bottom - 20, 160, body.bottom, [20, 20, 20]);
  paint(320, body.bottom - 20, 370, body.bottom, [20, 20, 20]);
  const area = alpha.reduce((n, a) => n + (a ? 1 : 0), 0);
  const photo: DecodedPhoto = { type: 'jpeg', originalWidth: W, originalHeight: H, rgb, width: W, height: H };
  return { photo, mask: { alpha, width: W, height: H, box: { ...body }, areaFraction: area / (W * H), removedFraction: 0 } };
}

const car: Detection = { label: 'car', score: 0.9, box: { left: 70 / W, top: 100 / H, right: 410 / W, bottom: 240 / H }, look: [1, 2, 3] };
const detector = { warmUp: async () => undefined, detectVehicles: async () => [{ ...car, box: { ...car.box } }] };
const vision = new LocalVision(async () => drawnCar().mask, detector);

describe('the look without the car’s appearance', () => {
  it('answers the same verdict, angle, mask and features as the full look, only without the paint and shape', async () => {
    const full = await vision.lookClosely(drawnCar().photo, { mask: drawnCar().mask });
    const lean = await vision.lookClosely(drawnCar().photo, { mask: drawnCar().mask, appearance: false });
    expect(full.sighting.ok).toBe(true);
    if (!full.sighting.ok || !lean.sighting.ok) throw new Error('the drawn car was refused');
    // The full look measured the paint (a blue) and kept the detector's look: there was something to skip.
    expect(full.sighting.appearance?.paint[2]).toBeLessThan(-20);
    expect(full.sighting.appearance?.look).toEqual([1, 2, 3]);
    expect('appearance' in lean.sighting).toBe(false);
    const { appearance: _, ...rest } = full.sighting;
    expect(lean.sighting).toEqual(rest);
    expect(lean.mask).toEqual(full.mask);
    expect(lean.features).toEqual(full.features);
  });
});
