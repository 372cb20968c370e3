/**
 * The photo check's reading of the car's plate (local-vision.ts appearanceOf): only views that show an end carry a
 * plate; the car's own cut-out says where to look. The text is the dealer's own data (docs/vision.md, "The number
 * plate's text"): it goes into the check's appearance and nowhere else, never into a log line or an error.
 */
import type { Angle } from '@shared/angles';
import { carPlateText } from './plate-text';

/** A front, a rear or a corner shows an end, and so its plate; a side shows none worth reading. */
export const platedView = (angle: Angle) => angle !== 'left_side' && angle !== 'right_side';

/** The plate's text, or null: no end in view, a cut-out not at the photo's size, nothing read as a plate, or no reader. */
export async function readCarPlate(photo: { rgb: Buffer; width: number; height: number }, mask: { alpha: Uint8Array; width: number; height: number }, angle: Angle): Promise<string | null> {
  if (!platedView(angle) || mask.width !== photo.width || mask.height !== photo.height) return null;
  try {
    return await carPlateText(photo, mask.alpha);
  } catch {
    // A missing or broken text model costs the same-car check one cue, never the photo's check: the plate is optional
    // (the paint, shape and look still compare). Nothing is logged, so no reading or crop can reach a log.
    return null;
  }
}
