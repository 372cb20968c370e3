/**
 * Only the main car in its cut-out, and all of it: the split by paint (functions/src/vision/local/other-cars.ts) takes a
 * region of another paint rising to the outline for a car behind. An orange coupé's bonnet mirrors the sky as a pale
 * salmon (an Audi TTS in a web photo lost its bonnet's top and half its windscreen to it, cut square): a duller colour
 * of the paint's own hue is the paint, not another car's.
 */
import { describe, expect, it } from 'vitest';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';

const W = 400;
const H = 240;
type Rgb = readonly [number, number, number];

/** A side-on coupé: body, cabin with dark windows, and a patch of `bonnet` colour along the bonnet's top edge. */
function drawnCar(bonnet: Rgb) {
  const rgb = new Uint8Array(W * H * 3);
  const alpha = new Uint8Array(W * H);
  const paint = (x0: number, y0: number, x1: number, y1: number, c: Rgb, car = true) => {
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        rgb.set(c, 3 * (y * W + x));
        if (car) alpha[y * W + x] = 255;
      }
  };
  paint(0, 0, W, H, [128, 130, 134], false);
  paint(40, 100, 360, 200, [230, 110, 20]); // body
  paint(120, 60, 280, 100, [230, 110, 20]); // cabin
  paint(130, 68, 270, 96, [40, 42, 46]); // side windows
  paint(280, 100, 360, 132, bonnet); // the bonnet's top, on the outline
  let area = 0;
  for (const a of alpha) if (a) area++;
  const mask: CleanMask = { alpha, width: W, height: H, box: { left: 40, top: 60, right: 360, bottom: 200 }, areaFraction: area / (W * H), removedFraction: 0 };
  return { photo: { rgb, width: W, height: H }, mask, area };
}

const box = { left: 38 / W, top: 58 / H, right: 362 / W, bottom: 202 / H };
const keptShare = (m: CleanMask, area: number) => m.alpha.reduce((n, a) => n + (a >= 128 ? 1 : 0), 0) / area;

describe('a car whose paint mirrors the sky on its bonnet', () => {
  it('keeps its bonnet: a pale salmon of the orange paint\'s hue is the paint, not a car behind', () => {
    const { photo, mask, area } = drawnCar([251, 186, 161]);
    expect(keptShare(removeOtherCars(mask, box, [], { photo }), area)).toBe(1);
  });

  it('still reads a colour of another hue there as another paint (the split runs on it)', () => {
    // Pale blue of a like brightness and chroma: another car's paint, which the split takes off (the main car's own
    // paint seeds the rest). The case above differs only in hue.
    const { photo, mask, area } = drawnCar([150, 180, 240]);
    expect(keptShare(removeOtherCars(mask, box, [], { photo }), area)).toBeLessThan(1);
  });
});
