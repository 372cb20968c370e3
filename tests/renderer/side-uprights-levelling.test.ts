/**
 * A side view taken a little off square and tilted is levelled by its upright edges, its contacts' slope beyond their
 * lean taken for the view's perspective (issue 38 item 3, local/levelling.ts `contactsConfirm`): the contacts alone
 * cannot tell a tilt from that perspective (they leave such a photo as shot, or turn it by part of its tilt). And a
 * photo tagged as a side whose tyres are unlike, a corner view, is levelled as a corner: the committed E30 corner,
 * tagged as a right side and turned 4 degrees either way, comes back within a degree (it was left as shot).
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { preparePhotos, type PreparedPhoto } from '../../functions/src/renderer/local/local-renderer';
import { contactsConfirm, levelCar, perspectiveSlope, slopeMayBePerspective, SQUARE_TYRES, tyreContacts, uprightTilt } from '../../functions/src/renderer/local/levelling';
import { turnedDrawing } from '../support/turned-drawing';

const e30 = readFileSync(resolve(import.meta.dirname, '../fixtures/cars/bmw-e30-silver-front34-show-5220px.jpg'));
/** The photo turned `degrees` clockwise about its centre: what a camera held crooked does. */
const tilted = (degrees: number) => sharp(e30).rotate(degrees, { background: '#808080' }).jpeg({ quality: 92 }).toBuffer();

const prepared = new Map<string, PreparedPhoto>();

beforeAll(async () => {
  const ids = ['e30', 'e30+4', 'e30-4'];
  const photos = await preparePhotos([
    { id: ids[0]!, bytes: e30, angle: 'right_side' },
    { id: ids[1]!, bytes: await tilted(4), angle: 'right_side' },
    { id: ids[2]!, bytes: await tilted(-4), angle: 'right_side' },
  ]);
  ids.forEach((id, i) => prepared.set(id, photos[i]!));
}, 180_000);

/**
 * A drawn side view seen a little off square: a body with three upright door lines and two tyres with a light rim,
 * its left overhang the longer (the nearer end) and its left tyre's contact lower by `perspective` degrees, then
 * turned `tilt` degrees clockwise about the frame's centre. The lines are drawn soft (a 3 px ramp each side, as a
 * photo's are): hard lines one pixel wide are aliased into steps, which read as upright.
 */
function offSquareSide(tilt: number, perspective = 1.5) {
  const W = 900, H = 500;
  const [xa, xb] = [300, 680], ya = 380, yb = ya - (xb - xa) * Math.tan((perspective * Math.PI) / 180);
  const lineAt = (x: number) => ya + ((yb - ya) * (x - xa)) / (xb - xa);
  /** Dark (1) within `half` of a line at distance `d`, fading to 0 over 3 px beyond it. */
  const band = (d: number, half: number) => Math.min(1, Math.max(0, 1 - (Math.abs(d) - half) / 3));
  const draw = (x: number, y: number): [boolean, number] => {
    const near = Math.hypot(x - xa, y - ya + 58), far = Math.hypot(x - xb, y - yb + 55);
    if (near <= 58 || far <= 55) return [true, 30 + 170 * band(Math.min(near, far) - 30, 2)];
    if (x < 100 || x >= 800 || y < 170 || y >= lineAt(x) - 50) return [false, 128];
    return [true, 190 - 150 * Math.max(...[350, 480, 600].map((door) => band(x - door, 1)))];
  };
  return turnedDrawing(W, H, tilt, draw);
}

describe("a side view's uprights and contacts together", () => {
  it('levels a side seen off square and tilted 4 degrees either way by its uprights, where its contacts alone did not', () => {
    for (const tilt of [4, -4]) {
      const { photo, mask } = offSquareSide(tilt);
      const contacts = tyreContacts(mask)!;
      // The contacts slope by the tilt and the perspective together (their slope alone would turn +4 by 2.5 and leave
      // -4, within the perspective's bound, as shot) ...
      expect(contacts.likeness).toBeGreaterThanOrEqual(SQUARE_TYRES);
      expect(Math.abs(contacts.degrees - (tilt - 1.5)), String(contacts.degrees)).toBeLessThan(0.5);
      expect(Math.sign(perspectiveSlope(contacts))).toBe(-1);
      expect(slopeMayBePerspective(contacts)).toBe(tilt < 0);
      // ... the door lines lean by the tilt alone, and the rest of the slope is one the perspective can give.
      const upright = uprightTilt(photo, mask)!;
      expect(Math.abs(upright.degrees - tilt), String(upright.degrees)).toBeLessThan(0.5);
      expect(contactsConfirm(contacts, upright)).toBe(true);
      const levelled = levelCar(photo, mask, 'left_side');
      expect(Math.abs(levelled.degrees + tilt), String(levelled.degrees)).toBeLessThan(1);
    }
  });

  it('leaves the same side as shot: upright door lines, its contacts sloped by perspective alone', () => {
    const { photo, mask } = offSquareSide(0);
    expect(slopeMayBePerspective(tyreContacts(mask)!)).toBe(true);
    expect(levelCar(photo, mask, 'left_side')).toMatchObject({ degrees: 0, skipped: 'perspective of a view off square' });
  });

  it("does not take a level photo's uprights for its tilt (readings of the bench's level sides)", () => {
    // Read on local-only frames (levelling's bench): the Kadjar turntable's frame 06 reads one clear lean, -6.6, with
    // level contacts; the Corolla's super-white side -2.1 with level contacts; the Changan's frame 08 (30 degrees off
    // its left side) 7.3 with 6.2 on its contacts.
    const level = [
      { contacts: { degrees: 0, overhangs: [90, 91] as [number, number] }, upright: { degrees: -6.59, rival: 0.71, halves: [-6.91, -6.33] as [number, number] } },
      { contacts: { degrees: 0, overhangs: [155, 165] as [number, number] }, upright: { degrees: -2.09, rival: 0.84, halves: [-2.74, -1.48] as [number, number] } },
      { contacts: { degrees: 6.22, overhangs: [65, 238] as [number, number] }, upright: { degrees: 7.29, rival: 0.84, halves: [7.27, 7.31] as [number, number] } },
    ];
    for (const { contacts, upright } of level) expect(contactsConfirm(contacts, upright), JSON.stringify(upright)).toBe(false);
    // The Changan's frame 05 (15 degrees off its left side) turned 4 degrees either way: confirmed.
    expect(contactsConfirm({ degrees: 1.79, overhangs: [165, 120] }, { degrees: 4.64, rival: 0.74, halves: [4.14, 4.89] })).toBe(true);
    expect(contactsConfirm({ degrees: -6.12, overhangs: [183, 90] }, { degrees: -3.95, rival: 0.74, halves: [-4.93, -3.71] })).toBe(true);
  });
});

describe('a corner view tagged as a side', () => {
  it('is levelled as a corner: the E30 turned 4 degrees either way comes back within a degree, as shot it is not turned', () => {
    for (const [id, tilt] of [['e30+4', 4], ['e30-4', -4]] as const) {
      const { photo, mask } = prepared.get(id)!;
      expect(tyreContacts(mask)!.likeness, id).toBeLessThan(SQUARE_TYRES);
      const levelled = levelCar(photo, mask, 'right_side');
      expect(Math.abs(levelled.degrees + tilt), `${id}: ${levelled.degrees} ${levelled.skipped}`).toBeLessThan(1);
      expect(levelled.upright, id).toBeDefined();
    }
    const { photo, mask } = prepared.get('e30')!;
    expect(levelCar(photo, mask, 'right_side').degrees).toBe(0);
  });
});
