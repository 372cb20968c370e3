/**
 * A corner (3/4) view photographed on a slope, or with the phone held crooked, is levelled by the car's upright edges
 * (issue 38 item 3, local/levelling.ts `uprightTilt`): the committed E30 corner photo turned 4 degrees either way renders
 * as the photo as shot renders (the roof line at the same angle within a degree, the car on the scene's ground row), and
 * the photo as shot, level, is not turned. Side views: ground-levelling.test.ts.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { preparePhotos, renderPrepared, type PreparedPhoto } from '../../functions/src/renderer/local/local-renderer';
import { CLEAR_PEAK, levelCar, uprightTilt } from '../../functions/src/renderer/local/levelling';
import { lowestRows } from './ground-probes';

const e30Bytes = readFileSync(resolve(import.meta.dirname, '../fixtures/cars/bmw-e30-silver-front34-show-5220px.jpg'));
/** The photo turned `degrees` clockwise about its centre: what a camera held crooked does. */
const tilted = (degrees: number) => sharp(e30Bytes).rotate(degrees, { background: '#808080' }).jpeg({ quality: 92 }).toBuffer();

const prepared = new Map<number, PreparedPhoto>();

beforeAll(async () => {
  const photos = await preparePhotos([
    { id: 'e30', bytes: e30Bytes, angle: 'front_right_corner' },
    { id: 'e30-plus4', bytes: await tilted(4), angle: 'front_right_corner' },
    { id: 'e30-minus4', bytes: await tilted(-4), angle: 'front_right_corner' },
    { id: 'ioniq', bytes: readFileSync(resolve(import.meta.dirname, '../fixtures/cars/hyundai-ioniq5-silver-front34-grass.jpg')), angle: 'front_left_corner' },
  ]);
  [0, 4, -4, NaN].forEach((degrees, i) => prepared.set(degrees, photos[i]!));
}, 120_000);

/** The angle (degrees, clockwise positive) of the rendered car's roof line: the longest run of its outline's upper hull. */
function roofLine(alpha: Uint8Array, W: number, H: number): number {
  const top: Array<[number, number]> = [];
  for (let x = 0; x < W; x++)
    for (let y = 0; y < H; y++)
      if (alpha[y * W + x]! >= 128) {
        top.push([x, y]);
        break;
      }
  // The upper convex hull, y growing downwards.
  const hull: Array<[number, number]> = [];
  for (const p of top) {
    while (hull.length >= 2) {
      const [ax, ay] = hull[hull.length - 2]!, [bx, by] = hull[hull.length - 1]!;
      if ((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) <= 0) hull.pop();
      else break;
    }
    hull.push(p);
  }
  let best = 0;
  for (let i = 1; i + 1 < hull.length; i++) if (hull[i + 1]![0] - hull[i]![0] > hull[best + 1]![0] - hull[best]![0]) best = i;
  const [[ax, ay], [bx, by]] = [hull[best]!, hull[best + 1]!];
  return (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
}

describe('a corner view photographed crooked is levelled', () => {
  it('turns the E30 corner photo tilted 4 degrees either way back to the level photo\'s render, and leaves the level photo alone', async () => {
    const original = await renderPrepared([prepared.get(0)!], 'front_right_corner', 'studio');
    // The photo as shot is level: its uprights read within the noise, and nothing is turned.
    expect(Math.abs(uprightTilt(prepared.get(0)!.photo, prepared.get(0)!.mask)!.degrees)).toBeLessThan(0.5);
    expect(original.composed.levelledDegrees).toBeUndefined();
    const { carAlpha, width: W, height: H } = original.composed;
    const roof = roofLine(carAlpha, W, H);
    for (const degrees of [4, -4]) {
      const photo = prepared.get(degrees)!;
      const image = await renderPrepared([photo], 'front_right_corner', 'studio');
      // Turned back by about the tilt: what is left of it is within a degree.
      expect(image.composed.levelledDegrees, `${degrees}`).toBeDefined();
      expect(Math.abs(degrees + image.composed.levelledDegrees!), `${degrees}`).toBeLessThan(1);
      // The roof line lies as in the level photo's render (unlevelled it would differ by the 4 degrees).
      const out = image.composed;
      expect(Math.abs(roofLine(out.carAlpha, out.width, out.height) - roof), `${degrees}`).toBeLessThan(1);
      // The car stands on the scene's ground row (its nearest tyre), as the level photo's does.
      const lowest = lowestRows(out.carAlpha, out.width, out.height);
      expect(Math.abs(Math.max(...lowest) - image.metadata.scene!.groundRow), `${degrees}`).toBeLessThanOrEqual(3);
      expect(image.metadata.fidelity).toBeGreaterThan(0.85);
    }
  }, 60_000);

  it('leaves level corner photos alone, also where the uprights do not agree on one lean', () => {
    const level = prepared.get(0)!;
    expect(levelCar(level.photo, level.mask, 'front_right_corner')).toMatchObject({ degrees: 0, skipped: 'level' });
    // The Ioniq 5, on level grass: its creased doors and raked pillars lean several ways (the strongest reading is over
    // 2 degrees, but a rival lean is nearly as strong), so it is not turned.
    const ioniq = prepared.get(NaN)!;
    const read = levelCar(ioniq.photo, ioniq.mask, 'front_right_corner');
    expect(read.upright!.rival).toBeGreaterThan(CLEAR_PEAK);
    expect(read).toMatchObject({ degrees: 0, skipped: 'uprights unclear' });
  });
});
