/** How the studio frames a car: shared by the compositor and the check that predicts a car's enlargement from its photo. */

/**
 * The car's height in every angle, as a fraction of the frame's: one camera distance for the whole package, as on a
 * turntable (the height is the one size every view of a car shares), so the car keeps its size from angle to angle.
 * A sedan's side then fills about 85% of the frame's width.
 */
export const CAR_HEIGHT_IN_FRAME = 0.4;
/**
 * No view is wider than this fraction of the frame: 3% of it stays clear on each side. At CAR_HEIGHT_IN_FRAME a side
 * up to 3.5 times as long as it is tall fits (the longest committed side, the Genesis, is 3.2; a Panamera about 3.5);
 * only a longer one is drawn smaller, and its angle's camera then stands further back than the package's others.
 */
export const MAX_CAR_WIDTH_IN_FRAME = 0.94;

/** Frame pixels per pixel of a car `carWidth` x `carHeight` (in any pixels) drawn in the studio's framing. */
export const studioScale = (carWidth: number, carHeight: number, frame: { width: number; height: number }): number =>
  Math.min((CAR_HEIGHT_IN_FRAME * frame.height) / carHeight, (MAX_CAR_WIDTH_IN_FRAME * frame.width) / carWidth);
