/**
 * A perspective view of a panorama behind the car, as a photographer's camera would see the scene.
 *
 * The camera is level (verticals stay vertical, as with a shifted lens) at the photo's own camera height (read from the
 * car's ground lines, photo-camera.ts; CAMERA_HEIGHT when the photo does not say), with its horizon on the row where
 * the car says it is: a car of CAR_HEIGHT metres that is `h` pixels tall, standing on `contactRow`, puts a camera of
 * `hc` metres' eye level `h * hc / CAR_HEIGHT` rows above its tyres. The lens (50 degrees across) gives the car's
 * distance; every angle draws the car at one height (framing.ts), so a package's angles share one distance. Rays above the horizon look up the panorama by direction; rays below it
 * hit a flat ground plane and look up that ground point as the panorama's camera (PANO_HEIGHT up, at the car's spot)
 * saw it, so the ground under the car is the scene's own floor at the right scale wherever the camera stands.
 *
 * Depth of field: a thin lens focused on the car blurs a point at depth z by |1 - d/z| of the blur at infinity;
 * ground rows have one depth each (level camera), so the backdrop is rendered at a quarter of the output size, blurred
 * at a few strengths, blended row by row, and upscaled: the ground at the tyres sharp, the distance soft.
 */
import sharp from 'sharp';
import type { Panorama } from './scene-library';
import { addGroundGrain, flattenBrightBlotches, grainContrast, groundTextureContrast } from './ground-grain';
import { detailAt, type GroundDetail } from './ground-detail';

/** The camera's height when the photo does not say (a front, rear or side view): a photographer standing. */
export const CAMERA_HEIGHT = 1.4;
export const CAR_HEIGHT = 1.5;
export const FIELD_OF_VIEW_DEGREES = 50;
/** Blur (gaussian sigma, output pixels) of the far scene: a long lens at a wide aperture, and more than the 1k panorama's own softness. */
export const FAR_BLUR = 14;
/** The backdrop is rendered at a quarter of the output size: it is out of focus, and the 1k panorama holds less detail still. */
export const REDUCE = 4;

export interface SceneCamera {
  /** Camera direction in degrees (panorama columns: 0 at the left edge, growing to the right). */
  yaw: number;
  horizonRow: number;
  focalPx: number;
  cameraHeight: number;
  /** From the camera to the car's spot on the ground, metres. */
  carDistance: number;
  /** The row where the scene's ground lies at the car's distance: where the tyres must touch it. */
  groundRow: number;
  /**
   * Where the car stands from the panorama's camera on its ground, metres along the panorama's directions (x toward yaw
   * 90, z toward yaw 0); absent: where that camera stood (scene-manifest.ts, carSpot).
   */
  spot?: [number, number];
}

/** An angle in degrees as a turn of -180 to 180 (left of a direction is negative). */
export const signedDegrees = (degrees: number) => ((((degrees + 180) % 360) + 360) % 360) - 180;

/** The lens's focal length in pixels for a frame `width` wide (FIELD_OF_VIEW_DEGREES across). */
export const focalPxFor = (width: number) => width / (2 * Math.tan((FIELD_OF_VIEW_DEGREES * Math.PI) / 360));

/** The camera a car of `carHeightPx` standing on `contactRow` implies, `cameraHeight` metres up, turned to `yaw`. */
export function sceneCamera(yaw: number, contactRow: number, carHeightPx: number, width: number, cameraHeight: number = CAMERA_HEIGHT): SceneCamera {
  const focalPx = focalPxFor(width);
  const horizonRow = contactRow - (carHeightPx * cameraHeight) / CAR_HEIGHT;
  const carDistance = (focalPx * CAR_HEIGHT) / carHeightPx;
  return { yaw: ((yaw % 360) + 360) % 360, horizonRow, focalPx, cameraHeight, carDistance, groundRow: horizonRow + (focalPx * cameraHeight) / carDistance };
}

/** Bilinear sample of the panorama at (u, v) in pixels, wrapping around horizontally. */
function sample(p: Panorama, u: number, v: number, out: Float32Array, o: number): void {
  const W = p.width, H = p.height;
  const x0f = Math.floor(u - 0.5), y0f = Math.floor(v - 0.5);
  const fx = u - 0.5 - x0f, fy = v - 0.5 - y0f;
  const x0 = ((x0f % W) + W) % W, x1 = (x0 + 1) % W;
  const y0 = Math.max(0, Math.min(H - 1, y0f)), y1 = Math.max(0, Math.min(H - 1, y0f + 1));
  const a = 3 * (y0 * W + x0), b = 3 * (y0 * W + x1), c = 3 * (y1 * W + x0), d = 3 * (y1 * W + x1);
  const s = p.srgb;
  for (let k = 0; k < 3; k++)
    out[o + k] = (s[a + k]! * (1 - fx) + s[b + k]! * fx) * (1 - fy) + (s[c + k]! * (1 - fx) + s[d + k]! * fx) * fy;
}

/**
 * The scene sampled every `step` output pixels over rows [y0, y1) (float RGB, (y1 - y0) / step rows of width / step):
 * the ray through each sample, above the horizon by direction, below it where it meets the ground.
 */
function sampleView(p: Panorama, camera: SceneCamera, panoHeight: number, width: number, step: number, y0: number, y1: number, detail?: GroundDetail): Float32Array {
  const w = Math.round(width / step), h = Math.round((y1 - y0) / step);
  const { focalPx: f, horizonRow, cameraHeight: hc, carDistance: d } = camera;
  const [sx, sz] = camera.spot ?? [0, 0];
  const psi = (camera.yaw * Math.PI) / 180;
  const Fx = Math.sin(psi), Fz = Math.cos(psi), Rx = Math.cos(psi), Rz = -Math.sin(psi);
  const small = new Float32Array(w * h * 3);
  const toU = p.width / (2 * Math.PI), toV = p.height / Math.PI;
  for (let y = 0; y < h; y++) {
    const Y = y0 + (y + 0.5) * step;
    const ry = (horizonRow - Y) / f;
    for (let x = 0; x < w; x++) {
      const rx = ((x + 0.5) * step - width / 2) / f;
      const dx = rx * Rx + Fx, dz = rx * Rz + Fz; // horizontal part of the ray (forward component 1)
      let yaw: number, elevation: number, texture = 1;
      if (ry < -1e-4) {
        // The ground point this ray hits, relative to the car's spot (the panorama's camera position).
        const t = hc / -ry;
        const gx = t * dx - d * Fx + sx, gz = t * dz - d * Fz + sz;
        yaw = Math.atan2(gx, gz);
        elevation = -Math.atan2(panoHeight, Math.hypot(gx, gz));
        // The ground's own texture at this sample's footprint (along the ground, its longer side): ground-detail.ts.
        if (detail) texture = 1 + detailAt(detail, gx, gz, (step * t * t) / (f * hc));
      } else {
        yaw = Math.atan2(dx, dz);
        elevation = Math.atan2(ry, Math.hypot(dx, dz));
      }
      const o = 3 * (y * w + x);
      sample(p, (yaw < 0 ? yaw + 2 * Math.PI : yaw) * toU, (Math.PI / 2 - elevation) * toV, small, o);
      if (texture !== 1) for (let k = 0; k < 3; k++) small[o + k] = Math.min(255, small[o + k]! * texture);
    }
  }
  return small;
}

/**
 * The mean luma (0..255) of the view as the scene was shot, before its grade (scene-library.ts, gradedToneMap): the
 * photographer's filter darkens the sky in the picture, not the light the car stands in. Sampled every 8 pixels.
 */
export function meteredLuma(p: Panorama, camera: SceneCamera, panoHeight: number, width: number, height: number): number {
  const view = sampleView({ ...p, srgb: p.metered ?? p.srgb }, camera, panoHeight, width, 8, 0, Math.floor(height / 8) * 8);
  let sum = 0;
  for (let i = 0; i < view.length; i += 3) sum += 0.2126 * view[i]! + 0.7152 * view[i + 1]! + 0.0722 * view[i + 2]!;
  return sum / (view.length / 3);
}

/** The scene behind the car at the output size (RGB bytes). */
export async function renderSceneView(p: Panorama, camera: SceneCamera, panoHeight: number, width: number, height: number, farBlur = FAR_BLUR, { detail, flattenBlotches = false }: { detail?: GroundDetail; flattenBlotches?: boolean } = {}): Promise<Buffer> {
  const small = sampleView(p, camera, panoHeight, width, REDUCE, 0, Math.round(height / REDUCE) * REDUCE, detail);
  const bytes = Buffer.alloc(small.length);
  for (let i = 0; i < small.length; i++) bytes[i] = small[i]!;
  // No pale blotch of the panorama's ground in front of the car either (the band, sharpenGroundAtCar, takes those at
  // the car): from BLOTCH_NEAR nearer than the car down to the frame's foot, at the backdrop's quarter size.
  if (flattenBlotches) {
    const depth = camera.groundRow - camera.horizonRow;
    flattenBrightBlotches(bytes, Math.round(width / REDUCE), (r) => (depth > 0 ? Math.max(0, Math.min(1, ((r + 0.5) * REDUCE - camera.groundRow) / depth / BLOTCH_NEAR - 0.5)) : 0), FRONT_BLOTCH_REACH);
  }
  return outOfFocus(bytes, camera, width, height, farBlur);
}

/** How far from the focus (|1 - d/z|, the share of the far blur) nearer the camera the ground keeps its own detail: in focus. */
export const SHARP_GROUND_DEPTH = 0.05;
/**
 * Beyond the car's distance the in-focus ground reaches further (0.1 of the rows to the horizon): in a corner view the
 * rear tyres stand a car's length further off, and a lens focused on the car keeps the whole car, and the ground it
 * stands on, sharp.
 */
export const SHARP_GROUND_DEPTH_BEYOND = 0.1;
/**
 * Where the full-size ground ends and the quarter-size backdrop takes over (|1 - d/z| nearer / beyond the car): there
 * the lens's blur (|1 - d/z| of FAR_BLUR, 2.8 and 4.2 output pixels) is more than the backdrop's upscaling loses, so the
 * two meet at the same softness and no edge of the band shows.
 */
export const GROUND_BAND_NEAR = 0.2;
export const GROUND_BAND_BEYOND = 0.3;
/**
 * The blurs (gaussian sigma, output pixels) the full-size ground is drawn at, blended row by row between neighbours:
 * 0 is the ground with an unsharp mask, 0.35 the ground as sampled (neither sharpened nor blurred).
 */
const BAND_SIGMAS = [0, 0.35, 0.6, 1, 1.6, 2.6, 3.8, 5.2, 7.2, 9.6];
const PLAIN = 0.35;

/** How far beyond the car the ground stays in focus, and where the band meets the backdrop (|1 - d/z|). */
export interface GroundBandBeyond {
  sharp: number;
  edge: number;
}
const DEFAULT_BEYOND: GroundBandBeyond = { sharp: SHARP_GROUND_DEPTH_BEYOND, edge: GROUND_BAND_BEYOND };
/** Room (|1 - d/z|) kept in focus past the farthest tyre, and from there to the band's edge. */
const PAST_FAR_TYRE = 0.03;
const FAR_TYRE_FADE = GROUND_BAND_BEYOND - SHARP_GROUND_DEPTH_BEYOND;

/**
 * The in-focus ground beyond the car for a car whose farthest tyre touches the ground on `farRow` (a corner view's rear
 * tyre, further off than the near front one): the lens focused on the car keeps the ground under every tyre sharp, so
 * the band reaches past that tyre's distance (at least SHARP_GROUND_DEPTH_BEYOND), and fades into the backdrop as far
 * again beyond it as by default.
 */
export function groundBandBeyond(camera: Pick<SceneCamera, 'groundRow' | 'horizonRow'>, farRow?: number): GroundBandBeyond {
  const depth = camera.groundRow - camera.horizonRow;
  if (farRow === undefined || depth <= 0 || farRow >= camera.groundRow) return DEFAULT_BEYOND;
  const k = Math.min(0.6, 1 - (farRow - camera.horizonRow) / depth);
  const sharp = Math.max(SHARP_GROUND_DEPTH_BEYOND, k + PAST_FAR_TYRE);
  return { sharp, edge: Math.max(GROUND_BAND_BEYOND, sharp + FAR_TYRE_FADE) };
}
/** The blotch rule's reach in front of the car, quarter-size pixels either side (80 output pixels): the panorama's pale patches there are a few texels, 150-250 output pixels wide. */
const FRONT_BLOTCH_REACH = 10;
/** Where the ground near the car is kept free of bright blotches in full (|1 - d/z| nearer / beyond), fading out from there to the band's edges. */
export const BLOTCH_NEAR = 0.1, BLOTCH_BEYOND = 0.15;
/** The grain fades out from the middle of the in-focus ground to this share of the band's edge (where the band begins to blend): a steeper fade read as a step in detail. */
const GRAIN_FADE = 0.65;
/** How the blur grows from the in-focus ground to the band's edges: slowly at first (fine detail fades fastest there). */
const BAND_EASE = 3;

/**
 * The ground's blur on a row `k` (|1 - d/z| signed: positive beyond the car) of the full-size band: none where it is in
 * focus, then rising to the lens's own blur (|k| of FAR_BLUR, of the scene's `farBlur` beyond the car) at the band's
 * edges, where the backdrop has that blur.
 */
export function groundBandSigma(k: number, beyond: GroundBandBeyond = DEFAULT_BEYOND, farBlur = FAR_BLUR): number {
  const [sharp, edge] = k > 0 ? [beyond.sharp, beyond.edge] : [SHARP_GROUND_DEPTH, GROUND_BAND_NEAR];
  const t = Math.max(0, Math.min(1, (Math.abs(k) - sharp) / (edge - sharp)));
  return (Math.expm1(BAND_EASE * t) / Math.expm1(BAND_EASE)) * Math.abs(k) * (k > 0 ? farBlur : FAR_BLUR);
}

/**
 * The ground around the tyres as sharp as the tyres: the view of the quarter-size backdrop is upscaled, so at the car
 * (in focus) the ground is as soft as four output pixels while the tyres standing on it are sharp, and the car reads
 * as floating. The rows between GROUND_BAND_BEYOND beyond the car and GROUND_BAND_NEAR nearer are sampled again at every
 * output pixel, given an unsharp mask where they are in focus (the 1k panorama near its nadir holds about one pixel per
 * 2-3 output pixels there), and blurred row by row as the lens blurs them (groundBandSigma): sharp from
 * SHARP_GROUND_DEPTH nearer to SHARP_GROUND_DEPTH_BEYOND beyond the car, as soft as the backdrop at the band's edges,
 * where it fades into it. So the band has no edge: no step in sharpness or brightness across the frame. Returns the
 * rows it changed.
 */
export async function sharpenGroundAtCar(rgb: Buffer, p: Panorama, camera: SceneCamera, panoHeight: number, width: number, height: number, farRow?: number, farBlur = FAR_BLUR, { grain = false, flattenBlotches = false, detail }: { grain?: boolean; flattenBlotches?: boolean; detail?: GroundDetail } = {}): Promise<{ from: number; to: number }> {
  const { groundRow, horizonRow } = camera;
  const depth = groundRow - horizonRow; // rows between the horizon and the car's ground
  const beyond = groundBandBeyond(camera, farRow);
  // |1 - d/z| = |1 - (Y - horizon) / depth| for a ground row Y.
  const from = Math.max(0, Math.floor(groundRow - beyond.edge * depth));
  const to = Math.min(height, Math.ceil(groundRow + GROUND_BAND_NEAR * depth));
  if (to - from < 4 || depth <= 0) return { from, to: from };
  const rows = to - from;
  const band = sampleView(p, camera, panoHeight, width, 1, from, to, detail);
  const bytes = Buffer.alloc(band.length);
  for (let i = 0; i < band.length; i++) bytes[i] = band[i]!;
  // The grit the panorama cannot hold at this size, as rough as its own ground, before the lens's blur (ground-grain.ts).
  const focusRows = [Math.max(0, Math.round(groundRow - SHARP_GROUND_DEPTH_BEYOND * depth) - from), Math.min(rows, Math.round(groundRow + SHARP_GROUND_DEPTH * depth) - from)] as const;
  // No bright blotch of the panorama's ground at the car: full within BLOTCH_NEAR / BLOTCH_BEYOND, fading out toward the band's edges.
  if (flattenBlotches) flattenBrightBlotches(bytes, width, (r) => {
    const k = 1 - (from + r + 0.5 - horizonRow) / depth;
    const t = k > 0 ? (k - BLOTCH_BEYOND) / (beyond.edge - BLOTCH_BEYOND) : (-k - BLOTCH_NEAR) / (GROUND_BAND_NEAR - BLOTCH_NEAR);
    return Math.max(0, Math.min(1, 1 - t));
  });
  // Full where the ground is in focus, gone before the band starts to blend into the backdrop (which has no grain):
  // a grain running on into the blend drew the blend's edge as a step in detail.
  const grainWeight = (r: number) => {
    const k = 1 - (from + r + 0.5 - horizonRow) / depth;
    const [sharpK, edge] = k > 0 ? [beyond.sharp, beyond.edge] : [SHARP_GROUND_DEPTH, GROUND_BAND_NEAR];
    const t = Math.max(0, Math.min(1, (Math.abs(k) - sharpK / 2) / (GRAIN_FADE * edge - sharpK / 2)));
    return 1 - t * t * (3 - 2 * t);
  };
  if (grain) addGroundGrain(bytes, width, from, camera, grainContrast(groundTextureContrast(bytes, width, focusRows[0], focusRows[1])), grainWeight);
  // Each row's two neighbouring blur levels and its weight over the backdrop.
  const top = BAND_SIGMAS[BAND_SIGMAS.length - 1]!;
  const plan: Array<{ j: number; m: number; weight: number }> = [];
  for (let y = from; y < to; y++) {
    const k = 1 - (y + 0.5 - horizonRow) / depth; // positive beyond the car
    const sigma = Math.min(top, groundBandSigma(k, beyond, farBlur));
    let j = 0;
    while (j + 2 < BAND_SIGMAS.length && BAND_SIGMAS[j + 1]! < sigma) j++;
    const m = Math.max(0, Math.min(1, (sigma - BAND_SIGMAS[j]!) / (BAND_SIGMAS[j + 1]! - BAND_SIGMAS[j]!)));
    // Into the backdrop over the band's outer third on each side, where both are about as soft.
    const edge = k > 0 ? beyond.edge : GROUND_BAND_NEAR;
    const u = Math.max(0, Math.min(1, (1 - Math.abs(k) / edge) / 0.35));
    plan.push({ j, m, weight: u * u * (3 - 2 * u) });
  }
  // Each level is made only for the rows that use it (beyond the car and nearer it apart), with room for its blur.
  const focus = Math.max(0, Math.min(rows, Math.round(groundRow - from)));
  const strips = await Promise.all(
    BAND_SIGMAS.flatMap((sigma, level) =>
      [[0, focus], [focus, rows]].map(async ([r0, r1]) => {
        let first = -1, last = -1;
        for (let r = r0!; r < r1!; r++) {
          const { j, weight } = plan[r]!;
          if (weight > 0 && (j === level || j + 1 === level)) (first = first < 0 ? r : first), (last = r);
        }
        if (first < 0) return undefined;
        const pad = Math.ceil(3 * Math.max(sigma, 1.2)) + 1;
        const y0 = Math.max(0, first - pad), y1 = Math.min(rows, last + 1 + pad);
        const strip = bytes.subarray(3 * y0 * width, 3 * y1 * width);
        const raw = { raw: { width, height: y1 - y0, channels: 3 as const } };
        const data =
          sigma === 0
            ? await sharp(strip, raw).sharpen({ sigma: 1.2, m1: 0.5, m2: 2.5 }).raw().toBuffer()
            : sigma === PLAIN
              ? strip
              : await sharp(strip, raw).blur(sigma).raw().toBuffer();
        return { level, y0, y1, data };
      }),
    ),
  );
  const rowOf = (level: number, r: number) => {
    const s = strips.find((x) => x && x.level === level && r >= x.y0 && r < x.y1)!;
    return { data: s.data, at: 3 * (r - s.y0) * width };
  };
  for (let r = 0; r < rows; r++) {
    const { j, m, weight } = plan[r]!;
    if (weight <= 0) continue;
    const A = rowOf(j, r), B = rowOf(j + 1, r);
    const o = 3 * (from + r) * width;
    for (let i = 0; i < 3 * width; i++) rgb[o + i] = rgb[o + i]! * (1 - weight) + (A.data[A.at + i]! * (1 - m) + B.data[B.at + i]! * m) * weight;
  }
  return { from, to };
}

/**
 * Reduced-size scene (RGB bytes at a quarter of the output) blurred row by row for the camera's focus, then upscaled;
 * `farBlur` (the scene's, scene-manifest.ts) in place of FAR_BLUR beyond the car's distance.
 */
export async function outOfFocus(bytes: Buffer, camera: SceneCamera, width: number, height: number, farBlur = FAR_BLUR): Promise<Buffer> {
  const w = Math.round(width / REDUCE), h = Math.round(height / REDUCE);
  const { focalPx: f, horizonRow, cameraHeight: hc, carDistance: d } = camera;
  // Blur per row: |1 - d/z| of the far blur, z the ground's depth on that row (infinite at and above the horizon).
  const levels = [0, 0.15, 0.35, 0.65, 1, 1.4];
  const blurred = await Promise.all(
    levels.map((k) => (k === 0 ? Promise.resolve(bytes) : sharp(bytes, { raw: { width: w, height: h, channels: 3 } }).blur(Math.max(0.3, (k * FAR_BLUR) / REDUCE)).raw().toBuffer())),
  );
  const out = Buffer.alloc(bytes.length);
  for (let y = 0; y < h; y++) {
    const Y = (y + 0.5) * REDUCE;
    const z = Y > horizonRow ? (hc * f) / (Y - horizonRow) : Infinity;
    // Beyond the car (and the sky) at the scene's far blur: a scene whose far land is the point (the hilltop's
    // ridges) keeps its outlines, while the ground nearer the camera than the car keeps the lens's full blur.
    const k = Math.min(levels[levels.length - 1]!, Math.abs(1 - d / z) * (z > d ? farBlur / FAR_BLUR : 1));
    let j = 0;
    while (j + 2 < levels.length && levels[j + 1]! < k) j++;
    const m = Math.max(0, Math.min(1, (k - levels[j]!) / (levels[j + 1]! - levels[j]!)));
    const A = blurred[j]!, B = blurred[j + 1]!;
    for (let i = 3 * y * w; i < 3 * (y + 1) * w; i++) out[i] = A[i]! * (1 - m) + B[i]! * m;
  }
  return sharp(out, { raw: { width: w, height: h, channels: 3 } }).resize(width, height, { kernel: 'linear' }).raw().toBuffer();
}

/**
 * Fine luminance noise, as the camera's sensor adds to the car: a smooth backdrop otherwise looks pasted. One fixed
 * noise field per output size and strength, made once per process (making it per image cost about 40 ms).
 */
const noiseFields = new Map<string, Int8Array>();
export function addSensorGrain(rgb: Buffer, amplitude: number): void {
  const pixels = rgb.length / 3;
  const key = `${pixels}:${amplitude}`;
  let noise = noiseFields.get(key);
  if (!noise) {
    let s = 7;
    const rnd = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296);
    noise = new Int8Array(pixels);
    for (let i = 0; i < pixels; i++) noise[i] = Math.round((rnd() + rnd() - 1) * 2 * amplitude);
    noiseFields.set(key, noise);
  }
  for (let i = 0, p = 0; p < pixels; p++, i += 3) {
    const n = noise[p]!;
    rgb[i] = Math.max(0, Math.min(255, rgb[i]! + n));
    rgb[i + 1] = Math.max(0, Math.min(255, rgb[i + 1]! + n));
    rgb[i + 2] = Math.max(0, Math.min(255, rgb[i + 2]! + n));
  }
}
