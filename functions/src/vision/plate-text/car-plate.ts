/**
 * The photo check's reading of the car's plate (local-vision.ts appearanceOf): only views that show an end carry a
 * plate; the car's own cut-out says where to look. The text is the dealer's own data (docs/vision.md, "The number
 * plate's text"): it goes into the check's appearance and nowhere else, never into a log line or an error.
 */
import type { Angle } from '@shared/angles';
import type { NormBox } from '../port';
import { logPlateNotRead } from './plate-log';
import { carPlateText } from './plate-text';

/** A front, a rear or a corner shows an end, and so its plate; a side shows none worth reading. */
export const platedView = (angle: Angle) => angle !== 'left_side' && angle !== 'right_side';

/** The plate's text, or null: no end in view, a cut-out not at the photo's size, nothing read as a plate, or no reader. */
export async function readCarPlate(photo: { rgb: Buffer; width: number; height: number }, mask: { alpha: Uint8Array; width: number; height: number }, angle: Angle): Promise<string | null> {
  if (!platedView(angle) || mask.width !== photo.width || mask.height !== photo.height) return null;
  try {
    return await carPlateText(photo, mask.alpha);
  } catch (error) {
    // A missing or broken text model costs the same-car check one cue, never the photo's check: the plate is optional
    // (the paint, shape and look still compare).
    logPlateNotRead(error);
    return null;
  }
}

/** A cut-out that is the box (255 inside, 0 outside), at the photo's size: where a check has a box and no silhouette. */
export function boxMask(box: NormBox, width: number, height: number): { alpha: Uint8Array; width: number; height: number } {
  const alpha = new Uint8Array(width * height);
  const [x0, x1] = [Math.max(0, Math.floor(box.left * width)), Math.min(width, Math.ceil(box.right * width))];
  const [y0, y1] = [Math.max(0, Math.floor(box.top * height)), Math.min(height, Math.ceil(box.bottom * height))];
  if (x1 > x0) for (let y = y0; y < y1; y++) alpha.fill(255, y * width + x0, y * width + x1);
  return { alpha, width, height };
}

/**
 * The plate's text read inside the car's box (port.ts PlateReader, for the cloud check, which has no cut-out): on the
 * committed photos the box finds the plates the cut-out finds, without a u2netp run (five times the read's CPU;
 * docs/vision.md). Unlike readCarPlate it throws when the models fail, so that the adapter can log the failure's class.
 */
export async function readPlateInBox(photo: { rgb: Buffer; width: number; height: number }, box: NormBox, angle: Angle): Promise<string | null> {
  if (!platedView(angle)) return null;
  return carPlateText(photo, boxMask(box, photo.width, photo.height).alpha);
}
