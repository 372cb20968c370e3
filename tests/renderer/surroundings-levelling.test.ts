/**
 * A corner view whose upright edges do not read one clear lean, and whose nearest wheel does not confirm them, is
 * levelled when the photo's surroundings do (issue 38 item 3, local/levelling.ts `surroundingsTilt`,
 * `surroundingsAgree`): the committed Cupra corner on a street (its creased doors and raked pillars read several leans,
 * its wheel's spokes another) turned 4 degrees either way, as a crooked phone would take it, comes back to within a
 * degree through the buildings behind it, and the photo as shot is not turned. A plain backdrop (a turntable's) has
 * nothing upright to read and is never used.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { preparePhotos, renderPrepared, type PreparedPhoto } from '../../functions/src/renderer/local/local-renderer';
import { levelCar, surroundingsAgree, surroundingsTilt, SURROUNDINGS_WEIGHT, wheelAgrees } from '../../functions/src/renderer/local/levelling';

const cupra = readFileSync(resolve(import.meta.dirname, '../fixtures/cars/cupra-born-grey-front34-street.jpg'));
/** The photo turned `degrees` clockwise about its centre: what a camera held crooked does. */
const tilted = (degrees: number) => sharp(cupra).rotate(degrees, { background: '#808080' }).jpeg({ quality: 92 }).toBuffer();

const prepared = new Map<string, PreparedPhoto>();

beforeAll(async () => {
  const ids = ['cupra', 'cupra+4', 'cupra-4'];
  const photos = await preparePhotos([
    { id: ids[0]!, bytes: cupra, angle: 'front_left_corner' },
    { id: ids[1]!, bytes: await tilted(4), angle: 'front_left_corner' },
    { id: ids[2]!, bytes: await tilted(-4), angle: 'front_left_corner' },
  ]);
  ids.forEach((id, i) => prepared.set(id, photos[i]!));
}, 180_000);

describe('a corner view levelled by its surroundings and its uprights together', () => {
  it('turns the Cupra tilted 4 degrees either way back to within a degree, where neither the uprights nor the wheel alone did', async () => {
    for (const [id, tilt] of [['cupra+4', 4], ['cupra-4', -4]] as const) {
      const { photo, mask, angle } = prepared.get(id)!;
      const read = levelCar(photo, mask, angle);
      // The wheel does not confirm the uprights' lean ...
      expect(read.wheel && wheelAgrees(read.upright!, read.wheel), JSON.stringify(read.wheel)).toBeFalsy();
      // ... the street behind the car does, and the turn takes the tilt back to within a degree.
      expect(surroundingsAgree(read.upright!, read.surroundings!), JSON.stringify(read.surroundings)).toBe(true);
      expect(Math.abs(tilt + read.degrees), `${id}: ${read.degrees}`).toBeLessThan(1);
    }
    // The render carries the turn.
    const image = await renderPrepared([prepared.get('cupra-4')!], 'front_left_corner', 'studio');
    expect(Math.abs(-4 + image.composed.levelledDegrees!)).toBeLessThan(1);
  }, 60_000);

  it('leaves the Cupra as shot alone: its street stands upright', () => {
    const { photo, mask, angle } = prepared.get('cupra')!;
    const read = levelCar(photo, mask, angle);
    expect(Math.abs(read.surroundings!.degrees)).toBeLessThan(1);
    expect(read.degrees).toBe(0);
  });

  it('reads nothing from a plain backdrop', () => {
    // A car-shaped cut-out on a flat grey photo with faint noise: no upright edges off the car.
    const W = 600, H = 400;
    const alpha = new Uint8Array(W * H);
    for (let y = 150; y < 320; y++) for (let x = 150; x < 450; x++) alpha[y * W + x] = 255;
    const rgb = Buffer.alloc(W * H * 3);
    for (let i = 0; i < rgb.length; i++) rgb[i] = 200 + ((i * 7919) % 5);
    const read = surroundingsTilt({ rgb, width: W }, { alpha, width: W, height: H });
    expect(read === undefined || read.weights.some((weight) => weight < SURROUNDINGS_WEIGHT)).toBe(true);
  });
});
