/**
 * The roof line across a notch the model left in it (the white Buick Regal's grey roof between the C-pillar and
 * the aerial, against a grey-blue sea): drawn photos and masks, no model.
 */
import { describe, expect, it } from 'vitest';
import { solidExtent, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { fillRoofNotches } from '../../functions/src/renderer/cutout/roof-notch';

const W = 400;
const H = 240;
const SEA = [62, 75, 93];
const ROOF = [145, 140, 150];
const BODY = [235, 228, 222];

/** A car from x 40 to 360, its grey roof from row 60 to 80, white body below; the sea around. */
function photo(notchColour = ROOF): Uint8Array {
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const car = x >= 40 && x < 360 && y >= 60 && y < 220;
      const inNotch = x >= 160 && x < 220 && y >= 60 && y < 75;
      rgb.set(!car ? SEA : inNotch ? notchColour : y < 80 ? ROOF : BODY, 3 * (y * W + x));
    }
  return rgb;
}

/** The car's mask with the roof missing over x 160-220 down to row 75 (the model's notch). */
function mask(): CleanMask {
  const alpha = new Uint8Array(W * H);
  for (let y = 60; y < 220; y++) for (let x = 40; x < 360; x++) if (!(x >= 160 && x < 220 && y < 75)) alpha[y * W + x] = 255;
  const { box, area } = solidExtent(alpha, W, H);
  return { alpha, width: W, height: H, box, areaFraction: area / (W * H), removedFraction: 0 };
}

const solid = (m: CleanMask, x0: number, x1: number, y0: number, y1: number) => {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (m.alpha[y * W + x]! >= 128) n++;
  return n;
};

describe('the roof line across a notch', () => {
  it('fills a notch in the roof whose pixels are the roof, not the background', () => {
    const filled = fillRoofNotches(mask(), { rgb: Buffer.from(photo()), width: W, height: H });
    expect(solid(filled, 160, 220, 60, 75)).toBe(60 * 15);
    expect(solid(filled, 0, W, 0, 60)).toBe(0); // nothing of the sea above the roof
    expect(filled.box.top).toBe(60);
    expect(filled.areaFraction).toBeCloseTo((320 * 160) / (W * H), 6);
  });

  it('leaves a notch that shows the background', () => {
    const filled = fillRoofNotches(mask(), { rgb: Buffer.from(photo(SEA)), width: W, height: H });
    expect(solid(filled, 160, 220, 0, 75)).toBe(0);
  });
});
