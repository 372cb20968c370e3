/**
 * A red car from the front whose lower half is chrome and a dark grille (a 1959 Cadillac, us-car5 of the plate
 * benchmark): the main car's paint, measured over its box's lower half, reads grey, so its red bonnet reads as another
 * paint, and with the windscreen mirroring the sky (left out of the saliency mask) it shows against the background from
 * above like a car behind: the split by paint took the whole bonnet. Over the main car's middle a car behind would rise
 * to the box's top; a region starting well under it is the car's own paint.
 */
import { describe, expect, it } from 'vitest';
import { drawnCars } from './drawn-cars';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';

const W = 320;
const H = 220;
const RED = [200, 30, 38];
const CHROME = [192, 192, 198];
const GRILLE = [40, 40, 46];
const TYRE = [22, 22, 22];
const SKY = [120, 150, 200];

/** Bonnet 30..290 x 60..100, chrome and grille 30..290 x 100..190, tyres under; the windscreen (60..30) mirrors the sky. */
function mainCar(x: number, y: number): number[] | undefined {
  if (x < 30 || x >= 290) return undefined;
  if (y >= 60 && y < 100) return RED;
  if (y >= 100 && y < 190) return x >= 70 && x < 250 && y >= 115 && y < 170 && (x >> 3) % 2 ? GRILLE : CHROME;
  if (y >= 190 && y < 205 && ((x >= 50 && x < 100) || (x >= 220 && x < 270))) return TYRE;
  return undefined;
}

describe('a red car with a chrome front', () => {
  it('keeps its bonnet', () => {
    const { photo, mask, truth } = drawnCars(W, H, mainCar, () => undefined, SKY);
    // The detector's box takes in the windscreen over the bonnet.
    const main = { left: 28 / W, top: 30 / H, right: 292 / W, bottom: 206 / H };
    const out = removeOtherCars(mask, main, [], { photo });
    let bonnet = 0, kept = 0;
    for (let y = 60; y < 100; y++) for (let x = 30; x < 290; x++) if (truth[y * W + x]) (bonnet++, out.alpha[y * W + x]! >= 128 && kept++);
    // Before: none of it kept.
    expect(kept / bonnet).toBeGreaterThan(0.99);
  });
});
