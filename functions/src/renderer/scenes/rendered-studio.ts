/**
 * The studio and the showroom, rendered in code for the photo's camera: no photograph behind the car, so nothing
 * low-resolution to blur, nothing to license, and the same on a fresh clone, in Lambda and with a scene library.
 *
 * Each is a small room traced per pixel at full size from the camera the car implies (scene-view.ts's level camera:
 * its height the photo's own, read from a corner view's ground lines (photo-camera.ts), its horizon and the car's
 * distance from the car's height and where its tyres stand), so the floor meets the tyres at the car's distance and
 * recedes as the car's own ground lines do. Like a turntable shoot, the car turns and the room stays: every angle of a
 * package sees the same room from the same distance and lens (from the height each photo was taken at).
 * - Studio: a seamless cyclorama (the floor curves into the back wall, no horizon line), lit by a large soft box above
 *   the car: brightest behind the car, falling off gently up the wall, toward the sides and the foreground. In white,
 *   light grey or dark grey paper (the grey and dark floors are a little glossier: they show more of the car's
 *   reflection, as a painted studio floor does).
 * - Showroom: a dark polished floor in large tiles, a panelled back wall with windows onto a drawn outside (the room's soft
 *   daylight) under a dark ceiling; the floor mirrors the wall, softly (a glossy, not a mirror finish).
 * The compositor adds what depends on the car: its contact and cast shadows and its faded reflection in the floor, and
 * in the showroom the dealer's logo on a sign on the back wall, above the car (when the package uses the logo).
 */
import type { BackdropLight, CarPlacement, SceneBackdrop, SceneSource } from '../local/compositor';
import sharp from 'sharp';
import { addSensorGrain, sceneCamera, type SceneCamera } from './scene-view';
import { FULL_SIZE } from '../port';
import { RENDERED_BACKGROUNDS } from '@shared/backgrounds';

/** The frame every backdrop is drawn in: full size, the lowest tyre on `floorY`. */
export const STAGE = { width: FULL_SIZE.width, height: FULL_SIZE.height, floorY: Math.round(0.86 * FULL_SIZE.height) } as const;

/** The styles rendered in code (their list is shared/backgrounds.ts's, which the forms and the API read too). */
export type RenderedPlace = (typeof RENDERED_BACKGROUNDS)[number];
export const isRenderedPlace = (style: string): style is RenderedPlace => (RENDERED_BACKGROUNDS as readonly string[]).includes(style);

export const RENDERED_PLACES: Record<RenderedPlace, { id: string; label: string }> = {
  studio: { id: 'rendered:studio-white', label: 'Studio: white cyclorama, soft top light' },
  studio_grey: { id: 'rendered:studio-grey', label: 'Studio: light grey cyclorama, soft top light' },
  studio_dark: { id: 'rendered:studio-dark', label: 'Studio: dark grey cyclorama, soft top light' },
  showroom: { id: 'rendered:showroom', label: 'Showroom: polished floor, panelled wall' },
};

/** Linear light (0..1, 4096 steps) to sRGB bytes. */
const TO_SRGB = Uint8Array.from({ length: 4097 }, (_, i) => {
  const v = i / 4096;
  return Math.round(255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055));
});
const srgb = (linear: number): number => TO_SRGB[Math.max(0, Math.min(4096, Math.round(linear * 4096)))]!;

/** Where a camera ray of row slope `ry` meets the cyclorama: its depth, and its distance along the surface from the car's spot. */
interface CycloramaHit {
  t: number;
  /** Metres along the floor, up the cove and the wall, from under the car (negative toward the camera). */
  s: number;
  /** 1 on the floor, 0 on the wall, between on the cove. */
  floorness: number;
}

/** The cyclorama's profile: the floor runs to COVE_START metres behind the car, curves up with radius COVE_RADIUS, then the wall. */
const COVE_START = 4;
const COVE_RADIUS = 3;

export function cycloramaHit(ry: number, camera: Pick<SceneCamera, 'cameraHeight' | 'carDistance'>): CycloramaHit {
  const hc = camera.cameraHeight, d = camera.carDistance;
  const zc = d + COVE_START, r = COVE_RADIUS;
  if (ry < 0) {
    const t = hc / -ry;
    if (t <= zc) return { t, s: t - d, floorness: 1 };
  }
  // The cove: (t - zc)^2 + (hc + ry t - r)^2 = r^2, the first crossing inside the quarter (t >= zc, height <= r).
  const a = 1 + ry * ry, b = 2 * (-zc + ry * (hc - r)), c = zc * zc + (hc - r) ** 2 - r * r;
  const disc = b * b - 4 * a * c;
  if (disc >= 0) {
    const q = Math.sqrt(disc);
    for (const t of [(-b - q) / (2 * a), (-b + q) / (2 * a)]) {
      const y = hc + ry * t;
      if (t >= zc - 1e-9 && t <= zc + r + 1e-9 && y <= r + 1e-9 && y >= -1e-9) {
        const phi = Math.atan2(t - zc, r - y);
        return { t, s: COVE_START + r * phi, floorness: Math.cos(phi) };
      }
    }
  }
  const t = zc + r;
  return { t, s: COVE_START + (r * Math.PI) / 2 + (hc + ry * t - r), floorness: 0 };
}

/** The cyclorama's paper: how much light it gives back (linear), its floor's gloss, its shadow under the car. */
export type StudioTone = 'white' | 'grey' | 'dark';
/** `pool`: how much of the light is the soft box's pool around the car (the rest reaches the whole room). */
const STUDIO_TONES: Record<StudioTone, { albedo: number; pool: number; reflection: number; shadowStrength: number }> = {
  white: { albedo: 0.92, pool: 0.48, reflection: 0.14, shadowStrength: 0.8 },
  // About sRGB 170 at the brightest: a light grey that still reads as grey beside a white car.
  grey: { albedo: 0.42, pool: 0.55, reflection: 0.18, shadowStrength: 0.75 },
  // About sRGB 90 in the light's pool and 45 at the edges: a light car stands out, a black car's outline stays visible.
  dark: { albedo: 0.11, pool: 0.7, reflection: 0.22, shadowStrength: 0.6 },
};
const TONE_OF: Partial<Record<RenderedPlace, StudioTone>> = { studio: 'white', studio_grey: 'grey', studio_dark: 'dark' };

/** The cyclorama for this camera in `tone` (RGB bytes, full size). */
export function renderStudio(camera: SceneCamera, width: number, height: number, tone: StudioTone = 'white'): Buffer {
  const { focalPx: f, horizonRow } = camera;
  const rgb = Buffer.alloc(width * height * 3);
  // The soft box's light on the surface: a broad pool centred a little behind the car, slower to fall off up the wall
  // than toward the camera; a touch of warmth in the shade, as bounce light off a white room has.
  const { albedo, pool: poolShare } = STUDIO_TONES[tone];
  for (let y = 0; y < height; y++) {
    const ry = (horizonRow - (y + 0.5)) / f;
    const { t, s, floorness } = cycloramaHit(ry, camera);
    const ds = s - 1;
    const along = Math.exp(-((ds / (ds < 0 ? 5 : 10)) ** 2));
    // The floor a shade darker than the paper on the wall, joined without a seam over the cove.
    const base = albedo * (1 - 0.05 * floorness);
    for (let x = 0; x < width; x++) {
      const rx = (x + 0.5 - width / 2) / f;
      const lateral = rx * t;
      const pool = along * Math.exp(-((lateral / 7) ** 2));
      // The lens's own fall-off toward the corners (mild, as a 50 mm lens shows).
      const lens = 1 / (1 + 0.35 * (rx * rx + ry * ry));
      const light = base * (1 - poolShare + poolShare * pool) * lens;
      const i = 3 * (y * width + x);
      const shade = 1 - light;
      rgb[i] = srgb(light * (1 + 0.01 * shade));
      rgb[i + 1] = srgb(light);
      rgb[i + 2] = srgb(light * (1 - 0.015 * shade));
    }
  }
  return rgb;
}

/**
 * The cyclorama at half size, upscaled: it has no edge or texture (soft light on seamless paper, the sensor grain added
 * at full size after), so it looks the same for a quarter of the work; each photo's own camera height draws its own.
 */
export async function renderStudioSmooth(camera: SceneCamera, width: number, height: number, tone: StudioTone = 'white'): Promise<Buffer> {
  const w = Math.ceil(width / 2), h = Math.ceil(height / 2);
  const half = renderStudio({ ...camera, focalPx: (camera.focalPx * w) / width, horizonRow: (camera.horizonRow * h) / height }, w, h, tone);
  return sharp(half, { raw: { width: w, height: h, channels: 3 } }).resize(width, height, { kernel: 'linear' }).raw().toBuffer();
}

/** The showroom's room: the back wall SHOWROOM_WALL metres behind the car, a ceiling at SHOWROOM_CEILING. */
const SHOWROOM_WALL = 12;
const SHOWROOM_CEILING = 5;
const TILE = 1.2;
const PANEL = 3;

/** The windows' glazing: opening heights (metres), the wall's thickness (its reveals show), the frame's and bars' widths. */
const WINDOW = { bottom: 0.4, top: 4.2, margin: 0.15, depth: 0.3, frame: 0.06, bar: 0.05, transom: 3 } as const;
/** What lies outside, metres beyond the back wall: a car park, then a line of trees and low buildings. */
const OUTSIDE_LINE = 80;

/**
 * What a window of the back wall shows at (lateral, height) on the wall, seen from the camera (`hc` up, the wall `zw`
 * off): the ray goes on outside to a paved car park, a tree line with low buildings OUTSIDE_LINE metres beyond the
 * wall, and the sky, brighter than the room but not burnt out (the dealer review: flat white panels read as a drawing).
 */
function outsideView(lateral: number, height: number, hc: number, zw: number, out: Float32Array, o: number): void {
  const slope = (height - hc) / zw;
  const dl = zw + OUTSIDE_LINE;
  const x = (lateral * dl) / zw, atLine = hc + slope * dl;
  // Where the ray meets the ground before the tree line: the car park, lighter toward the line (its haze).
  if (slope < 0 && hc / -slope < dl) {
    const g = 0.26 + 0.08 * Math.min(1, (hc / -slope - zw) / OUTSIDE_LINE);
    (out[o] = g), (out[o + 1] = g), (out[o + 2] = g * 1.04);
    return;
  }
  // The tree line's canopy, bumpy, and flat-roofed blocks standing behind it in places.
  const canopy = 4.5 + 1.2 * Math.sin(x * 0.23) + 0.8 * Math.sin(x * 0.61 + 1) + 0.45 * Math.abs(Math.sin(x * 1.3 + 2)) + 0.2 * Math.sin(x * 3.7);
  const block = Math.floor(x / 14);
  const building = Math.sin(block * 2.1 + 0.7) > 0.5 ? 7 + 2.5 * Math.abs(Math.sin(block * 5.3)) : 0;
  if (atLine < canopy) {
    // Leaves: darker low down and in the canopy's gaps, lit at the top.
    const lit = 0.7 + 0.3 * Math.min(1, Math.max(0, (atLine - canopy + 2.5) / 2.5)) + 0.1 * Math.sin(x * 2.9 + 3 * Math.sin(atLine * 1.7)) * Math.sin(atLine * 3.1 + x * 0.7);
    (out[o] = 0.085 * lit), (out[o + 1] = 0.14 * lit), (out[o + 2] = 0.055 * lit);
    return;
  }
  if (atLine < building) {
    // A pale facade with darker rows of windows every 3 m.
    const floor = (atLine % 3) / 3;
    const f = floor > 0.45 && floor < 0.8 ? 0.45 : 1;
    (out[o] = 0.5 * f), (out[o + 1] = 0.49 * f), (out[o + 2] = 0.47 * f);
    return;
  }
  // The sky: pale near the horizon, a clearer blue higher up.
  const up = Math.min(1, Math.max(0, Math.atan(slope) / 0.3));
  out[o] = 0.8 - 0.3 * up;
  out[o + 1] = 0.88 - 0.22 * up;
  out[o + 2] = 0.98 - 0.06 * up;
}

/**
 * The showroom's back wall at (lateral, height) metres: light grey panels with dark seams, every third one a window
 * onto the outside (outsideView), in a dark frame with a mullion and a transom, its far reveal (the wall's thickness,
 * which the camera sees on the side away from it) lit by the daylight; a dark plinth, the ceiling above.
 */
function showroomWall(lateral: number, height: number, footprint: number, out: Float32Array, o: number, hc: number, zw: number): void {
  if (height >= SHOWROOM_CEILING) {
    out[o] = 0.04;
    out[o + 1] = 0.04;
    out[o + 2] = 0.045;
    return;
  }
  const light = (0.7 + 0.3 * Math.exp(-(((height - 1.5) / 3) ** 2))) * (0.7 + 0.3 * Math.exp(-((lateral / 12) ** 2)));
  const panel = Math.round(lateral / PANEL);
  const seam = Math.abs(lateral / PANEL - panel) * PANEL;
  const seamWidth = 0.015;
  const onSeam = Math.max(0, 1 - seam / Math.max(seamWidth, footprint)) * Math.min(1, seamWidth / footprint + 0.3);
  const centre = panel * PANEL, half = PANEL / 2 - WINDOW.margin;
  if (((panel % 3) + 3) % 3 === 1 && height > WINDOW.bottom && height < WINDOW.top && Math.abs(lateral - centre) < half) {
    // Through the wall's thickness the ray moves sideways and down: near the opening's far side and its sill it meets
    // the reveal before the glass.
    const dx = (WINDOW.depth * lateral) / zw, dy = (WINDOW.depth * (height - hc)) / zw;
    const across = lateral - centre;
    const inReveal = Math.abs(across + dx) > half || height + dy < WINDOW.bottom || height + dy > WINDOW.top;
    if (inReveal) {
      const v = 0.75 * light;
      (out[o] = v), (out[o + 1] = v), (out[o + 2] = v * 1.02);
      return;
    }
    const edge = Math.min(half - Math.abs(across), height - WINDOW.bottom, WINDOW.top - height);
    const onBar = edge < WINDOW.frame || Math.abs(across) < WINDOW.bar / 2 || Math.abs(height - WINDOW.transom) < WINDOW.bar / 2;
    if (onBar) {
      (out[o] = 0.035), (out[o + 1] = 0.037), (out[o + 2] = 0.04);
      return;
    }
    outsideView(lateral + dx, height + dy, hc, zw, out, o);
    // The glass: a faint grey-green sheen of the room over the view.
    out[o] = out[o]! * 0.9 + 0.04;
    out[o + 1] = out[o + 1]! * 0.92 + 0.045;
    out[o + 2] = out[o + 2]! * 0.9 + 0.045;
    return;
  }
  let albedo = height < 0.2 ? 0.1 : 0.55;
  if (height >= 0.2) albedo *= 1 - 0.55 * onSeam;
  const v = albedo * light;
  out[o] = v;
  out[o + 1] = v;
  out[o + 2] = v * 1.02;
}

/** The showroom for this camera (RGB bytes, full size): the wall out of focus a little, the floor sharp at the car. */
async function renderShowroom(camera: SceneCamera, width: number, height: number): Promise<Buffer> {
  const { focalPx: f, horizonRow, cameraHeight: hc, carDistance: d } = camera;
  const zw = d + SHOWROOM_WALL;
  const linear = new Float32Array(width * height * 3);
  // The floor's reflection of the wall, traced at a quarter size and blurred: the finish is glossy, not a mirror.
  const q = 4, w = Math.ceil(width / q), h = Math.ceil(height / q);
  const mirrored = Buffer.alloc(w * h * 3);
  const wall = new Float32Array(3);
  for (let y = 0; y < h; y++) {
    const ry = (horizonRow - (y + 0.5) * q) / f;
    if (ry >= 0) continue;
    const t = hc / -ry;
    if (t >= zw) continue;
    const up = -ry * (zw - t);
    for (let x = 0; x < w; x++) {
      const rx = ((x + 0.5) * q - width / 2) / f;
      showroomWall(rx * zw, up, 0.05, wall, 0, -hc, zw); // seen from the camera mirrored under the floor
      const i = 3 * (y * w + x);
      mirrored[i] = Math.min(255, wall[0]! * 100);
      mirrored[i + 1] = Math.min(255, wall[1]! * 100);
      mirrored[i + 2] = Math.min(255, wall[2]! * 100);
    }
  }
  const glossy = await sharp(mirrored, { raw: { width: w, height: h, channels: 3 } }).blur(5).resize(width, height, { kernel: 'linear' }).raw().toBuffer();
  for (let y = 0; y < height; y++) {
    const ry = (horizonRow - (y + 0.5)) / f;
    const onFloor = ry < 0 && hc / -ry < zw;
    const t = onFloor ? hc / -ry : zw;
    const wallHeight = hc + ry * zw;
    // A pixel's size on the surface (metres), for seams that neither alias nor vanish.
    const footprint = onFloor ? (t * t) / (hc * f) : t / f;
    // Grazing views of a polished floor reflect more (Fresnel).
    const fresnel = onFloor ? 0.1 + 0.3 * (1 - Math.min(1, -ry * 4)) ** 3 : 0;
    for (let x = 0; x < width; x++) {
      const rx = (x + 0.5 - width / 2) / f;
      const lateral = rx * t;
      const i = 3 * (y * width + x);
      const lens = 1 / (1 + 0.35 * (rx * rx + ry * ry));
      if (onFloor) {
        const depth = t - d;
        const u = Math.abs(lateral / TILE - Math.round(lateral / TILE)) * TILE;
        const v = Math.abs(depth / TILE - Math.round(depth / TILE)) * TILE;
        const seamWidth = 0.006;
        const seam = Math.max(Math.max(0, 1 - u / Math.max(seamWidth, t / f)) * Math.min(1, seamWidth / (t / f) + 0.2), Math.max(0, 1 - v / Math.max(seamWidth, footprint)) * Math.min(1, seamWidth / footprint + 0.2));
        const pool = Math.exp(-((lateral / 6) ** 2) - (depth / 7) ** 2);
        const base = 0.05 * (0.5 + 0.5 * pool) * (1 - 0.4 * seam);
        linear[i] = base + fresnel * (glossy[i]! / 100);
        linear[i + 1] = base + fresnel * (glossy[i + 1]! / 100);
        linear[i + 2] = base * 1.03 + fresnel * (glossy[i + 2]! / 100);
      } else showroomWall(lateral, wallHeight, footprint, linear, i, hc, zw);
      linear[i] = linear[i]! * lens;
      linear[i + 1] = linear[i + 1]! * lens;
      linear[i + 2] = linear[i + 2]! * lens;
    }
  }
  const sharpRgb = Buffer.alloc(linear.length);
  for (let i = 0; i < linear.length; i++) sharpRgb[i] = srgb(linear[i]! / (1 + linear[i]! * 0.25)); // a soft shoulder for the light band
  // Depth of field: the wall (SHOWROOM_WALL metres behind the car) is a little soft, the floor at the tyres sharp.
  // Only the rows that get any blur (the wall and the far floor, above the car's spot) are blurred.
  const blurOf = (y: number) => {
    const ry = (horizonRow - (y + 0.5)) / f;
    const z = ry < 0 ? Math.min(zw, hc / -ry) : zw;
    return Math.min(1, Math.max(0, 1 - d / z) * 1.6);
  };
  let rows = 0;
  while (rows < height && blurOf(rows) > 0.02) rows++;
  if (rows === 0) return sharpRgb;
  const band = Math.min(height, rows + 12);
  const soft = await sharp(sharpRgb.subarray(0, 3 * width * band), { raw: { width, height: band, channels: 3 } }).blur(3).raw().toBuffer();
  for (let y = 0; y < rows; y++) {
    const k = blurOf(y);
    for (let i = 3 * y * width; i < 3 * (y + 1) * width; i++) sharpRgb[i] = sharpRgb[i]! * (1 - k) + soft[i]! * k;
  }
  return sharpRgb;
}

/**
 * The room as this camera sees it, kept for the next angles: every angle of a package is drawn at the same height
 * from the same distance, and the front, rear and side views (and corners shot from the same height, rounded to
 * CAMERA_HEIGHT_STEP) from the same camera height, so they share one view (the compositor draws on a copy). A few
 * views, about 5 MB each.
 */
const views = new Map<string, Promise<Buffer>>();
const VIEWS_KEPT = 4;
function roomView(place: RenderedPlace, camera: SceneCamera, width: number, height: number): Promise<Buffer> {
  const key = [place, width, height, camera.horizonRow.toFixed(2), camera.carDistance.toFixed(4)].join();
  let view = views.get(key);
  if (!view) {
    view = (async () => {
      const tone = TONE_OF[place];
      const rgb = tone ? await renderStudioSmooth(camera, width, height, tone) : await renderShowroom(camera, width, height);
      addSensorGrain(rgb, 1.5);
      return rgb;
    })();
    views.set(key, view);
    view.catch(() => views.delete(key));
    if (views.size > VIEWS_KEPT) views.delete(views.keys().next().value!);
  }
  return view;
}

/** The showroom's sign for the dealer's logo: a board on the middle panel, hung above the car (metres). */
const SIGN = { width: 2.4, height: 1, lowest: 2.4, belowCeiling: 0.3 } as const;

/**
 * Where the showroom's sign hangs for this camera and car: centred on the back wall, its lower edge at 2.4 m or higher
 * so that it clears the car's roof by 3% of the frame; none when that would reach the ceiling or leave the frame (the
 * logo then goes in the corner, as in the other places). In the room's light, as soft as the wall (depth of field).
 */
export function showroomSign(camera: SceneCamera, placement: Pick<CarPlacement, 'top'>, width: number, height: number): SceneBackdrop['logoSign'] {
  const { focalPx: f, horizonRow, cameraHeight: hc, carDistance: d } = camera;
  const zw = d + SHOWROOM_WALL;
  const heightAtRow = (row: number) => hc + ((horizonRow - row) * zw) / f;
  const rowAtHeight = (h: number) => horizonRow - (f * (h - hc)) / zw;
  const bottom = Math.max(SIGN.lowest, heightAtRow(placement.top - 0.03 * height));
  const top = bottom + SIGN.height;
  if (top > SHOWROOM_CEILING - SIGN.belowCeiling || rowAtHeight(top) < 0.02 * height) return undefined;
  const w = (f * SIGN.width) / zw;
  return {
    left: width / 2 - w / 2,
    top: rowAtHeight(top),
    width: w,
    height: rowAtHeight(bottom) - rowAtHeight(top),
    light: 0.86,
    blur: 1.5 * Math.min(1, Math.max(0, 1 - d / zw) * 1.6),
  };
}

/** How dark the crease where the tyres meet the studio's or showroom's floor is (SceneBackdrop.contactLine). */
const STUDIO_CONTACT_LINE = 0.6;

/**
 * The studio's large soft box right above the car: no cast shadow to speak of, a dark pool under the car fading within
 * about a fifth of its height beyond its footprint, with no direction (compositor.ts, poolShadow).
 */
const TOP_LIGHT: BackdropLight = { relativeYaw: 0, elevation: 80, dominance: 0.12, tint: [1, 1, 1], exposure: 1, pool: { reach: 0.2, lean: 0, strength: 0.42 } };
/**
 * The showroom's light: the windows of the back wall behind the car and the ceiling's wash. A softer pool than
 * the studio's (a larger, further light), a little stretched toward the camera, away from the windows.
 */
const SHOWROOM_LIGHT: BackdropLight = { relativeYaw: 0, elevation: 35, dominance: 0.1, tint: [1, 1, 1], exposure: 1, pool: { reach: 0.28, lean: 0.25, strength: 0.36 } };

/**
 * The rendered studio or showroom for one angle. The room does not turn with the angle (a turntable shoot): the
 * azimuth is recorded, the camera's yaw stays 0.
 */
export function renderedPlaceSource(place: RenderedPlace, azimuth: number, width: number, height: number, floorY: number, cameraHeight?: (placement: CarPlacement) => number): SceneSource {
  const { id, label } = RENDERED_PLACES[place];
  return {
    width,
    height,
    floorY,
    async draw(placement: CarPlacement) {
      const tone = TONE_OF[place];
      const camera = sceneCamera(0, placement.contactRow, placement.ch, width, cameraHeight?.(placement));
      const rgb = await roomView(place, camera, width, height);
      return {
        rgb,
        shadowStrength: tone ? STUDIO_TONES[tone].shadowStrength : 0.85,
        reflection: tone ? STUDIO_TONES[tone].reflection : 0.3,
        // The tyres meet the floor in a dark crease, lighter than outdoors: the reflection carries them on below it.
        contactLine: STUDIO_CONTACT_LINE,
        light: place === 'showroom' ? SHOWROOM_LIGHT : TOP_LIGHT,
        ...(place === 'showroom' ? { logoSign: showroomSign(camera, placement, width, height) } : {}),
        scene: { id, label, yaw: 0, azimuth, horizonRow: camera.horizonRow, groundRow: camera.groundRow, focalPx: camera.focalPx, cameraHeight: camera.cameraHeight, carDistance: camera.carDistance },
      };
    },
  };
}

/** The rendered place on the full-size stage, for one angle's azimuth (tools and tests compose on it directly). */
export const renderedPlace = (place: RenderedPlace = 'studio', azimuth = 0): SceneSource => renderedPlaceSource(place, azimuth, STAGE.width, STAGE.height, STAGE.floorY);
