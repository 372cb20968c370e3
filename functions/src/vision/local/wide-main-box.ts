/**
 * The detector's main box can take in a car parked beside the main one: its second look at the photo's subject
 * (local-vision.ts, `lookCloser`) sees the crop round the silhouette of both and may box both as one car (the truth
 * bench's head-on Kadjar beside a blue car: the box from the blue car's far end to the Kadjar's, 18.8% of the
 * cut-out on the blue car). The other car's box then lies almost wholly inside the main box, so the split beside has
 * next to no seed of it. A weaker box of the detector over the main car alone tells: it shares the main box's top,
 * bottom and one side, its other side well inside, and the other car's box covers the strip between.
 */
import type { NormBox } from '../port';

/** Top, bottom and the shared side agree within this share of the main box's height or width. */
const SAME_EDGE = 0.05;
/** The weak box's other side lies inside the main box by at least this share of its width... */
const INSET = 0.1;
/** ...and the weak box still spans at least this share of it (narrower is a part of the car: its front, a wheel). */
const OWN_WIDTH = 0.5;
/** The other car's box reaches the main box's side (within SAME_EDGE) and past the weak box's side by at least this much (the strip is covered). */
const PAST_INSET = 0.02;
/** The other car's box overlaps the main box over at least this share of its own height (beside, not behind). */
const BESIDE_HEIGHT = 0.6;
/**
 * ...and lies within the main box's columns over at least this share of its width: the split beside then has next to
 * no seed of it (the Kadjar head-on: 0.96). With more of it outside, the split finds it (the truth bench's `0042
 * beside`, 0.73: its seam moved by a few hundred pixels and the card's check, against the wide box, then asked to review).
 */
const OTHER_INSIDE = 0.85;

/**
 * The main car's own box when `main` took in a car beside it (one of `others`): `main` with the side of the strip the
 * other car covers moved to that of a weak box of `nearby` that shares the main box's top, bottom and other side; else
 * undefined. Only that side moves: a weak box may be tight on the main car's other end (a JAC head-on between two
 * cars, br-NYY1710 of the plate benchmark: as the whole box, its wing went to the car on its other side).
 */
export function ownBoxBeside(main: NormBox, others: NormBox[], nearby: NormBox[]): NormBox | undefined {
  const mw = main.right - main.left;
  const mh = main.bottom - main.top;
  const near = (a: number, b: number, size: number) => Math.abs(a - b) <= SAME_EDGE * size;
  for (const b of nearby) {
    if (!near(b.top, main.top, mh) || !near(b.bottom, main.bottom, mh) || b.right - b.left < OWN_WIDTH * mw) continue;
    // The strip left out on the left (the shared side the right) or on the right.
    const strip = near(b.right, main.right, mw) && b.left - main.left >= INSET * mw ? 'left' : near(b.left, main.left, mw) && main.right - b.right >= INSET * mw ? 'right' : undefined;
    if (!strip) continue;
    const covered = others.some((o) => {
      const overlap = Math.min(o.bottom, main.bottom) - Math.max(o.top, main.top);
      if (overlap < BESIDE_HEIGHT * (o.bottom - o.top)) return false;
      if (Math.min(o.right, main.right) - Math.max(o.left, main.left) < OTHER_INSIDE * (o.right - o.left)) return false;
      return strip === 'left' ? o.left <= main.left + SAME_EDGE * mw && o.right >= b.left + PAST_INSET * mw : o.right >= main.right - SAME_EDGE * mw && o.left <= b.right - PAST_INSET * mw;
    });
    if (covered) return strip === 'left' ? { ...main, left: b.left } : { ...main, right: b.right };
  }
  return undefined;
}
