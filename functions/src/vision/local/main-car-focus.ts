/**
 * The cut-out made again on the main car alone, when the first one found another subject. The cut-out's network
 * marks the photo's most salient thing; beside a car that stands out more (a darker car, one nearer the middle of
 * the frame) it can leave the main car out altogether: a white work truck beside a grey minivan gave a mask covering
 * 2% of the truck's box, then a corner of the minivan sold as the car. On a crop round the main car's box (the
 * detector's) the main car is the subject; its mask is pasted back into the whole frame, nothing outside the crop.
 */
import { solidExtent, type CleanMask } from '../../renderer/cutout/mask-cleanup';
import type { DecodedPhoto } from '../../renderer/photo-validation';
import type { NormBox } from '../port';
import { cropPhoto } from './photo-crop';

/**
 * Under this share of the main car's box covered, the cut-out missed the main car. A car's silhouette fills 0.6 to
 * 0.9 of its box in every view (0.62 the least of 110 parking-lot photos); the missed truck covered 0.02.
 */
export const MIN_MAIN_COVER = 0.3;
/**
 * Under this share of the main car's box covered even after the cut-out on the main car alone, the cut-out cannot find
 * the car the detector saw: a Lamborghini's plate and its surround taken for a car, a car seen through a windscreen
 * with the mirror and dashboard in front, a rear so close that the tailgate fills the photo. On 443 parking-lot photos
 * those read 0.02 to 0.39 (each a photo a dealer would retake), every photo with a whole car 0.51 or more. The photo
 * is refused before the charge instead of a piece of the car sold as the car.
 */
export const MIN_CAR_COVER = 0.45;
/** The crop round the main car's box, as a share of the box's width and height each side (the cut-out's own crop pass uses the same). */
export const FOCUS_MARGIN = 0.2;

/** The share of the box (fractions of the frame) that the mask's solid pixels cover. */
export function mainBoxCover(mask: CleanMask, box: NormBox): number {
  const left = Math.max(0, Math.floor(box.left * mask.width));
  const right = Math.min(mask.width, Math.ceil(box.right * mask.width));
  const top = Math.max(0, Math.floor(box.top * mask.height));
  const bottom = Math.min(mask.height, Math.ceil(box.bottom * mask.height));
  const area = (right - left) * (bottom - top);
  if (area <= 0) return 0;
  let solid = 0;
  for (let y = top; y < bottom; y++) for (let i = y * mask.width + left, end = y * mask.width + right; i < end; i++) if (mask.alpha[i]! >= 128) solid++;
  return solid / area;
}

/** The cut-out run on the crop round `box` (the photo's pixels there), its mask pasted back at the photo's size. */
export async function cutOutFocused(cutOut: (photo: DecodedPhoto) => Promise<CleanMask>, photo: DecodedPhoto, box: NormBox, margin = FOCUS_MARGIN): Promise<CleanMask> {
  const mx = (box.right - box.left) * margin;
  const my = (box.bottom - box.top) * margin;
  const left = Math.max(0, Math.floor((box.left - mx) * photo.width));
  const top = Math.max(0, Math.floor((box.top - my) * photo.height));
  const right = Math.min(photo.width, Math.ceil((box.right + mx) * photo.width));
  const bottom = Math.min(photo.height, Math.ceil((box.bottom + my) * photo.height));
  const width = right - left;
  const height = bottom - top;
  const crop = await cutOut(cropPhoto(photo, left, top, right, bottom));
  // The crop's mask back in the photo's frame; a mask made at another size than the crop is scaled to it.
  const alpha = new Uint8Array(photo.width * photo.height);
  for (let y = 0; y < height; y++) {
    const row = Math.min(crop.height - 1, Math.floor((y * crop.height) / height)) * crop.width;
    for (let x = 0; x < width; x++) alpha[(top + y) * photo.width + left + x] = crop.alpha[row + Math.min(crop.width - 1, Math.floor((x * crop.width) / width))]!;
  }
  const { box: solid, area } = solidExtent(alpha, photo.width, photo.height);
  return { alpha, width: photo.width, height: photo.height, box: solid, areaFraction: area / (photo.width * photo.height), removedFraction: (crop.removedFraction * width * height) / (photo.width * photo.height) };
}

/**
 * The mask to separate the main car in, with the share of the main car's box it covers: `cut` when it covers the box,
 * otherwise the cut-out on the main car alone when that covers more of it (a photo whose main car the network does not
 * see even alone keeps `cut`; under MIN_CAR_COVER the photo is refused).
 */
export async function maskOnMainCar(cut: CleanMask, cutOut: (photo: DecodedPhoto) => Promise<CleanMask>, photo: DecodedPhoto, main: NormBox): Promise<{ mask: CleanMask; cover: number }> {
  const cover = mainBoxCover(cut, main);
  if (cover >= MIN_MAIN_COVER) return { mask: cut, cover };
  const focused = await cutOutFocused(cutOut, photo, main);
  const focusedCover = mainBoxCover(focused, main);
  return focusedCover > cover ? { mask: focused, cover: focusedCover } : { mask: cut, cover };
}
