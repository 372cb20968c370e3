/**
 * Is there a whole car in the photo? Judged from the cut-out's outline, which ISNet gives for any salient
 * object: a car is wider than tall-ish, stands on wheels (its underside rises between ground contacts)
 * and is not cropped by the frame on several sides. Honest limits: a wheeled non-car (a cart) passes.
 */
import type { CleanMask } from './mask-cleanup';
import type { MaskShape } from './mask-shape';

export type CarCheck = { ok: true } | { ok: false; why: string };

export function checkCar(mask: CleanMask, shape: MaskShape): CarCheck {
  if (mask.areaFraction < 0.02) return { ok: false, why: 'no object found' };
  if (mask.areaFraction > 0.75 || shape.edgesTouched >= 3) return { ok: false, why: 'object fills or overflows the frame' };
  if (shape.aspect < 0.8 || shape.aspect > 4.5) return { ok: false, why: `outline proportions ${shape.aspect.toFixed(2)} are not a car's` };
  if (shape.wheelGap < 0.02) return { ok: false, why: `no wheels under the object (underside rise ${shape.wheelGap.toFixed(3)})` };
  return { ok: true };
}
