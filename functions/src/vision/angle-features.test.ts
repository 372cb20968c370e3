import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CarMask } from '../renderer/fidelity/car-masker';
import { angleFeatures, type RgbPhoto } from './angle-features';

/** A committed photo (a grey Cupra Born), shrunk, with the whole frame as the car's mask (no model needed). */
async function photo(): Promise<{ photo: RgbPhoto; mask: CarMask }> {
  const file = resolve(import.meta.dirname, '../../../tests/fixtures/cars/cupra-born-grey-front34-street.jpg');
  const { data, info } = await sharp(readFileSync(file)).resize(400).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const alpha = new Uint8Array(info.width * info.height).fill(255);
  return { photo: { rgb: data, width: info.width, height: info.height }, mask: { alpha, width: info.width, height: info.height } as CarMask };
}

describe('angle features: what counts as dark', () => {
  it('counts dark colourless pixels (glass, grille, tyres) and not a deep paint of the same luma', async () => {
    const { photo: grey, mask } = await photo();
    const box = { left: 0, top: 0, right: 1, bottom: 1 };
    // The same photo in a deep red (a red car's paint has the luma of glass: about 60 and under in its shade).
    const rgb = Buffer.from(grey.rgb);
    for (let i = 0; i < rgb.length; i += 3) {
      const l = 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
      (rgb[i] = Math.min(255, 40 + 1.2 * l)), (rgb[i + 1] = 0.25 * l), (rgb[i + 2] = 0.25 * l);
    }
    const neutral = angleFeatures(grey, mask, box);
    const red = angleFeatures({ ...grey, rgb }, mask, box);
    // Where the glass, grille and tyres sit: found in the grey photo, none in its deep red paint.
    expect(neutral.darkTop + neutral.darkBottom).toBeGreaterThan(0.2);
    expect(red.darkTop).toBeLessThan(0.02);
    expect(red.darkBottom).toBeLessThan(0.02);
    expect(Math.max(...red.darkTopThirds, ...red.darkBottomThirds)).toBeLessThan(0.02);
  });
});

describe('angle features: the grille band', () => {
  /** A light grey car filling the frame, with a dark strip across the rows from `from` to `to` (fractions). */
  function strip(from: number, to: number) {
    const width = 120, height = 100;
    const rgb = Buffer.alloc(width * height * 3, 170);
    for (let y = Math.round(from * height); y < Math.round(to * height); y++) rgb.fill(20, y * width * 3, (y + 1) * width * 3);
    const alpha = new Uint8Array(width * height).fill(255);
    return angleFeatures({ rgb, width, height }, { alpha, width, height } as CarMask, { left: 0, top: 0, right: 1, bottom: 1 });
  }

  it("counts a front's grille and intake (50-80% of the height), not the dark under-body below", () => {
    const grille = strip(0.55, 0.75);
    const underBody = strip(0.8, 1);
    // The same darkness in the lower half either way: only the band tells a grille from a dark sill or cladding.
    expect(grille.darkBottom).toBeCloseTo(underBody.darkBottom, 1);
    expect(grille.darkGrille).toBeCloseTo(2 / 3, 2);
    expect(underBody.darkGrille).toBe(0);
  });
});

describe('angle features: tail lamps in a dim light', () => {
  it("counts a lamp's dark red at both ends, which the bright red of a red paint's measure misses", () => {
    // A light grey rear filling the frame, its two lamps a dim red (a car park's light) in the outer sixths.
    const width = 120, height = 100;
    const rgb = Buffer.alloc(width * height * 3, 170);
    for (let y = 40; y < 60; y++)
      for (const x0 of [4, 100])
        for (let x = x0; x < x0 + 16; x++) rgb.set([60, 20, 20], (y * width + x) * 3);
    const alpha = new Uint8Array(width * height).fill(255);
    const f = angleFeatures({ rgb, width, height }, { alpha, width, height } as CarMask, { left: 0, top: 0, right: 1, bottom: 1 });
    expect(f.redLeft + f.redRight).toBe(0);
    expect(f.lampThirds[0]).toBeGreaterThan(0.05);
    expect(f.lampThirds[2]).toBeGreaterThan(0.05);
    expect(f.lampThirds[1]).toBe(0);
  });
});

describe('angle features: where the lamps begin and end', () => {
  /** A light grey car filling the frame with a dim red lamp over each of the column ranges given (of 120). */
  function lamps(...at: Array<[number, number]>) {
    const width = 120, height = 100;
    const rgb = Buffer.alloc(width * height * 3, 170);
    for (let y = 40; y < 60; y++) for (const [x0, x1] of at) for (let x = x0; x < x1; x++) rgb.set([60, 20, 20], (y * width + x) * 3);
    const alpha = new Uint8Array(width * height).fill(255);
    return angleFeatures({ rgb, width, height }, { alpha, width, height } as CarMask, { left: 0, top: 0, right: 1, bottom: 1 });
  }

  it("spans a rear's width, and stops at a rear corner's far lamp, its flank beyond", () => {
    const rear = lamps([4, 20], [100, 116]).lampSpan;
    expect(rear[0]).toBeLessThan(0.06);
    expect(rear[1]).toBeGreaterThan(0.94);
    const corner = lamps([2, 16], [64, 74]).lampSpan;
    expect(corner[0]).toBeLessThan(0.06);
    expect(corner[1]).toBeGreaterThan(0.55);
    expect(corner[1]).toBeLessThan(0.65);
  });

  it('says nothing (the whole width) with too few red pixels to place', () => {
    expect(lamps([60, 61]).lampSpan).toEqual([0, 1]);
    expect(lamps().lampSpan).toEqual([0, 1]);
  });
});

describe('angle features: red in the middle under the roof band', () => {
  /** A light grey car filling the frame with a dim red patch in the middle third over the rows given (of 100). */
  function middle(from: number, to: number) {
    const width = 120, height = 100;
    const rgb = Buffer.alloc(width * height * 3, 170);
    for (let y = from; y < to; y++) for (let x = 50; x < 70; x++) rgb.set([60, 20, 20], (y * width + x) * 3);
    const alpha = new Uint8Array(width * height).fill(255);
    return angleFeatures({ rgb, width, height }, { alpha, width, height } as CarMask, { left: 0, top: 0, right: 1, bottom: 1 });
  }

  it("leaves out a third brake light at the roof, and counts a tailgate's or a bonnet's red below it", () => {
    const brakeLight = middle(8, 14);
    expect(brakeLight.lampThirds[1]).toBeGreaterThan(0.02);
    expect(brakeLight.lampMiddleLow).toBe(0);
    const tailgate = middle(45, 60);
    expect(tailgate.lampMiddleLow).toBeGreaterThan(tailgate.lampThirds[1]);
  });
});
