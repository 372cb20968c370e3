/** How the studio frames a car: shared by the compositor and the check that predicts a car's enlargement from its photo. */

/** The car's height in every angle, as a fraction of the frame's: a sedan's side then fills about 85% of its width. */
export const CAR_HEIGHT_IN_FRAME = 0.4;
/** No view is wider than this fraction of the frame (the frame's edges stay clear for its shadow and reflection). */
export const MAX_CAR_WIDTH_IN_FRAME = 0.9;

/** Frame pixels per pixel of a car `carWidth` x `carHeight` (in any pixels) drawn in the studio's framing. */
export const studioScale = (carWidth: number, carHeight: number, frame: { width: number; height: number }): number =>
  Math.min((CAR_HEIGHT_IN_FRAME * frame.height) / carHeight, (MAX_CAR_WIDTH_IN_FRAME * frame.width) / carWidth);
