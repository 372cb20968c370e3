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
 * Measured on the fixture photos (npm run bench:plates): unenlarged tiles found 6 of 13 readable plates, 1.5x 10 of 13
 * (median 150 ms a photo), 2x also 10 of 13 with half as many boxes again that were not the plate and twice the time.
 */
const TILE = 640;
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

/**
 * The whole plate around its lettering, when the plate is a light panel (white, yellow: the letters sit on it): the
 * box grows side by side while at least 40% of the line just outside it is the panel's colour (a line across letters is less), up to four times its size, so
 * letters the detector did not read (a second line, the rest of a word) are inside it too. Lettering on the paint
 * (a badge, a light car's tailgate: no panel edge within reach) is left at its own size.
 */
function grownToPanel(picture: CarPicture, box: Box): Box {
  const { rgb, width, height } = picture;
  const px = (x: number, y: number) => 3 * (y * width + x);
  // The panel's colour: the median of the box's brighter half (its background, not its letters).
  const lumas: Array<[number, number]> = [];
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const o = px(x, y);
      lumas.push([0.299 * rgb[o]! + 0.587 * rgb[o + 1]! + 0.114 * rgb[o + 2]!, o]);
    }
  }
  lumas.sort((a, b) => a[0] - b[0]);
  const [panelLuma, at] = lumas[Math.floor(lumas.length * 0.75)]!;
  if (panelLuma < 140) return box;
  const panel = [rgb[at]!, rgb[at + 1]!, rgb[at + 2]!];
  const onPanel = (x: number, y: number) => {
    const o = px(x, y);
    return Math.abs(rgb[o]! - panel[0]!) + Math.abs(rgb[o + 1]! - panel[1]!) + Math.abs(rgb[o + 2]! - panel[2]!) < 90;
  };
  const line = (x0: number, y0: number, dx: number, dy: number, n: number) => {
    let hits = 0;
    for (let i = 0; i < n; i++) if (onPanel(x0 + i * dx, y0 + i * dy)) hits++;
    return hits / n;
  };
  let { x, y } = box;
  let right = box.x + box.width;
  let bottom = box.y + box.height;
  const maxW = box.width * 4;
  const maxH = box.height * 4;
  for (let grew = true; grew; ) {
    grew = false;
    if (x > 0 && right - x < maxW && line(x - 1, y, 0, 1, bottom - y) >= 0.4) (x--, (grew = true));
    if (right < width && right - x < maxW && line(right, y, 0, 1, bottom - y) >= 0.4) (right++, (grew = true));
    if (y > 0 && bottom - y < maxH && line(x, y - 1, 1, 0, right - x) >= 0.4) (y--, (grew = true));
    if (bottom < height && bottom - y < maxH && line(x, bottom, 1, 0, right - x) >= 0.4) (bottom++, (grew = true));
  }
  // A panel with no edge within reach is the car's own paint (lettering on a white tailgate): not a plate's panel.
  if (right - x >= maxW || bottom - y >= maxH) return box;
  return { x, y, width: right - x, height: bottom - y };
}

/** Boxes that touch become one (a plate's two lines, or a line read in two pieces): the whole plate is blurred. */
function merged(boxes: Box[]): Box[] {
  const out = boxes.map((b) => ({ ...b }));
  for (let joined = true; joined; ) {
    joined = false;
    for (let i = 0; i < out.length && !joined; i++) {
      for (let j = i + 1; j < out.length && !joined; j++) {
        const a = out[i]!;
        const b = out[j]!;
        if (overlap(a, b) === 0) continue;
        const x = Math.min(a.x, b.x);
        const y = Math.min(a.y, b.y);
        out[i] = { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
        out.splice(j, 1);
        joined = true;
      }
    }
  }
  return out;
}

/** Blurs the car's plate (and lettering beside it on the bumper) in `picture.rgb`, in place; answers the boxes blurred. */
export async function blurPlates(picture: CarPicture): Promise<PlateResult> {
  const plates = merged((await findPlates(picture)).map((b) => plateAround(grownToPanel(picture, b), picture.width, picture.height)));
  for (const p of plates) await blurRegion(picture, p);
  return { boxes: plates };
}
