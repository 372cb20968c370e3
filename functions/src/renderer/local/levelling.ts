/**
 * A car photographed on a slope (or with the phone held crooked), levelled: in a front, rear or side view the two
 * tyres the car stands on touch the ground on one row when the car stands level and the camera is level, so a line
 * through the two contact points that slopes says by how much the car must turn for both to rest on the scene's level
 * ground line. The photo and its cut-out are turned together about the contacts' midpoint, before anything is drawn
 * or measured, so the fidelity check compares the output with the same levelled car.
 *
 * Only views square to the car are levelled: in a corner view the ground lines through the tyres slope by perspective
 * (photo-camera.ts reads the camera's height from that), and a tilt cannot be told from it without knowing the lens.
 * The correction is limited to MAX_LEVEL_DEGREES and skipped when the contacts are not trustworthy: a slope steeper
 * than UNTRUSTED_DEGREES, contacts less than a third of the car apart, a flat underside with no gap between them (a
 * shadow filled in under the car: the iX3's front, the Camry's and the Lexus's rears), the car cut by the frame's
 * bottom, two tyres of unlike widths (a corner view tagged or read as a side: its near tyre is the wider).
 */
import type { Angle } from '@shared/angles';
import type { DecodedPhoto } from '../photo-validation';
import { solidExtent, type CleanMask } from '../cutout/mask-cleanup';
import { underside } from '../scenes/photo-camera';

/** The largest turn applied, degrees. */
export const MAX_LEVEL_DEGREES = 6;
/** A reading steeper than this is not two tyres on a slope: nothing is turned. */
export const UNTRUSTED_DEGREES = 10;
/** Below this the car is level enough: it is left untouched (no resampling of its pixels). */
export const LEVEL_ENOUGH_DEGREES = 0.3;

/**
 * Two tyres seen square on are alike (their widths just above the contacts within 15%): side views read 0.87 to 0.99
 * (the Acura, the Genesis, the Changan's sides and the frames 15 degrees off them), corner views 0.63 to 0.80 (the
 * Ioniq, X3, E30, M5 and the Changan's corner), their near tyres wider.
 */
export const SQUARE_TYRES = 0.85;

const SQUARE_VIEWS: ReadonlySet<Angle> = new Set(['front', 'rear', 'left_side', 'right_side']);

export interface TyreContacts {
  /** The two contact points, left then right, in the mask's pixels. */
  left: [number, number];
  right: [number, number];
  /** The line's slope, degrees (positive: the right contact lies lower in the photo). */
  degrees: number;
  /** The narrower tyre's width over the wider one's, just above their contacts (1: alike, as seen square on). */
  likeness: number;
}

/** The two tyres' contact points of a front, rear or side view, or undefined when they cannot be trusted. */
export function tyreContacts(mask: Pick<CleanMask, 'alpha' | 'width' | 'height' | 'box'>): TyreContacts | undefined {
  const { box } = mask;
  const bw = box.right - box.left, bh = box.bottom - box.top;
  if (bw < 40 || bh < 20 || box.bottom >= mask.height - 1) return undefined;
  const { bottom, hull } = underside(mask);
  // The hull's longest level-ish run spans the gap between the two tyres (the sill or the body above it).
  let best = -1, bestRun = 0;
  for (let i = 0; i + 1 < hull.length; i++) {
    const run = hull[i + 1]![0] - hull[i]![0];
    if (run > bestRun) (bestRun = run), (best = i);
  }
  if (best < 0 || bestRun < bw / 3) return undefined;
  const [xa, ya] = hull[best]!, [xb, yb] = hull[best + 1]!;
  // Between them the underside stands clear of the line: two tyres, not a flat blob (a shadow kept in the cut-out).
  let clear = 0;
  for (let x = xa + Math.round(0.3 * bestRun); x <= xb - Math.round(0.3 * bestRun); x++) {
    const line = ya + ((yb - ya) * (x - xa)) / bestRun;
    if (bottom[x]! >= 0 && line - bottom[x]! < 0.03 * bh) return undefined;
    clear++;
  }
  if (clear === 0) return undefined;
  const degrees = (Math.atan2(yb - ya, xb - xa) * 180) / Math.PI;
  // Two tyres seen square on look alike: each one's width a little above its contact (a tenth of the car's height
  // up, measured along the line between them). In a corner view taken for a side (a wrong tag, a misread angle) the
  // near tyre looks wider than the far one, and the line between them slopes by perspective, not by a slope.
  const width = (x0: number, y0: number) => {
    const rise = 0.1 * bh;
    let from = x0, to = x0;
    const lineAt = (x: number) => y0 + ((yb - ya) * (x - x0)) / bestRun - rise;
    while (from > 0 && bottom[from - 1]! >= lineAt(from - 1)) from--;
    while (to + 1 < bw && bottom[to + 1]! >= lineAt(to + 1)) to++;
    return to - from + 1;
  };
  const tyres = [width(xa, ya), width(xb, yb)];
  const likeness = Math.min(tyres[0]!, tyres[1]!) / Math.max(tyres[0]!, tyres[1]!);
  return { left: [box.left + xa, ya], right: [box.left + xb, yb], degrees, likeness };
}

export interface Levelled {
  photo: DecodedPhoto;
  mask: CleanMask;
  /** The turn applied, degrees (0: left as it was). */
  degrees: number;
  /** Why nothing was turned, when it was not. */
  skipped?: 'not a square view' | 'contacts not found' | 'tyres unlike: a corner view' | 'level' | 'too steep to trust';
}

const levelledPhotos = new WeakMap<Uint8Array, { rgb: Buffer; levelled: Levelled }>();

/**
 * The photo and its cut-out with the car levelled (the same objects when nothing is turned). `angle`: the view the
 * photo shows (its own angle, not the one it serves mirrored).
 */
export function levelCar(photo: DecodedPhoto, mask: CleanMask, angle: Angle): Levelled {
  if (!SQUARE_VIEWS.has(angle)) return { photo, mask, degrees: 0, skipped: 'not a square view' };
  const kept = levelledPhotos.get(mask.alpha);
  if (kept && kept.rgb === photo.rgb) return kept.levelled;
  const contacts = tyreContacts(mask);
  let levelled: Levelled;
  if (!contacts) levelled = { photo, mask, degrees: 0, skipped: 'contacts not found' };
  else if (contacts.likeness < SQUARE_TYRES) levelled = { photo, mask, degrees: 0, skipped: 'tyres unlike: a corner view' };
  else if (Math.abs(contacts.degrees) > UNTRUSTED_DEGREES) levelled = { photo, mask, degrees: 0, skipped: 'too steep to trust' };
  else if (Math.abs(contacts.degrees) < LEVEL_ENOUGH_DEGREES) levelled = { photo, mask, degrees: 0, skipped: 'level' };
  else {
    const degrees = Math.max(-MAX_LEVEL_DEGREES, Math.min(MAX_LEVEL_DEGREES, contacts.degrees));
    const centre: [number, number] = [(contacts.left[0] + contacts.right[0]) / 2, (contacts.left[1] + contacts.right[1]) / 2];
    levelled = { ...turn(photo, mask, -degrees, centre), degrees: -degrees };
  }
  levelledPhotos.set(mask.alpha, { rgb: photo.rgb, levelled });
  return levelled;
}

/**
 * The photo and its mask turned by `degrees` (positive: the right side rises) about `centre`, in the same frame:
 * bilinear, the photo's edge pixels stretched where the turn uncovers the corners (the car is far from them), the
 * mask 0 there.
 */
function turn(photo: DecodedPhoto, mask: CleanMask, degrees: number, [cx, cy]: [number, number]): { photo: DecodedPhoto; mask: CleanMask } {
  const { width: w, height: h } = photo;
  // Output pixel p comes from source c + R(-degrees)(p - c), y growing downwards: a positive turn lifts the right.
  const a = (-degrees * Math.PI) / 180;
  const cos = Math.cos(a), sin = Math.sin(a);
  const rgb = Buffer.alloc(photo.rgb.length);
  const alpha = new Uint8Array(mask.alpha.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const dx = x - cx, dy = y - cy;
      const sx = cx + dx * cos - dy * sin, sy = cy + dx * sin + dy * cos;
      const x0 = Math.floor(sx), y0 = Math.floor(sy), fx = sx - x0, fy = sy - y0;
      const o = y * w + x;
      const inside = x0 >= 0 && y0 >= 0 && x0 + 1 < w && y0 + 1 < h;
      const X0 = Math.max(0, Math.min(w - 1, x0)), X1 = Math.max(0, Math.min(w - 1, x0 + 1));
      const Y0 = Math.max(0, Math.min(h - 1, y0)), Y1 = Math.max(0, Math.min(h - 1, y0 + 1));
      const i00 = Y0 * w + X0, i10 = Y0 * w + X1, i01 = Y1 * w + X0, i11 = Y1 * w + X1;
      const w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy;
      for (let c = 0; c < 3; c++)
        rgb[3 * o + c] = photo.rgb[3 * i00 + c]! * w00 + photo.rgb[3 * i10 + c]! * w10 + photo.rgb[3 * i01 + c]! * w01 + photo.rgb[3 * i11 + c]! * w11;
      if (inside) alpha[o] = mask.alpha[i00]! * w00 + mask.alpha[i10]! * w10 + mask.alpha[i01]! * w01 + mask.alpha[i11]! * w11;
    }
  const { box, area } = solidExtent(alpha, w, h);
  return { photo: { ...photo, rgb }, mask: { ...mask, alpha, box, areaFraction: area / (w * h) } };
}
