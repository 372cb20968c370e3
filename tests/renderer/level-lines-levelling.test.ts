/**
 * A front or rear view's contacts turn it only where the car's level lines lean as they slope (issue 38 item 3,
 * local/levelling.ts `levelLinesTilt`, `levelLinesDisagree`): seen square on, a bumper's, lamps' and plate's edges are
 * parallel to the photo, so no perspective slopes them. The committed Lexus ES rear, level, whose cut-out keeps the
 * shade under its tyres, was turned 0.82 degrees by the shade's corners; it is left as shot (the drawn rear below keeps
 * that case: its contacts slope by a longer shade under one tyre). A rear tilted 4 degrees
 * either way, its lines leaning with its contacts, is still levelled.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { preparePhotos, type PreparedPhoto } from '../../functions/src/renderer/local/local-renderer';
import { levelCar, levelLinesTilt, tyreContacts } from '../../functions/src/renderer/local/levelling';
import { turnedDrawing } from '../support/turned-drawing';

const lexus = readFileSync(resolve(import.meta.dirname, '../fixtures/vision/lexus-es-champagne-rear-street.jpg'));
let prepared: PreparedPhoto;

beforeAll(async () => {
  [prepared] = (await preparePhotos([{ id: 'lexus', bytes: lexus, angle: 'rear' }])) as [PreparedPhoto];
}, 120_000);

/**
 * A drawn rear view: a body with level lines drawn soft (a bumper, a lamp band, a plate: a 3 px ramp each side, as a
 * photo's are) on two tyres, the right one `drop` px longer (a shade kept under it), all turned `tilt` degrees
 * clockwise about the frame's centre.
 */
function rearView(tilt: number, drop = 0) {
  const W = 900, H = 500;
  const band = (d: number) => Math.min(1, Math.max(0, 1 - (Math.abs(d) - 1) / 3));
  const draw = (x: number, y: number): [boolean, number] => {
    // Each tyre's bottom pointed (its contact in its middle, as the hull finds it), down to 390 px or, the right one,
    // `drop` px lower.
    const tyre = (cx: number, low: number) => Math.abs(x - cx) < 45 && y >= 330 && y < low - 0.5 * Math.abs(x - cx);
    if (tyre(215, 390) || tyre(685, 390 + drop)) return [true, 30];
    if (x < 150 || x >= 750 || y < 150 || y >= 330) return [false, 128];
    const plate = x >= 390 && x < 510 && y >= 250 && y < 290 ? 0.6 * Math.max(band(y - 250), band(y - 290)) : 0;
    return [true, 200 - 150 * Math.max(band(y - 210), band(y - 235), band(y - 305), plate)];
  };
  return turnedDrawing(W, H, tilt, draw);
}

describe("a front or rear view's level lines", () => {
  it('leave the Lexus ES rear as shot: its level lines read level, and it is not turned as a rear or as a side', () => {
    const { photo, mask } = prepared;
    const lines = levelLinesTilt(photo, mask)!;
    expect(Math.abs(lines.degrees), String(lines.degrees)).toBeLessThan(0.3);
    // Tagged as a rear, and as a side (its overhangs even: a side seen square on).
    for (const angle of ['rear', 'left_side'] as const) expect(levelCar(photo, mask, angle).degrees, angle).toBe(0);
  });

  it('leave a drawn rear as drawn whose right tyre stands on a longer shade, and level one tilted 4 degrees either way', () => {
    const shaded = rearView(0, 8);
    expect(tyreContacts(shaded.mask)!.degrees).toBeGreaterThan(0.5);
    expect(levelCar(shaded.photo, shaded.mask, 'rear')).toMatchObject({ degrees: 0, skipped: 'level lines disagree' });
    for (const tilt of [4, -4]) {
      const { photo, mask } = rearView(tilt);
      const lines = levelLinesTilt(photo, mask)!;
      expect(Math.abs(lines.degrees - tilt), String(lines.degrees)).toBeLessThan(0.5);
      const levelled = levelCar(photo, mask, 'rear');
      expect(Math.abs(levelled.degrees + tilt), String(levelled.degrees)).toBeLessThan(0.5);
    }
  });
});
