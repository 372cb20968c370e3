/**
 * The band of ground under the car (functions/src/renderer/cutout/ground-band.ts): u2netp takes the dark ground under
 * the Toyota Camry's rear bumper, between its tyres, for car (its mask fades slowly there), and the cut-out kept it as
 * a dark band hanging under the bumper. The cut takes it; the tyres and the bumper stay. A car seen from the side (the
 * Genesis, its underside clear of the line through its tyres) is left exactly as the clean-up made it. Where the model
 * was sure of the shade (the Lexus ES from behind: no slow fade), the smooth dark run under the bumper is cut too.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cutGroundBand } from '../../functions/src/renderer/cutout/ground-band';
import { cleanMask, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { U2netpCutout } from '../../functions/src/renderer/cutout/u2netp-cutout';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';

const photoOf = (name: string) => decodePhoto(readFileSync(resolve(import.meta.dirname, '../fixtures/vision', name)));
/** Share of a rectangle's pixels that are solid car (alpha 128 and up). */
const solid = (mask: CleanMask, l: number, t: number, r: number, b: number) => {
  let n = 0;
  let s = 0;
  for (let y = t; y < b; y++) for (let x = l; x < r; x++) (n++, mask.alpha[y * mask.width + x]! >= 128 && s++);
  return s / n;
};

describe('cut-out: the ground band under the car', () => {
  const cutter = new U2netpCutout();

  it('cuts the dark ground under the Camry rear bumper between its tyres, keeping tyres and bumper', async () => {
    const photo = await photoOf('toyota-camry-white-rear-street.jpg');
    expect([photo.width, photo.height]).toEqual([640, 373]);
    const soft = await cutter.softMask(photo);
    const before = cleanMask(soft, photo.width, photo.height);
    const after = await cutter.cutOut(photo);
    // The band under the bumper, between the tyres (by eye: the road in shadow, y 290-300): mostly car before.
    expect(solid(before, 220, 290, 400, 300)).toBeGreaterThan(0.8);
    expect(solid(after, 220, 290, 400, 300)).toBeLessThan(0.2);
    // The tyres down to the ground and the bumper above the band stay whole.
    expect(solid(after, 155, 280, 195, 308)).toBe(1);
    expect(solid(after, 425, 275, 465, 300)).toBe(1);
    expect(solid(after, 200, 240, 420, 265)).toBe(1);
    expect(after.box.bottom).toBe(before.box.bottom); // the tyres' contacts: the car still stands where it stood
    // Ground, not an object: the dealer's "objects removed" note does not count it.
    expect(after.removedFraction).toBe(before.removedFraction);
  }, 30_000);

  it('cuts the shade under the Lexus ES rear bumper that the model was sure of, keeping tyres and bumper', async () => {
    // u2netp fills the shade between the tyres solid, down to the shadow's edge on the road level with the tyres: no
    // slow fade for the band cut above; the shade is smooth and darker than the bumper's lower edge above it.
    const photo = await photoOf('lexus-es-champagne-rear-street.jpg');
    expect([photo.width, photo.height]).toEqual([640, 427]);
    const before = cleanMask(await cutter.softMask(photo), photo.width, photo.height);
    const after = cutGroundBand(before, photo);
    // The shade under the bumper between the tyres (by eye: y 330-395, x 200-440): car before, ground after.
    expect(solid(before, 200, 330, 440, 395)).toBeGreaterThan(0.95);
    expect(solid(after, 200, 330, 440, 395)).toBeLessThan(0.05);
    // The tyres down to the ground, the bumper and its lower edge stay whole.
    expect(solid(after, 130, 330, 160, 380)).toBe(1);
    expect(solid(after, 485, 330, 520, 380)).toBe(1);
    expect(solid(after, 160, 270, 480, 312)).toBe(1);
    // The shade inward of each tyre, a little lighter than its rubber (by eye: x 180-188 and 466-477), is cut too: kept,
    // it stood the tyre's full height beside it and the car read as on stilts in a scene (issue 38).
    expect(solid(before, 180, 330, 188, 380)).toBe(1);
    expect(solid(after, 180, 330, 188, 380)).toBeLessThan(0.05);
    expect(solid(before, 466, 330, 477, 380)).toBe(1);
    expect(solid(after, 466, 330, 477, 380)).toBeLessThan(0.05);
    // The shade's rows under each tyre's rubber (which ends by eye at rows 386 and 385) are cut; the rubber stays.
    expect(solid(before, 150, 389, 172, 391)).toBe(1);
    expect(solid(after, 150, 389, 172, 391)).toBeLessThan(0.05);
    expect(solid(before, 484, 386, 520, 388)).toBe(1);
    expect(solid(after, 484, 386, 520, 388)).toBeLessThan(0.05);
    expect(solid(after, 130, 370, 170, 386)).toBe(1);
    expect(solid(after, 485, 370, 520, 386)).toBe(1);
    expect(after.removedFraction).toBe(before.removedFraction);
  }, 30_000);

  it('ends the tyres of a car standing in solid shade at their rubber, not at the edge of the shade below them', () => {
    // A drawn rear view: a light body, a bumper whose lower edge is at row 160, two round-bottomed tyres (rubber 17,
    // last row 195) and the shade under the car filled in solid by the mask down to its edge on the road (row 203),
    // 21 between the tyres and under them growing from 22 to 30 towards the road, as under the Lexus ES rear. Kept,
    // those rows under each tyre were drawn as a black slab below it (the car on stilts, issue 38).
    const w = 320, h = 240, rgb = Buffer.alloc(w * h * 3), alpha = new Uint8Array(w * h);
    const tyres = [[62, 92], [228, 258]] as const;
    const rubberEnds = (x: number) => {
      for (const [l, r] of tyres) {
        if (x < l || x >= r) continue;
        const edge = Math.min(x - l, r - 1 - x); // the bottom's corners round off over 6 columns
        return edge >= 6 ? 195 : 195 - Math.round(6 - Math.sqrt(36 - (6 - edge) ** 2));
      }
      return -1;
    };
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        let v = 60; // the lit road
        if (x >= 60 && x < 260 && y >= 20 && y <= 160) v = 120; // the body and bumper
        else if (x >= 62 && x < 258 && y > 160 && y <= 203) {
          const end = rubberEnds(x);
          v = y <= end ? 17 : end >= 0 ? 22 + Math.round(((y - 196) * 8) / 7) : y > 196 ? 22 + (y - 196) : 21;
        }
        v += ((x * 7 + y * 13) % 3) - 1; // a level of noise, as in a JPEG
        rgb.set([v, v, v], 3 * (y * w + x));
        if ((x >= 60 && x < 260 && y >= 20 && y <= 160) || (x >= 62 && x < 258 && y > 160 && y <= 203)) alpha[y * w + x] = 255;
      }
    const before: CleanMask = { alpha, width: w, height: h, box: { left: 60, top: 20, right: 260, bottom: 204 }, areaFraction: 0.4, removedFraction: 0 };
    const after = cutGroundBand(before, { rgb, width: w, height: h });
    // The shade between the tyres is cut at the bumper.
    expect(solid(after, 110, 170, 210, 200)).toBe(0);
    // Under each tyre's middle the shade's rows are cut; the rubber stays down to its last row.
    for (const [l, r] of tyres) {
      expect(solid(before, l + 6, 198, r - 6, 204)).toBe(1);
      expect(solid(after, l + 6, 198, r - 6, 204)).toBe(0);
      expect(solid(after, l + 6, 162, r - 6, 196)).toBe(1);
    }
  });

  it('leaves a car seen from the side alone (its sills and tyres)', async () => {
    const photo = await photoOf('hyundai-genesis-black-side-hillside.jpg');
    const before = cleanMask(await cutter.softMask(photo), photo.width, photo.height);
    expect(cutGroundBand(before, photo)).toBe(before);
  }, 30_000);
});
