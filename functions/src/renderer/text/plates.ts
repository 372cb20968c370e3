/**
 * The car's number plate: its lettering found with the text detector in the lower part of the car (where plates are
 * mounted), read in enlarged tiles (a plate's letters are small in a photo of the whole car), kept only where it is on
 * the car and shaped like one line of lettering; then blurred, or covered with a plain plate carrying the dealer's logo
 * fitted to the plate's outline (its top and bottom edges slope in a corner view). A plate whose letters cannot be
 * read (blank, already blurred, too small) is not found, and the card says so.
 */
import sharp from 'sharp';
import type { PlateTreatment } from '@shared/plates';
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
 * Measured on the fixture photos (npm run bench:plates): unenlarged tiles found 6 of 13 readable plates, 1.5x 12 of 13
 * (median 158 ms a photo), 2x no more plates, with more boxes that were not the plate and twice the time.
 */
const TILE = 640;
const TILE_OVERLAP = Math.round(TILE / 8);
/** Plates sit below this fraction of the car's height (bumper band); badges and stickers higher up are not plates. */
const BAND_TOP = 0.45;

const area = (b: Box) => b.width * b.height;

/** Luma of the RGB pixel at byte offset `o`. */
const lumaAt = (rgb: Buffer, o: number) => 0.299 * rgb[o]! + 0.587 * rgb[o + 1]! + 0.114 * rgb[o + 2]!;

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

/** The plate around its lettering: plates leave a margin above, below and beside the characters (`margin` of its height). */
function plateAround(b: Box, width: number, height: number, margin = 0.3): Box {
  const mx = Math.ceil(b.height * (margin + 0.05));
  const my = Math.ceil(b.height * margin);
  const x = Math.max(0, b.x - mx);
  const y = Math.max(0, b.y - my);
  return { x, y, width: Math.min(width, b.x + b.width + mx) - x, height: Math.min(height, b.y + b.height + my) - y };
}

/** A plate's outline: vertical left and right sides, top and bottom edges as lines y = a + b * x (they slope in a corner view). */
interface Outline {
  left: number;
  right: number;
  top: { a: number; b: number };
  bottom: { a: number; b: number };
}

function fitLine(points: Array<[number, number]>): { a: number; b: number } {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
  }
  const b = sxx > 0 ? sxy / sxx : 0;
  return { a: my - b * mx, b };
}

/**
 * The outline of the plate's background (the brightest part of the box: white and yellow plates), column by column,
 * lines fitted to its top and bottom rows; the box itself when the plate is not brighter than its surroundings.
 */
function outlineOf(picture: CarPicture, box: Box): Outline {
  const { rgb, width } = picture;
  const luma = (x: number, y: number) => lumaAt(rgb, 3 * (y * width + x));
  const values: number[] = [];
  for (let y = box.y; y < box.y + box.height; y++) for (let x = box.x; x < box.x + box.width; x++) values.push(luma(x, y));
  values.sort((p, q) => p - q);
  const bright = values[Math.floor(values.length * 0.75)]!;
  const dark = values[Math.floor(values.length * 0.1)]!;
  const flat: Outline = { left: box.x, right: box.x + box.width, top: { a: box.y, b: 0 }, bottom: { a: box.y + box.height, b: 0 } };
  if (bright - dark < 40) return flat;
  const threshold = (bright + dark) / 2;
  const tops: Array<[number, number]> = [];
  const bottoms: Array<[number, number]> = [];
  for (let x = box.x; x < box.x + box.width; x++) {
    let first = -1;
    let last = -1;
    for (let y = box.y; y < box.y + box.height; y++) {
      if (luma(x, y) < threshold) continue;
      if (first < 0) first = y;
      last = y;
    }
    // A column with a bright run over at least half the box's height crosses the plate.
    if (first >= 0 && last - first >= box.height / 2) {
      tops.push([x, first]);
      bottoms.push([x, last + 1]);
    }
  }
  if (tops.length < box.width / 3) return flat;
  const top = fitLine(tops);
  const bottom = fitLine(bottoms);
  // A slope steeper than 1 in 3 is not a plate's edge; the columns' extent gives the plate's sides.
  if (Math.abs(top.b) > 1 / 3 || Math.abs(bottom.b) > 1 / 3) return flat;
  return { left: tops[0]![0], right: tops.at(-1)![0] + 1, top, bottom };
}

/** A plain plate (white, a thin dark rim) with the logo fitted inside it, `w` by `h` pixels, RGB. */
async function plainPlate(logo: Buffer, w: number, h: number): Promise<Buffer> {
  const rim = Math.max(1, Math.round(h * 0.06));
  const radius = Math.round(h * 0.12);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect x="${rim / 2}" y="${rim / 2}" width="${w - rim}" height="${h - rim}" rx="${radius}" fill="#f8f8f6" stroke="#2b2b2b" stroke-width="${rim}"/></svg>`;
  const pad = rim * 2 + Math.round(h * 0.1);
  const mark = await sharp(logo, { limitInputPixels: 4_000_000 })
    .resize(Math.max(1, w - 2 * pad), Math.max(1, h - 2 * pad), { fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  return sharp(Buffer.from(svg))
    .composite([{ input: mark.data, left: Math.round((w - mark.info.width) / 2), top: Math.round((h - mark.info.height) / 2) }])
    .flatten({ background: '#f8f8f6' })
    .removeAlpha()
    .raw()
    .toBuffer();
}

/**
 * Paints the plain plate over the outline, sampled at 4x4 points per pixel (smooth edges), in the light of the photo
 * (scaled by the brightness of the plate it covers) and only where the car is.
 */
async function coverPlate(picture: CarPicture, outline: Outline, logo: Buffer): Promise<void> {
  const { rgb, width, height, carAlpha } = picture;
  const yAt = (l: { a: number; b: number }, x: number) => l.a + l.b * x;
  const plateW = Math.max(8, Math.round(outline.right - outline.left));
  const plateH = Math.max(4, Math.round(Math.max(yAt(outline.bottom, outline.left) - yAt(outline.top, outline.left), yAt(outline.bottom, outline.right) - yAt(outline.top, outline.right))));
  // Drawn at twice the size it lands at, so the logo stays sharp when sampled.
  const PW = plateW * 2;
  const PH = plateH * 2;
  const plate = await plainPlate(logo, PW, PH);
  const x0 = Math.max(0, Math.floor(outline.left));
  const x1 = Math.min(width, Math.ceil(outline.right));
  const y0 = Math.max(0, Math.floor(Math.min(yAt(outline.top, outline.left), yAt(outline.top, outline.right))));
  const y1 = Math.min(height, Math.ceil(Math.max(yAt(outline.bottom, outline.left), yAt(outline.bottom, outline.right))));
  // The light on the plate: its brighter pixels' level against the plain plate's white.
  const levels: number[] = [];
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) levels.push(Math.max(rgb[3 * (y * width + x)]!, rgb[3 * (y * width + x) + 1]!, rgb[3 * (y * width + x) + 2]!));
  levels.sort((p, q) => p - q);
  const light = Math.min(1, Math.max(0.35, (levels[Math.floor(levels.length * 0.9)] ?? 248) / 248));
  const S = 4;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      let inside = 0;
      const sum = [0, 0, 0];
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const px = x + (sx + 0.5) / S;
          const py = y + (sy + 0.5) / S;
          const t = yAt(outline.top, px);
          const b = yAt(outline.bottom, px);
          const u = (px - outline.left) / (outline.right - outline.left);
          const v = (py - t) / (b - t);
          if (u < 0 || u >= 1 || v < 0 || v >= 1) continue;
          const o = 3 * (Math.min(PH - 1, Math.floor(v * PH)) * PW + Math.min(PW - 1, Math.floor(u * PW)));
          for (let c = 0; c < 3; c++) sum[c]! += plate[o + c]!;
          inside++;
        }
      }
      if (!inside) continue;
      const w = ((inside / (S * S)) * carAlpha[y * width + x]!) / 255;
      const o = 3 * (y * width + x);
      for (let c = 0; c < 3; c++) rgb[o + c] = Math.round(rgb[o + c]! * (1 - w) + (sum[c]! / inside) * light * w);
    }
  }
}

export interface PlateResult {
  /** The plate boxes treated (picture pixels; the plate around its lettering), most plate-like first; none: not found. */
  boxes: Box[];
  /** A logo plate asked for where no plate panel was found: the plate's lettering was blurred instead. */
  blurredInstead?: boolean;
}

/**
 * The whole plate around its lettering, when the plate is a light panel (white, yellow: the letters sit on it): the
 * box grows side by side while at least 40% of the line just outside it is the panel's colour (a line across letters
 * is less), up to four times its size, so letters the detector did not read (a second line, the rest of a word) are
 * inside it too. Undefined when there is no panel: a dark box, light letters on a dark ground (a stripe's lettering:
 * the light pixels are the letters, not the ground), or a panel with no edge within reach (the car's own paint).
 */
export function panelAround(picture: Pick<CarPicture, 'rgb' | 'width' | 'height'>, box: Box): Box | undefined {
  const { rgb, width, height } = picture;
  const px = (x: number, y: number) => 3 * (y * width + x);
  // The panel's colour: the median of the box's brighter half (its background, not its letters).
  const lumas: Array<[number, number]> = [];
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const o = px(x, y);
      lumas.push([lumaAt(rgb, o), o]);
    }
  }
  lumas.sort((a, b) => a[0] - b[0]);
  const [panelLuma, at] = lumas[Math.floor(lumas.length * 0.75)]!;
  if (panelLuma < 140) return undefined;
  const panel = [rgb[at]!, rgb[at + 1]!, rgb[at + 2]!];
  const onPanel = (x: number, y: number) => {
    const o = px(x, y);
    return Math.abs(rgb[o]! - panel[0]!) + Math.abs(rgb[o + 1]! - panel[1]!) + Math.abs(rgb[o + 2]! - panel[2]!) < 90;
  };
  // The ground of a plate is a good part of its box (30% or more, measured: 33-75% on the fixtures' plates); light
  // letters on a dark ground (a stripe's lettering) are a small part of it (8-17%).
  let ground = 0;
  for (let y = box.y; y < box.y + box.height; y++) for (let x = box.x; x < box.x + box.width; x++) if (onPanel(x, y)) ground++;
  if (ground < 0.3 * box.width * box.height) return undefined;
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
  if (right - x >= maxW || bottom - y >= maxH) return undefined;
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

/**
 * Covers the car's plate with a plain plate carrying the dealer's logo, in `picture.rgb`, in place: the most
 * plate-like lettering that sits on a light panel with edges (a plate, not a badge or the paint) is the plate; its
 * panel's outline is fitted and the plain plate drawn into it. Answers the plate's box; none: no plate was found.
 */
export async function coverPlateWithLogo(picture: CarPicture, logo: Buffer, found?: TextBox[]): Promise<PlateResult> {
  const car = carBounds(picture);
  if (!car) return { boxes: [] };
  for (const lettering of found ?? (await findPlates(picture))) {
    const panel = panelAround(picture, lettering);
    // A plate is at least 4% of the car's width and half again as wide as high (plates are 2 to 5 times): a stripe's
    // letter, a bolt or a panel that ran into light paint is not covered.
    if (!panel || panel.width < 0.04 * car.width || panel.width < 1.5 * panel.height) continue;
    const plate = plateAround(panel, picture.width, picture.height, 0.12);
    await coverPlate(picture, outlineOf(picture, plate), logo);
    return { boxes: [plate] };
  }
  return { boxes: [] };
}

/**
 * Blurs the car's plate (and lettering beside it on the bumper) in `picture.rgb`, in place; answers the boxes blurred.
 * Lettering on a light panel is blurred with its whole panel; lettering on the paint keeps its own size.
 */
export async function blurPlates(picture: CarPicture, found?: TextBox[]): Promise<PlateResult> {
  const lettering = found ?? (await findPlates(picture));
  const plates = merged(lettering.map((b) => plateAround(panelAround(picture, b) ?? b, picture.width, picture.height)));
  for (const p of plates) await blurRegion(picture, p);
  return { boxes: plates };
}

/** The package's treatment of the plate: `blur`, or `logo` with the dealer's logo. */
export async function treatPlates(picture: CarPicture, treatment: Exclude<PlateTreatment, 'keep'>, logo?: Buffer): Promise<PlateResult> {
  if (treatment === 'blur') return blurPlates(picture);
  if (!logo) throw new Error('The plate cannot carry a logo the dealer has not uploaded');
  // The detector runs once: the fallback blurs the lettering the logo could not be fitted to.
  const found = await findPlates(picture);
  const covered = await coverPlateWithLogo(picture, logo, found);
  if (covered.boxes.length) return covered;
  // No plate panel to fit the logo to (a plate seen at a slant, a grey one): its lettering is still hidden.
  const blurred = await blurPlates(picture, found);
  return blurred.boxes.length ? { ...blurred, blurredInstead: true } : blurred;
}
