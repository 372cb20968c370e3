/**
 * The shade under a pickup from behind (us-wts-lg-000169, -000195: parking-lot photos): u2netp fills the road in shade
 * between the rear tyres solid, down to the shadow's edge level with the tyres, and the hitch, spare wheel and axle
 * hang dark in it under the bumper. Only about half the span shows the bumper's lighter step over plain shade, so the
 * solid-shade cut took nothing and the studio image showed a dark slab between the tyres. The columns that do show the
 * step draw the bumper's line; the shade under it goes between them, past the hanging parts too, and so does the
 * truck's shadow cast out past a tyre; the tyres and the body stay.
 */
import { describe, expect, it } from 'vitest';
import { cutOverDrawn, solidShare } from './drawn-ground-band';

const w = 360, h = 260;
const tyres = [[40, 72], [248, 280]] as const;
/** The tone of the drawn photo at (x, y), or undefined where the mask has no car: the lit road. */
function paint(x: number, y: number, hanging: boolean, beside: boolean): number | undefined {
  if (beside && x >= 30 && x < 40 && y >= 168 && y <= 185) return 55; // the truck's shadow cast out past the left tyre
  if (x >= 40 && x < 280 && y >= 20 && y < 150) return 140; // the body and its bumper, lit
  if (y >= 150 && y <= 185 && tyres.some(([l, r]) => x >= l && x < r)) return 25; // the rubber, down to row 185
  // The hitch, spare wheel and axle under the bumper, over more than half the span: dark and ribbed.
  if (hanging && y >= 150 && y < 170 && x >= 100 && x < 200) return Math.floor(y / 4) % 2 ? 22 : 60;
  if (y >= 150 && y <= 185 && x >= 72 && x < 248) return 45; // the road in the truck's shade
  return undefined;
}

function cutOver(hanging: boolean, beside = false) {
  return cutOverDrawn(w, h, (x, y) => paint(x, y, hanging, beside));
}

const solid = solidShare;

describe('cut-out: the shade under a pickup from behind, its hitch and axle hanging in it', () => {
  it('cuts the shade between the tyres along the bumper line, past the hanging parts, keeping tyres and body', () => {
    const { before, after } = cutOver(true);
    expect(solid(before, 90, 152, 230, 186)).toBe(1);
    // Between the columns showing the bumper's step: the shade and what hangs in it go.
    expect(solid(after, 90, 153, 230, 186)).toBeLessThan(0.05);
    for (const [l, r] of tyres) expect(solid(after, l, 150, r, 185)).toBe(1);
    expect(solid(after, 40, 20, 280, 150)).toBe(1);
  });

  it('drops the shadow cast out beside a tyre there too', () => {
    const { before, after } = cutOver(true, true);
    expect(solid(before, 30, 168, 40, 186)).toBe(1);
    expect(solid(after, 30, 160, 40, 186)).toBe(0);
    for (const [l, r] of tyres) expect(solid(after, l, 150, r, 185)).toBe(1);
    expect(solid(after, 90, 153, 230, 186)).toBeLessThan(0.05);
  });

  it('still cuts plain shade under a bumper seen across the whole span', () => {
    const { after } = cutOver(false);
    expect(solid(after, 90, 153, 230, 186)).toBeLessThan(0.05);
    for (const [l, r] of tyres) expect(solid(after, l, 150, r, 185)).toBe(1);
  });
});
