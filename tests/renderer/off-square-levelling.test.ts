/**
 * A side view taken a little off square is not levelled by its perspective (issue 38 item 3, local/levelling.ts
 * `slopeMayBePerspective`): walking round a car, a dealer's side photo is often 10 to 30 degrees from a true side, and
 * then the near tyre's contact lies lower in the photo than the far one's with the car standing level. The committed
 * Acura and Genesis sides as shot (each a little from the front or rear: the near end's overhang the longer) were
 * turned 0.75 and 0.89 degrees by their contacts' slope; they are left as shot. The Genesis turned 4 degrees the
 * perspective's own way (the near tyre lower still) is a slope, steeper than the perspective can make, and is still
 * levelled, back to within a degree; so is the Genesis turned 4 degrees the other way, whose tyres read 0.845 alike
 * (sides 0.87 to 0.99, corners 0.63 to 0.80: SQUARE_TYRES 0.835 between them).
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { preparePhotos, renderPrepared, type PreparedPhoto } from '../../functions/src/renderer/local/local-renderer';
import { bothCuesLean, levelCar, perspectiveSlope, readsSquareOn, slopeMayBePerspective, SQUARE_TYRES, tyreContacts, wheelAgrees } from '../../functions/src/renderer/local/levelling';
import { pickScene } from '../../functions/src/renderer/scenes/scene-backdrop';

const fixture = (name: string) => readFileSync(resolve(import.meta.dirname, '../fixtures/vision', name));
const acuraBytes = fixture('acura-tl-blue-side-lot.jpg');
const genesisBytes = fixture('hyundai-genesis-black-side-hillside.jpg');

const prepared = new Map<string, PreparedPhoto>();

beforeAll(async () => {
  const genesisTurned = (degrees: number) => sharp(genesisBytes).rotate(degrees, { background: '#808080' }).jpeg({ quality: 92 }).toBuffer();
  const photos = await preparePhotos([
    { id: 'acura', bytes: acuraBytes, angle: 'right_side' },
    { id: 'genesis', bytes: genesisBytes, angle: 'left_side' },
    { id: 'genesis+4', bytes: await genesisTurned(4), angle: 'left_side' },
    { id: 'genesis-4', bytes: await genesisTurned(-4), angle: 'left_side' },
  ]);
  ['acura', 'genesis', 'genesis+4', 'genesis-4'].forEach((id, i) => prepared.set(id, photos[i]!));
}, 120_000);

describe('a side view taken a little off square', () => {
  it('is not turned by the slope its perspective gives its contacts (the Acura and the Genesis as shot)', () => {
    for (const id of ['acura', 'genesis']) {
      const { photo, mask, angle } = prepared.get(id)!;
      const contacts = tyreContacts(mask)!;
      // The contacts slope by more than the levelling's floor, the near (longer-overhang) end's contact the lower ...
      expect(Math.abs(contacts.degrees), id).toBeGreaterThan(0.5);
      expect(Math.sign(perspectiveSlope(contacts)), id).toBe(Math.sign(contacts.degrees));
      expect(slopeMayBePerspective(contacts), id).toBe(true);
      // ... and the car is left as shot.
      expect(levelCar(photo, mask, angle), id).toMatchObject({ degrees: 0, skipped: 'perspective of a view off square' });
    }
  });

  it('still levels the Genesis turned 4 degrees the perspective\'s way, back to within a degree, in the render too', async () => {
    const tilted = prepared.get('genesis+4')!;
    const contacts = tyreContacts(tilted.mask)!;
    expect(Math.sign(perspectiveSlope(contacts))).toBe(Math.sign(contacts.degrees));
    expect(slopeMayBePerspective(contacts)).toBe(false);
    const levelled = levelCar(tilted.photo, tilted.mask, tilted.angle);
    expect(Math.abs(levelled.degrees + 4), String(levelled.degrees)).toBeLessThan(1);
    const image = await renderPrepared([tilted], 'left_side', 'studio', undefined, pickScene('studio', 'level'));
    expect(image.composed.levelledDegrees).toBeCloseTo(levelled.degrees, 5);
  }, 60_000);

  it('levels the Genesis turned 4 degrees against the perspective, its tyres read 0.845 alike (a side: SQUARE_TYRES)', () => {
    const { photo, mask, angle } = prepared.get('genesis-4')!;
    const contacts = tyreContacts(mask)!;
    // Read as a corner (its tyres taken for unlike at 0.85) it was left as shot: its uprights are unclear.
    expect(contacts.likeness).toBeGreaterThanOrEqual(SQUARE_TYRES);
    expect(contacts.likeness).toBeLessThan(0.85);
    expect(slopeMayBePerspective(contacts)).toBe(false);
    const levelled = levelCar(photo, mask, angle);
    expect(Math.abs(levelled.degrees - 4), String(levelled.degrees)).toBeLessThan(1);
  });

  it('a corner whose uprights and wheel agree on a small lean is left as shot (the Kadjar frame 30 degrees off a side)', () => {
    // Read on the Renault Kadjar turntable's level frame 30 degrees round from its right side (a front corner to the
    // classifier; the frame is local only): the two cues agree within a degree, on a lean within their noise.
    const upright = { degrees: 1.78, rival: 0.82, halves: [1.9, -8.1] as [number, number] }, wheel = { degrees: 1.22, rival: 0.71, spread: 0.3 };
    expect(wheelAgrees(upright, wheel)).toBe(true);
    expect(bothCuesLean(upright, wheel)).toBeUndefined();
    // The committed BMW 2002 turned 4 degrees reads 3.7 and 4.0 (corner-wheel-levelling.test.ts): turned by their mean.
    expect(bothCuesLean({ degrees: 3.71 }, { degrees: 4.04 })).toBeCloseTo(3.875, 5);
  });

  it('a side seen square on but tagged as a corner is levelled by its tyres, as a side', () => {
    // A plain side view (a body and two alike tyres 360 px apart, even overhangs) whose right tyre stands 4 degrees lower.
    const W = 800, H = 420, drop = Math.round(360 * Math.tan((4 * Math.PI) / 180));
    const alpha = new Uint8Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const body = x >= 100 && x < 700 && y >= 100 && y < 250 + (drop * (x - 100)) / 600;
        if (body || Math.hypot(x - 220, y - 270) <= 50 || Math.hypot(x - 580, y - 270 - drop) <= 50) alpha[y * W + x] = 255;
      }
    const mask = { alpha, width: W, height: H, box: { left: 100, top: 100, right: 700, bottom: 321 + drop }, areaFraction: 0.3, removedFraction: 0 };
    const photo = { type: 'jpeg' as const, originalWidth: W, originalHeight: H, rgb: Buffer.alloc(W * H * 3, 128), width: W, height: H };
    expect(readsSquareOn(mask)).toBe(true);
    const levelled = levelCar(photo, mask, 'front_left_corner');
    expect(levelled.degrees).toBeCloseTo(-4, 0);
    expect(levelled.upright).toBeUndefined();
  });
});
