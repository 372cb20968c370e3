/**
 * The car's number plate: its lettering found with the text detector in the lower part of the car (where plates are
 * mounted), read in enlarged tiles (a plate's letters are small in a photo of the whole car), kept only where it is on
 * the car and shaped like one line of lettering; then blurred. A plate whose letters cannot be read (blank, already
 * blurred, too small) is not found: there is nothing legible to hide, and the card says none was found.
 */
import { blurRegion, carBounds, type CarPicture } from './blur-text';
import { detectText, type TextBox } from './text-detector';

/** A mirror image's text blur, loaded with the plates' (renderer/compositor-modules.ts loads this one module). */
export { blurTextOnCar } from './blur-text';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The detector reads 960 pixels a side at once; the band is read in overlapping tiles of TILE photo pixels, each
 * enlarged 960 / TILE times (a plate's letters are 10 to 20 pixels high at the working size, small for the detector).
 */
const TILE = Number(process.env.PLATE_TILE ?? 640);
const TILE_OVERLAP = Math.round(TILE / 8);
/** Plates sit below this fraction of the car's height (bumper band); badges and stickers higher up are not plates. */
const BAND_TOP = 0.45;

const area = (b: Box) => b.width * b.height;

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? (w * h) / Math.min(area(a), area(b)) : 0;
}

/** How much a text box looks like plate lettering: one line, 2 to 6 times as wide as high (less when seen at a slant). */
function plateLikeness(b: TextBox): number {
  const aspect = b.width / b.height;
  const shape = aspect >= 2 && aspect <= 6 ? 1 : aspect >= 0.9 && aspect < 2 ? 0.6 : 0.2;
  return shape * b.score * Math.sqrt(area(b));
}

/**
 * The text boxes on the car's lower part that may be its plate (and stickers beside it), most plate-like first, in
 * the picture's pixels. `picture.carAlpha` is the car's cut-out at the picture's size.
 */
export async function findPlates(picture: CarPicture): Promise<TextBox[]> {
  const car = carBounds(picture);
  if (!car) return [];
  const { rgb, width, height, carAlpha } = picture;
  const top = Math.round(car.y + BAND_TOP * car.height);
  const band = { x: car.x, y: top, width: car.width, height: car.y + car.height - top };
  const found: TextBox[] = [];
  for (let y = band.y; y < band.y + band.height; y += TILE - TILE_OVERLAP) {
    for (let x = band.x; x < band.x + band.width; x += TILE - TILE_OVERLAP) {
      const tile = { x, y, width: Math.min(TILE, band.x + band.width - x), height: Math.min(TILE, band.y + band.height - y) };
      if (tile.width >= 32 && tile.height >= 32) found.push(...(await detectText(rgb, width, height, tile, 960 / TILE)));
      if (x + TILE >= band.x + band.width) break;
    }
    if (y + TILE >= band.y + band.height) break;
  }
  const candidates = found.filter((b) => {
    // Lettering, not a whole bumper: between 1.5% and 20% of the car's height, on the car for the most part.
    if (b.height < 0.015 * car.height || b.height > 0.2 * car.height || b.width / b.height > 8) return false;
    let onCar = 0;
    for (let y = b.y; y < b.y + b.height; y++) for (let x = b.x; x < b.x + b.width; x++) if (carAlpha[y * width + x]! >= 128) onCar++;
    return onCar >= 0.6 * area(b);
  });
  // A box read twice (two tiles) is kept once: the larger.
  const kept: TextBox[] = [];
  for (const b of candidates.sort((p, q) => area(q) - area(p))) if (!kept.some((k) => overlap(k, b) > 0.5)) kept.push(b);
  return kept.sort((p, q) => plateLikeness(q) - plateLikeness(p));
}

/** The plate around its lettering: plates leave a margin above, below and beside the characters. */
function plateAround(b: Box, width: number, height: number): Box {
  const mx = Math.ceil(b.height * 0.35);
  const my = Math.ceil(b.height * 0.3);
  const x = Math.max(0, b.x - mx);
  const y = Math.max(0, b.y - my);
  return { x, y, width: Math.min(width, b.x + b.width + mx) - x, height: Math.min(height, b.y + b.height + my) - y };
}

export interface PlateResult {
  /** The plate boxes blurred (picture pixels; the plate around its lettering), most plate-like first; none: not found. */
  boxes: Box[];
}

/** Blurs the car's plate (and lettering beside it on the bumper) in `picture.rgb`, in place; answers the boxes blurred. */
export async function blurPlates(picture: CarPicture): Promise<PlateResult> {
  const plates = (await findPlates(picture)).map((b) => plateAround(b, picture.width, picture.height));
  for (const p of plates) await blurRegion(picture, p);
  return { boxes: plates };
}
