/**
 * The height of the camera that took the photo, read from the car itself: where its tyres touch the ground.
 *
 * In a corner view the lower outline of the car touches the ground at the nearest tyre (its lowest point) and, on
 * either side of it, at the other tyre of the same side (a wheelbase away) and at the other tyre of the same axle or the
 * bumper's lowest point (across the car's end). The two ground lines from the nearest tyre run along the car and across
 * it: two level directions at right angles, whose vanishing points lie on the horizon. For a level camera of focal
 * length f (pixels) centred on column cx, two such vanishing points x1 and x2 satisfy (x1 - cx)(x2 - cx) = -f^2; with
 * the two lines' slopes that fixes the horizon's row. The car's height then gives the camera's: a car of CAR_HEIGHT
 * metres, `h` pixels tall, whose nearest tyre stands `d` rows below the horizon was seen from `CAR_HEIGHT * d / h`
 * metres (the relation the scene's camera is drawn with, scene-view.ts). The lower the camera, the flatter the ground
 * lines: seen from the ground itself every tyre would stand on the horizon. The footprint this implies must be a car's
 * (FOOTPRINT_METRES): otherwise a line was not two tyres' (the bumper's lower edge, a shadow kept in the cut-out).
 *
 * The lens is the scene's own (cameraHeightOnStage): the car is drawn centred, at one height, by a 50-degree lens, and
 * what must agree is the floor drawn from that camera and the car's ground lines as they appear there. The photo's own
 * lens is not known (a crop or a zoom changes it), and its pitch is not needed: the horizon comes from where the car's
 * lines meet, whatever the tilt, and the scene's camera stays level. Only a corner view has two ground lines at an
 * angle; a front, rear or side view (one level line) keeps CAMERA_HEIGHT. The estimate is clamped to what a
 * photographer does (crouching at the wheels to holding the phone up high).
 */
import type { CleanMask } from '../cutout/mask-cleanup';
import { CAMERA_HEIGHT, CAR_HEIGHT, focalPxFor } from './scene-view';

/** The heights the estimate is clamped to, metres: crouching at the wheels to holding the phone up high. */
export const CAMERA_HEIGHT_RANGE = [0.5, 2.0] as const;
/** The shorter and longer ground line of a car's footprint, metres: the most a reading may differ from a car's. */
export const FOOTPRINT_METRES = [0.8, 4] as const;
/** Camera heights are rounded to this step (metres): cameras that differ by less share one rendered room. */
export const CAMERA_HEIGHT_STEP = 0.05;

export interface PhotoCamera {
  /** Metres above the ground. */
  height: number;
  /** Where it came from: a corner view's ground lines, or the default (no two ground lines to read). */
  from: 'ground-lines' | 'default';
  /** The photo's horizon row (working pixels) the ground lines give, when they gave one. */
  horizonRow?: number;
}

const clampHeight = (h: number) => Math.min(CAMERA_HEIGHT_RANGE[1], Math.max(CAMERA_HEIGHT_RANGE[0], h));

/**
 * The car's underside in the mask's box: per column (counted from the box's left edge) the lowest car pixel's row
 * (alpha at least 128; -1 where the column has none), and the lower convex hull of those.
 */
export function underside(mask: Pick<CleanMask, 'alpha' | 'width' | 'box'>): { bottom: Int32Array; hull: Array<[number, number]> } {
  const { alpha, width: w, box } = mask;
  const bottom = new Int32Array(box.right - box.left).fill(-1);
  for (let x = 0; x < bottom.length; x++)
    for (let y = box.bottom - 1; y >= box.top; y--)
      if (alpha[y * w + box.left + x]! >= 128) {
        bottom[x] = y;
        break;
      }
  return { bottom, hull: lowerHull(bottom) };
}

/** The lower convex hull of the underside (columns with a car pixel), as [x, y] points, y growing downwards. */
export function lowerHull(bottom: ArrayLike<number>): Array<[number, number]> {
  const hull: Array<[number, number]> = [];
  for (let x = 0; x < bottom.length; x++) {
    const y = bottom[x]!;
    if (!(y >= 0)) continue;
    while (hull.length >= 2) {
      const [ax, ay] = hull[hull.length - 2]!, [bx, by] = hull[hull.length - 1]!;
      if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) >= 0) hull.pop();
      else break;
    }
    hull.push([x, y]);
  }
  return hull;
}

/**
 * The ground line from the nearest tyre toward one end of the car: the longest straight run of the hull on that side
 * (between two tyres the sill stands clear of it; past the last tyre the bumper climbs steeply), as the far point.
 */
function farContact(hull: Array<[number, number]>, from: number, step: 1 | -1): [number, number] | undefined {
  let best: [number, number] | undefined;
  let bestRun = 0;
  for (let i = from; i + step >= 0 && i + step < hull.length; i += step) {
    const run = Math.abs(hull[i + step]![0] - hull[i]![0]);
    if (run > bestRun) (bestRun = run), (best = hull[i + step]);
  }
  return best;
}

/**
 * The camera height a corner view's cut-out implies for a lens of `focalPx` (in the mask's pixels) centred on column
 * `centreX` of the mask.
 */
export function estimatePhotoCamera(mask: Pick<CleanMask, 'alpha' | 'width' | 'height' | 'box'>, lens: { focalPx: number; centreX: number }): PhotoCamera {
  const fallback: PhotoCamera = { height: CAMERA_HEIGHT, from: 'default' };
  const { box } = mask;
  const bw = box.right - box.left, bh = box.bottom - box.top;
  if (bw < 20 || bh < 10) return fallback;
  // Touching the frame's bottom, the tyres are not all in the photo.
  if (box.bottom >= mask.height - 1) return fallback;
  const { hull } = underside(mask);
  if (hull.length < 3) return fallback;
  // The nearest tyre: the lowest hull points (its contact patch, within 1% of the car's height).
  let lowest = 0;
  for (let i = 1; i < hull.length; i++) if (hull[i]![1] > hull[lowest]![1]) lowest = i;
  const yA = hull[lowest]![1];
  let iL = lowest, iR = lowest;
  while (iL > 0 && hull[iL - 1]![1] >= yA - 0.01 * bh) iL--;
  while (iR + 1 < hull.length && hull[iR + 1]![1] >= yA - 0.01 * bh) iR++;
  const left = farContact(hull, iL, -1), right = farContact(hull, iR, 1);
  if (!left || !right) return fallback;
  const [xL, yL] = hull[iL]!, [xR, yR] = hull[iR]!;
  // Each line must reach a tenth of the car's length and rise away from the tyre: two directions on the ground.
  if (xL - left[0] < 0.1 * bw || right[0] - xR < 0.1 * bw) return fallback;
  const s1 = (yL - left[1]) / (xL - left[0]); // rows per column, going left (positive: rises to the left)
  const s2 = (right[1] - yR) / (right[0] - xR); // negative: rises to the right
  if (!(s1 > 0.01 && s2 < -0.01)) return fallback;
  const f = lens.focalPx;
  const cx = lens.centreX - box.left;
  // The horizon u rows above the tyre: the left line meets it at xL - u/s1, the right at xR - u/s2;
  // (xL - u/s1 - cx)(xR - u/s2 - cx) = -f^2, a quadratic in u with one positive root.
  const a = xL - cx, b = xR - cx;
  const qa = 1 / (s1 * s2); // negative
  const qb = -(a / s2 + b / s1);
  const qc = a * b + f * f;
  const disc = qb * qb - 4 * qa * qc;
  if (disc < 0) return fallback;
  const roots = [(-qb + Math.sqrt(disc)) / (2 * qa), (-qb - Math.sqrt(disc)) / (2 * qa)].filter((u) => u > 0);
  if (roots.length === 0) return fallback;
  const u = Math.min(...roots);
  const height = (CAR_HEIGHT * u) / bh;
  // The footprint this camera implies must be a car's: a point on row y lies f * height / (y - horizon) metres ahead,
  // so each ground line's length in metres follows. Along the car: a wheelbase (to the bumper at most 4 m); across
  // it: a track or the bumper's corner. A line that is not a tyre's (the bumper's lower edge taken for a far tyre,
  // a shadow kept in the cut-out) puts its far point metres away: the photo then keeps the standing height.
  const horizon = yA - u;
  const ground = (x: number, y: number) => [(height * (x - cx)) / (y - horizon), (height * f) / (y - horizon)] as const;
  const span = (a: readonly [number, number], b: readonly [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const lengths = [span(ground(xL, yL), ground(left[0], left[1])), span(ground(xR, yR), ground(right[0], right[1]))].sort((p, q) => p - q);
  if (lengths[0]! < FOOTPRINT_METRES[0] || lengths[1]! > FOOTPRINT_METRES[1] || lengths[1]! > 3.2 * lengths[0]!) return fallback;
  return { height: clampHeight(height), from: 'ground-lines', horizonRow: horizon };
}

/**
 * How far the scene's camera follows a reading from the standing height: half way. A reading is noisy (the four
 * corners of one turntable camera read 0.9 to 2.0 m, two of them through the turntable's shadow kept in the
 * cut-out) about as much as photographers' heights spread (crouching to arms raised, about 0.4 m either side of
 * 1.4 m); weighing the two alike keeps a low shot lower and a high one higher without a package's corners jumping
 * from a crouch to a ladder on a misreading.
 */
export const READING_WEIGHT = 0.5;

/**
 * The scene camera's height for a photo whose car is drawn `scale` frame pixels per photo pixel, centred in a frame
 * `frameWidth` wide: a corner view's ground lines read through the scene's lens, weighed with the standing height
 * (READING_WEIGHT); CAMERA_HEIGHT for any other view.
 */
export function cameraHeightOnStage(mask: Pick<CleanMask, 'alpha' | 'width' | 'height' | 'box'>, corner: boolean, scale: number, frameWidth: number): number {
  if (!corner) return CAMERA_HEIGHT;
  const { height } = estimatePhotoCamera(mask, { focalPx: focalPxFor(frameWidth) / scale, centreX: (mask.box.left + mask.box.right) / 2 });
  const weighed = CAMERA_HEIGHT + READING_WEIGHT * (height - CAMERA_HEIGHT);
  return Number((Math.round(weighed / CAMERA_HEIGHT_STEP) * CAMERA_HEIGHT_STEP).toFixed(2));
}
