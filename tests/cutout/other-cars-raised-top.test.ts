/**
 * The detector's boxes over the main car that share its sides and bottom but not its top (other-cars.ts, `raisedTop`):
 * a weaker box reaching well above the main box took in a car behind, and what rises above the main box is split off.
 * Where the main box is not the tightest, the boxes disagree about the car's own top, not about a car behind: an open
 * Rolls-Royce Phantom Drophead (a web photo, 600x354) had its main box to the middle of its windscreen (top 0.235), one
 * weaker box to the screen's header (0.178) and one to the scuttle under it (0.290); the split took the lowest for the
 * car's own top and cut the windscreen and its frame off (10% of the car).
 */
import { describe, expect, it } from 'vitest';
import { raisedTop } from '../../functions/src/vision/local/other-cars';

const box = (top: number) => ({ left: 0.05, top, right: 0.95, bottom: 0.9 });

describe('boxes over the main car that disagree on its top', () => {
  it('a weaker box reaching well above the main box: the band over the main box is a car behind', () => {
    const found = raisedTop(box(0.3), [box(0.12)]);
    expect(found?.tight.top).toBe(0.3);
    expect(found?.top).toBe(0.12);
  });

  it('the main box between a weaker box above and one below: no car behind is assumed', () => {
    expect(raisedTop(box(0.235), [box(0.178), box(0.29)])).toBeUndefined();
    expect(raisedTop(box(0.2), [box(0.32)])).toBeUndefined();
  });
});
