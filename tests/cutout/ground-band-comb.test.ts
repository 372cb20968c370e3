/**
 * A close-up from behind whose tyres u2netp lost (parking-lot photos of a silver Celta, a blue Palio, a Chevrolet
 * and a Hyundai from in front): the mask ends at the car's own dark grey lower bumper, flat across, and the
 * solid-shade cut read that bumper as the shade under the car. Where its dark vents and recesses rise into the body
 * there is no lighter step over it, so the cut took only the columns between them and left the bumper as a comb of strips. A cut broken into that many
 * runs is no band of ground: the bumper stays whole. A plain band across the span is still cut.
 */
import { describe, expect, it } from 'vitest';
import { cutOverDrawn, solidShare } from './drawn-ground-band';

const w = 360, h = 220;
/** The body, lit, down to row 140; the lower bumper, dark grey, rows 140-170; when `ribbed`, dark slots 8 px wide every
 * 40 px rising from it into the body to row 100 (its vents, the plate's recess): no lighter step over them. */
function paint(x: number, y: number, ribbed: boolean): number | undefined {
  if (x < 30 || x >= 330 || y < 20 || y > 170) return undefined; // the lit floor
  if (ribbed && y >= 100 && x >= 60 && x < 300 && (x - 60) % 40 < 8) return 45;
  return y < 140 ? 140 : 45;
}

function cutOver(ribbed: boolean) {
  return cutOverDrawn(w, h, (x, y) => paint(x, y, ribbed));
}

const solid = solidShare;

describe('cut-out: a lower bumper with ribs is not cut into a comb', () => {
  it('keeps the whole lower bumper when the cut would fall into many runs between its ribs', () => {
    const { before, after } = cutOver(true);
    expect(solid(before, 60, 142, 300, 171)).toBe(1);
    expect(solid(after, 60, 142, 300, 171)).toBe(1);
    expect(after.alpha).toEqual(before.alpha);
  });

  it('still cuts a plain dark band under the body across the span', () => {
    const { after } = cutOver(false);
    expect(solid(after, 90, 145, 270, 171)).toBeLessThan(0.05);
    expect(solid(after, 30, 20, 330, 138)).toBe(1);
  });
});
