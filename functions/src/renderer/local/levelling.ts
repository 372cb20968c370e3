/**
 * A car photographed on a slope (or with the phone held crooked), levelled: in a front, rear or side view the two
 * tyres the car stands on touch the ground on one row when the car stands level and the camera is level, so a line
 * through the two contact points that slopes says by how much the car must turn for both to rest on the scene's level
 * ground line. The photo and its cut-out are turned together about the contacts' midpoint, before anything is drawn
 * or measured, so the fidelity check compares the output with the same levelled car.
 *
 * In a corner view the ground lines through the tyres slope by perspective (photo-camera.ts reads the camera's height
 * from that), and a tilt cannot be told from them without knowing the lens; there the car's own upright edges tell it
 * instead (cornerTilt): a door's shut line, a wheel's rim at its left and right, a bumper's corner, the tyres' sides
 * stand upright on a level car seen by a level camera, and all lean by the same angle when the car stands on a slope or
 * the phone is held crooked. The photo is turned only when that angle stands out clearly (CORNER_LEVEL_DEGREES), or,
 * where it does not (raked pillars, creased doors), when the nearest wheel's ellipse, whose long axis stands upright
 * for a level camera, reads the same lean within a degree (wheelTilt, wheelAgrees), or else when the photo's
 * surroundings (a street's buildings, a showroom's glazing) lean as the car's uprights do (surroundingsTilt,
 * surroundingsAgree): a crooked phone leans both alike. A car on a slope before an upright street is then not
 * levelled by that cue (the two disagree), as it was not before.
 * The correction is limited to MAX_LEVEL_DEGREES and skipped when the contacts are not trustworthy: a slope steeper
 * than UNTRUSTED_DEGREES, contacts less than a third of the car apart, a flat underside with no gap between them (a
 * shadow filled in under the car: the iX3's front, the Camry's and the Lexus's rears), the car cut by the frame's
 * bottom, two tyres of unlike widths (a corner view tagged or read as a side: its near tyre is the wider), a slope the
 * perspective of a view taken a little off square can give (slopeMayBePerspective: the near tyre's contact lies lower,
 * on the side of the longer overhang). A photo tagged as a corner that reads as a side seen square on (readsSquareOn)
 * is levelled as a side, and one tagged as a side whose tyres are unlike is levelled as a corner. Where a front, rear
 * or side view's upright edges read one lean and the contacts' slope beyond it is one the perspective can give
 * (contactsConfirm), the lean is the tilt and the rest perspective: the view off square is levelled by its uprights.
 * A front or rear view (or a side seen square on) is turned by its contacts only where the car's level lines (a
 * bumper, lamps, a plate: parallel to the photo, so free of perspective) lean with them when they read one clear lean
 * (levelLinesDisagree): the corners of a shade kept under the tyres slope where the car does not.
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
 * Two tyres seen square on are alike (their widths just above the contacts within about 15%): side views read 0.87
 * to 0.99 (the Acura, the Genesis, the Changan's sides and the frames 15 degrees off them), corner views 0.63 to 0.80
 * (the Ioniq, X3, E30, M5 and the Changan's corner), their near tyres wider. The bound lies between the two: the
 * Genesis side turned 4 degrees anticlockwise reads 0.845 (at 0.85 it was read as a corner and left as turned).
 */
export const SQUARE_TYRES = 0.835;

const SQUARE_VIEWS: ReadonlySet<Angle> = new Set(['front', 'rear', 'left_side', 'right_side']);
const SIDE_VIEWS: ReadonlySet<Angle> = new Set(['left_side', 'right_side']);

export interface TyreContacts {
  /** The two contact points, left then right, in the mask's pixels. */
  left: [number, number];
  right: [number, number];
  /** The line's slope, degrees (positive: the right contact lies lower in the photo). */
  degrees: number;
  /** The narrower tyre's width over the wider one's, just above their contacts (1: alike, as seen square on). */
  likeness: number;
  /** The car's length beyond the left contact and beyond the right one, in the mask's pixels (its overhangs). */
  overhangs: [number, number];
}

/**
 * A side, front or rear view taken a little off square (15 to 30 degrees round from a true side, as a dealer walking
 * round the car often does) shows one end of the car nearer: its overhang beyond the near tyre grows (the end's own
 * face comes into view) and, by perspective, the near tyre's contact lies lower in the photo than the far one's, so
 * the contacts slope with the car standing level. Such a slope always points one way: the lower contact on the side
 * of the longer overhang. A slope that way no steeper than PERSPECTIVE_PER_OVERHANG degrees per unit of the overhangs'
 * ratio over 1 may be that perspective alone, and is not levelled; a slope the other way, or a steeper one, is a
 * slope (or a crooked phone). Measured on level turntable frames (the Changan CS55 and the Renault Kadjar, 15 degrees
 * apart): true sides read ratios 1.02 to 1.11; frames 15 degrees off a side 1.35 to 1.80 with slopes of up to 5.6
 * degrees the perspective's way (5.64 at 1.70, 2.98 at 1.58, 0.96 at 1.35), frames 30 degrees off 2.1 to 4.3 with up
 * to 9.8; the committed Acura and Genesis sides as shot 1.57 and 1.61 with 0.75 and 0.89 (taken a little from the
 * front or rear). The same two photos turned 4 degrees the perspective's way read 4.72 at 1.42 and 4.86 at 1.38, over
 * the bound (3.6 and 3.2), so they are still levelled.
 */
export const PERSPECTIVE_PER_OVERHANG = 8.5;

/** How far a view's perspective may slope its contacts, degrees, the lower on the longer overhang's side (positive: the right one). */
export function perspectiveSlope(contacts: Pick<TyreContacts, 'overhangs'>): number {
  const [left, right] = contacts.overhangs;
  const ratio = Math.max(left, right) / Math.max(1, Math.min(left, right));
  return Math.sign(right - left) * PERSPECTIVE_PER_OVERHANG * (ratio - 1);
}

/** Whether the contacts' slope may be the perspective of a view taken off square, not a slope (perspectiveSlope). */
export function slopeMayBePerspective(contacts: Pick<TyreContacts, 'overhangs' | 'degrees'>): boolean {
  const bound = perspectiveSlope(contacts);
  return bound !== 0 && Math.sign(bound) === Math.sign(contacts.degrees) && Math.abs(contacts.degrees) <= Math.abs(bound);
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
  return { left: [box.left + xa, ya], right: [box.left + xb, yb], degrees, likeness, overhangs: [xa, bw - 1 - xb] };
}

/** A corner view is turned only from this many degrees on: below it the upright edges' reading is within its noise. */
export const CORNER_LEVEL_DEGREES = 1.5;
/**
 * The upright edges' reading is trusted when no other lean within 10 degrees gathers more than this share of the
 * strongest one's edge weight (a car whose uprights are mostly raked pillars and tail lights reads several leans: the
 * Changan's rear corners 0.75 to 0.97, the Ioniq 5's creased doors 0.83; the BMWs' corners 0.40 to 0.59).
 */
export const CLEAR_PEAK = 0.6;
/** ... and when each half of the car (front and back in the picture) reads a lean within this many degrees of it. */
export const HALVES_AGREE = 1;

export interface UprightTilt {
  /** How far the car's upright edges lean, degrees (positive: clockwise in the photo, as a positive slope). */
  degrees: number;
  /** The next strongest lean's edge weight over the strongest one's (0: one clear lean; 1: two alike). */
  rival: number;
  /** The lean each half of the car reads, left then right. */
  halves: [number, number];
}

/** The leans read, degrees either way from upright, in tenths of a degree (a reading within 2 of the end is not trusted). */
const LEAN_RANGE = 10;
/** A gradient's rise over its run a little beyond LEAN_RANGE (the exact bound is then the angle's). */
const UPRIGHT_RANGE_SLOPE = Math.tan(((LEAN_RANGE + 0.5) * Math.PI) / 180);

/**
 * How far the car's upright edges lean in the photo: every edge of the car's pixels (inside the cut-out, off its rim)
 * within LEAN_RANGE of upright votes for its lean, weighted by its strength; the votes are smoothed by a degree and
 * the strongest lean is the mean of the votes within two degrees of it. Undefined when the car is too small to read.
 */
export function uprightTilt(photo: Pick<DecodedPhoto, 'rgb' | 'width'>, mask: Pick<CleanMask, 'alpha' | 'width' | 'height' | 'box'>): UprightTilt | undefined {
  return carLean(photo, mask, false);
}

/** The lean of the car's upright edges, or of its level ones (`level`), read over the whole car and each half. */
function carLean(photo: Pick<DecodedPhoto, 'rgb' | 'width'>, mask: Pick<CleanMask, 'alpha' | 'width' | 'height' | 'box'>, level: boolean): UprightTilt | undefined {
  const { box } = mask;
  if (box.right - box.left < 60 || box.bottom - box.top < 40) return undefined;
  const middle = (box.left + box.right) / 2;
  const votes = leanVotes(photo, mask, box, 2, (X) => (X < middle ? 0 : 1), undefined, onCar(mask), undefined, level);
  const both = new Float64Array(votes[0]!.length).map((_, i) => votes[0]![i]! + votes[1]![i]!);
  const whole = readLean(both), left = readLean(votes[0]!), right = readLean(votes[1]!);
  if (!whole || !left || !right) return undefined;
  return { degrees: whole.degrees, rival: whole.rival, halves: [left.degrees, right.degrees] };
}

/**
 * How far the car's level lines (a bumper's and a sill's edges, lamps, a plate, a roof line) lean in the photo, read as
 * uprightTilt reads its upright edges (clockwise positive, as a contacts' slope). In a front or rear view seen square
 * on these lines are parallel to the photo, so no perspective slopes them: they lean only by the camera's roll or the
 * ground's slope, as the contacts do.
 */
export function levelLinesTilt(photo: Pick<DecodedPhoto, 'rgb' | 'width'>, mask: Pick<CleanMask, 'alpha' | 'width' | 'height' | 'box'>): UprightTilt | undefined {
  return carLean(photo, mask, true);
}

/**
 * The votes of the car's edges within `area` (a box in the photo's pixels, optionally an ellipse inside it) for their
 * lean from upright, in tenths of a degree over LEAN_RANGE either way, weighted by strength, split into two sets by
 * `side` (which half of the car a pixel lies in). Every `step`-th pixel of every `step`-th row votes.
 */
function leanVotes(
  photo: Pick<DecodedPhoto, 'rgb' | 'width'>,
  mask: Pick<CleanMask, 'alpha' | 'width' | 'height'>,
  area: { left: number; top: number; right: number; bottom: number },
  step: number,
  side: (X: number) => 0 | 1,
  ellipse?: { cx: number; cy: number; rx: number; ry: number },
  votes: (X: number, Y: number) => boolean = onCar(mask),
  at?: [Float64Array, Float64Array],
  level = false,
): [Float64Array, Float64Array] {
  const { width: w, height: h } = mask;
  const x0 = Math.max(0, Math.floor(area.left) - 1), x1 = Math.min(w, Math.ceil(area.right) + 1), y0 = Math.max(0, Math.floor(area.top) - 1), y1 = Math.min(h, Math.ceil(area.bottom) + 1);
  const bw = x1 - x0, bh = y1 - y0;
  const bins = LEAN_RANGE * 20 + 1;
  const tally: [Float64Array, Float64Array] = [new Float64Array(bins), new Float64Array(bins)];
  if (bw < 5 || bh < 5) return tally;
  // The luminance of the area, a 3x3 box blur of it (JPEG blocks and the pixel grid otherwise vote for upright).
  const lum = new Float32Array(bw * bh);
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) {
      const i = 3 * ((y + y0) * w + x + x0);
      lum[y * bw + x] = 0.299 * photo.rgb[i]! + 0.587 * photo.rgb[i + 1]! + 0.114 * photo.rgb[i + 2]!;
    }
  // Summed along rows, then down columns (the same sums as the 3x3 window's: exact in doubles).
  const rows = new Float64Array(bw * bh);
  for (let o = 1; o < bw * bh - 1; o++) rows[o] = lum[o - 1]! + lum[o]! + lum[o + 1]!;
  const soft = new Float32Array(bw * bh);
  for (let y = 1; y < bh - 1; y++)
    for (let x = 1, o = y * bw + 1; x < bw - 1; x++, o++) soft[o] = (rows[o - bw]! + rows[o]! + rows[o + bw]!) / 9;
  for (let y = 2; y < bh - 2; y += step)
    for (let x = 2; x < bw - 2; x += step) {
      const X = x + x0, Y = y + y0;
      if (ellipse && ((X - ellipse.cx) / ellipse.rx) ** 2 + ((Y - ellipse.cy) / ellipse.ry) ** 2 > 1) continue;
      const o = y * bw + x;
      const gx = soft[o + 1 - bw]! + 2 * soft[o + 1]! + soft[o + 1 + bw]! - (soft[o - 1 - bw]! + 2 * soft[o - 1]! + soft[o - 1 + bw]!);
      const gy = soft[o + bw - 1]! + 2 * soft[o + bw]! + soft[o + bw + 1]! - (soft[o - bw - 1]! + 2 * soft[o - bw]! + soft[o - bw + 1]!);
      // An upright edge's gradient is level, a level edge's upright: `across` is the gradient along that direction,
      // `along` across it (turned a quarter so that a clockwise lean reads positive either way).
      const across = level ? gy : gx, along = level ? -gx : gy;
      // Far from upright (or level; most of a photo's edges) before the costlier sums.
      if (across === 0 || Math.abs(along) > UPRIGHT_RANGE_SLOPE * Math.abs(across)) continue;
      const strength = Math.sqrt(gx * gx + gy * gy);
      if (strength < 20 || !votes(X, Y)) continue;
      // The edge's lean is the gradient's angle from its direction (clockwise positive).
      const lean = (Math.atan(along / across) * 180) / Math.PI;
      if (Math.abs(lean) > LEAN_RANGE) continue;
      const bin = Math.round((lean + LEAN_RANGE) * 10), half = side(X);
      tally[half][bin]! += strength;
      if (at) at[half][bin]! += strength * X;
    }
  return tally;
}

/** The car's pixels off the cut-out's rim: the car's own edges, not its outline against the old background. */
function onCar({ alpha, width: w, height: h }: Pick<CleanMask, 'alpha' | 'width' | 'height'>): (X: number, Y: number) => boolean {
  const solid = (x: number, y: number) => alpha[y * w + x]! >= 250;
  return (X, Y) => X >= 3 && Y >= 3 && X + 3 < w && Y + 3 < h && solid(X, Y) && solid(X - 3, Y) && solid(X + 3, Y) && solid(X, Y - 3) && solid(X, Y + 3);
}

/** The share of the frame's width left out at either side when reading the surroundings (surroundingsTilt). */
const FRAME_MARGIN = 0.12;

/**
 * How far the photo's surroundings lean: the upright edges off the car (a building's corners and windows, a
 * showroom's glazing, posts, trees) vote as the car's do, left and right of the frame's middle apart. A camera held
 * crooked leans them all by its roll; a camera tilted down leans them apart (keystone), the two halves opposite ways,
 * most towards the frame's sides, whose outer eighths are left out (there too a photo turned by hand has its corners
 * filled). Undefined when the car fills the frame.
 */
export interface SurroundingsTilt extends UprightTilt {
  /** Each half's edge weight at its lean, per pixel of the frame read (how much upright there is to read). */
  weights: [number, number];
}

export function surroundingsTilt(photo: Pick<DecodedPhoto, 'rgb' | 'width'>, mask: Pick<CleanMask, 'alpha' | 'width' | 'height'>): SurroundingsTilt | undefined {
  const { alpha, width: w, height: h } = mask;
  const R = 6;
  const clear = (x: number, y: number) => alpha[y * w + x] === 0;
  const off = (X: number, Y: number) => X >= R && Y >= R && X + R < w && Y + R < h && clear(X, Y) && clear(X - R, Y) && clear(X + R, Y) && clear(X, Y - R) && clear(X, Y + R);
  const area = { left: FRAME_MARGIN * w, right: (1 - FRAME_MARGIN) * w, top: 0, bottom: h };
  const bins = LEAN_RANGE * 20 + 1;
  const at: [Float64Array, Float64Array] = [new Float64Array(bins), new Float64Array(bins)];
  const votes = leanVotes(photo, mask, area, 2, (X) => (X < w / 2 ? 0 : 1), undefined, off, at);
  const halves = votes.map((v, side) => {
    const lean = readLean(v);
    if (!lean) return undefined;
    // Where in the frame that lean's edges stand, on average.
    let x = 0;
    for (let k = -20; k <= 20; k++) if (lean.peak + k >= 0 && lean.peak + k < bins) x += at[side]![lean.peak + k]!;
    return { ...lean, x: x / lean.weight };
  });
  const [left, right] = halves;
  if (!left || !right || right.x - left.x < 0.1 * w) return undefined;
  // The lean at the frame's middle column, between the halves' (a tilted-down camera's keystone grows across the frame).
  const degrees = left.degrees + ((right.degrees - left.degrees) * (w / 2 - left.x)) / (right.x - left.x);
  const read = (w * h * (1 - 2 * FRAME_MARGIN)) / 8;
  return { degrees, rival: Math.max(left.rival, right.rival), halves: [left.degrees, right.degrees], weights: [left.weight / read, right.weight / read] };
}

/** The strongest lean of a set of votes (smoothed by a degree; the mean of the votes within two degrees of the peak). */
function readLean(counts: Float64Array): { degrees: number; rival: number; weight: number; peak: number } | undefined {
  const bins = counts.length;
  const smooth = new Float64Array(bins);
  for (let i = 0; i < bins; i++)
    for (let k = -30; k <= 30; k++) if (i + k >= 0 && i + k < bins) smooth[i]! += counts[i + k]! * Math.exp(-(k * k) / 200);
  let best = 0;
  for (let i = 1; i < bins; i++) if (smooth[i]! > smooth[best]!) best = i;
  let rival = 0;
  for (let i = 0; i < bins; i++) if (Math.abs(i - best) > 30) rival = Math.max(rival, smooth[i]!);
  let weight = 0, sum = 0;
  for (let k = -20; k <= 20; k++)
    if (best + k >= 0 && best + k < bins) (weight += counts[best + k]!), (sum += counts[best + k]! * ((best + k) / 10 - LEAN_RANGE));
  return weight > 0 ? { degrees: sum / weight, rival: rival / smooth[best]!, weight, peak: best } : undefined;
}

/**
 * The second cue (issue 38 item 3): the nearest wheel. A wheel is a circle standing upright; seen from a corner by a
 * level camera its outline, its rim and its tyre's sidewall are ellipses whose long axis stands upright, so their
 * edges lean symmetrically about upright, and all turn with the camera's roll. The edges inside an ellipse around the
 * nearest tyre (the car's lowest point; a wheel about 42% of the car's height across, 80% as wide as tall, the window
 * taken at 0.8, 1 and 1.2 times that) vote as the uprights do; the reading is the middle window's, `spread` how far
 * the other two differ from it (a raked bumper or arch caught in the window moves the reading as the window grows).
 * Undefined when the car is too small.
 */
export interface WheelTilt {
  degrees: number;
  rival: number;
  spread: number;
}

/** The wheel's radius as a share of the car's height in the picture (a 0.65 m wheel on a 1.5 m car). */
const WHEEL_RADIUS = 0.21;

export function wheelTilt(photo: Pick<DecodedPhoto, 'rgb' | 'width'>, mask: Pick<CleanMask, 'alpha' | 'width' | 'height' | 'box'>): WheelTilt | undefined {
  const { box } = mask;
  const bh = box.bottom - box.top;
  if (box.right - box.left < 60 || bh < 40) return undefined;
  const { bottom } = underside(mask);
  let nearest = 0;
  for (let x = 1; x < bottom.length; x++) if (bottom[x]! > bottom[nearest]!) nearest = x;
  const cx = box.left + nearest, contact = bottom[nearest]!;
  const readings = [0.8, 1, 1.2].map((k) => {
    const ry = WHEEL_RADIUS * k * bh, rx = 0.8 * ry, cy = contact - ry;
    const votes = leanVotes(photo, mask, { left: cx - rx, right: cx + rx, top: cy - ry, bottom: cy + ry }, 1, () => 0, { cx, cy, rx, ry });
    return readLean(votes[0]);
  });
  const [small, middle, large] = readings;
  if (!small || !middle || !large) return undefined;
  return { degrees: middle.degrees, rival: middle.rival, spread: Math.max(Math.abs(small.degrees - middle.degrees), Math.abs(large.degrees - middle.degrees)) };
}

export interface Levelled {
  photo: DecodedPhoto;
  mask: CleanMask;
  /** The turn applied, degrees (0: left as it was). */
  degrees: number;
  /** Why nothing was turned, when it was not. */
  skipped?: 'contacts not found' | 'tyres unlike: a corner view' | 'level' | 'too steep to trust' | 'uprights unclear' | 'perspective of a view off square' | 'level lines disagree';
  /** The reading of the car's upright edges, when one was made (a corner view's, or a side's whose contacts slope). */
  upright?: UprightTilt;
  /** A corner view's reading of its nearest wheel, when the uprights alone were not clear. */
  wheel?: WheelTilt;
  /** A corner view's reading of the photo's surroundings, when neither the uprights alone nor the wheel were clear. */
  surroundings?: SurroundingsTilt;
}

const levelledPhotos = new WeakMap<Uint8Array, { rgb: Buffer; angle: Angle; levelled: Levelled }>();

/**
 * The photo and its cut-out with the car levelled (the same objects when nothing is turned). `angle`: the view the
 * photo shows (its own angle, not the one it serves mirrored).
 */
export function levelCar(photo: DecodedPhoto, mask: CleanMask, angle: Angle): Levelled {
  const kept = levelledPhotos.get(mask.alpha);
  if (kept && kept.rgb === photo.rgb && kept.angle === angle) return kept.levelled;
  // Read once: a corner's square-on test and a side's levelling use the same contacts.
  const contacts = tyreContacts(mask);
  const levelled = SQUARE_VIEWS.has(angle) || readsSquareOn(mask, contacts) ? levelSquareView(photo, mask, contacts, angle) : levelCorner(photo, mask);
  levelledPhotos.set(mask.alpha, { rgb: photo.rgb, angle, levelled });
  return levelled;
}

/**
 * Overhangs this even (the longer over the shorter) with alike tyres: a side seen square on, whatever its tag. A true
 * side reads 1.02 to 1.11 (the Changan's, the Kadjar's, the Corolla's), a corner 3 or more (its face beyond the near tyre).
 */
export const EVEN_OVERHANGS = 1.2;

/**
 * Whether a photo tagged or read as a corner is in fact a side seen square on (its two tyres alike, its overhangs
 * even): then its contacts level it, as a side's do. The Corolla's white left side read as a corner was turned 2.26
 * degrees by its uprights and wheel (raked lines agreeing by chance); its contacts read 0.
 */
export function readsSquareOn(mask: Pick<CleanMask, 'alpha' | 'width' | 'height' | 'box'>, contacts = tyreContacts(mask)): boolean {
  return contacts !== undefined && contacts.likeness >= SQUARE_TYRES && evenOverhangs(contacts);
}
const evenOverhangs = ({ overhangs: [left, right] }: Pick<TyreContacts, 'overhangs'>) => Math.max(left, right) <= EVEN_OVERHANGS * Math.min(left, right);

/**
 * A corner view levelled by its upright edges (uprightTilt): turned when they lean by CORNER_LEVEL_DEGREES or more, the
 * lean stands out (CLEAR_PEAK) and both halves of the car agree on it (HALVES_AGREE), or when they do not but the
 * nearest wheel confirms it (wheelAgrees: then by the mean of the two readings), about the nearest tyre's contact (the
 * car's lowest point), by at most MAX_LEVEL_DEGREES.
 */
function levelCorner(photo: DecodedPhoto, mask: CleanMask): Levelled {
  const upright = uprightTilt(photo, mask);
  if (!upright) return { photo, mask, degrees: 0, skipped: 'uprights unclear' };
  let lean = upright.degrees;
  // The readings that gave the lean (and those made and not agreeing, reported too).
  let read: Pick<Levelled, 'upright' | 'wheel' | 'surroundings'> = { upright };
  let cues: { degrees: number }[] = [upright];
  if (upright.rival > CLEAR_PEAK || upright.halves.some((half) => Math.abs(half - upright.degrees) > HALVES_AGREE)) {
    // The uprights alone do not read one clear lean (raked pillars, creased doors): the nearest wheel's ellipse, a cue
    // of its own, may confirm their strongest lean (wheelAgrees); the two then give the turn together.
    const wheel = upright.rival <= UPRIGHT_RIVAL_WITH_WHEEL ? wheelTilt(photo, mask) : undefined;
    if (wheel) read = { ...read, wheel };
    // Nor does the wheel confirm them (its spokes or arch lean): the photo's surroundings may (surroundingsAgree).
    const wheelConfirms = wheel !== undefined && wheelAgrees(upright, wheel);
    const surroundings = wheelConfirms ? undefined : surroundingsTilt(photo, mask);
    if (surroundings) read = { ...read, surroundings };
    const other = wheelConfirms ? wheel : surroundings && surroundingsAgree(upright, surroundings) ? surroundings : undefined;
    if (!other) return { photo, mask, degrees: 0, skipped: 'uprights unclear', ...read };
    const both = bothCuesLean(upright, other);
    if (both === undefined) return { photo, mask, degrees: 0, skipped: 'level', ...read };
    lean = both;
    cues = [upright, other];
  }
  if (cues.some((cue) => Math.abs(cue.degrees) > LEAN_RANGE - 2)) return { photo, mask, degrees: 0, skipped: 'too steep to trust', ...read };
  if (Math.abs(lean) < CORNER_LEVEL_DEGREES) return { photo, mask, degrees: 0, skipped: 'level', ...read };
  const degrees = Math.max(-MAX_LEVEL_DEGREES, Math.min(MAX_LEVEL_DEGREES, lean));
  const { box } = mask;
  const { bottom } = underside(mask);
  let nearest = 0;
  for (let x = 1; x < bottom.length; x++) if (bottom[x]! > bottom[nearest]!) nearest = x;
  return { ...turn(photo, mask, -degrees, [box.left + nearest, bottom[nearest]!]), degrees: -degrees, ...read };
}

/**
 * The photo's surroundings confirm the car's strongest upright lean when there is enough upright off the car in both
 * halves of the frame (SURROUNDINGS_WEIGHT: a street's buildings read 3 to 5, a showroom or a car park 0.3 to 1.7, a
 * turntable's plain backdrop 0.1 at most), each half reads one clear lean (SURROUNDINGS_CLEAR), and the car's uprights
 * agree with it within SURROUNDINGS_AGREE; the turn is their mean, from WHEEL_PATH_LEAST on, as with the wheel.
 * Measured on levelling's photos (docs/benchmarks/place-and-light.md, "Levelling: the surroundings' uprights"): the Cupra's street
 * reads 0.6 as shot, 4.4 and -3.3 turned 4 degrees either way (its uprights 2.9 and -4.5, rival 0.76 and 0.83); no
 * level photo with enough surroundings reads more than a degree.
 */
export const SURROUNDINGS_WEIGHT = 0.2;
export const SURROUNDINGS_CLEAR = 0.6;
export const SURROUNDINGS_AGREE = 2;
export function surroundingsAgree(upright: Pick<UprightTilt, 'degrees' | 'rival'>, surroundings: SurroundingsTilt): boolean {
  return (
    upright.rival <= UPRIGHT_RIVAL_WITH_WHEEL &&
    surroundings.weights.every((weight) => weight >= SURROUNDINGS_WEIGHT) &&
    surroundings.rival <= SURROUNDINGS_CLEAR &&
    Math.abs(surroundings.degrees - upright.degrees) <= SURROUNDINGS_AGREE
  );
}

/**
 * Where the uprights are not clear alone, the nearest wheel confirms them when: the uprights' strongest lean still
 * stands out somewhat (UPRIGHT_RIVAL_WITH_WHEEL), the wheel reads one lean (WHEEL_CLEAR) that does not move as its
 * window grows or shrinks (WHEEL_STEADY), and the two agree within WHEEL_AGREES. Measured (levelling's corner photos,
 * as shot and turned 4 degrees either way; the Changan turntable's 20 corner and in-between frames and the Corolla's 5
 * corners, all level): the BMW 2002's wheel reads 0.1, 4.0 and -4.1 degrees (uprights 0.0, 3.7, -3.8); two rear
 * frames of the Changan read as the uprights do (within a degree, 5 to 7 degrees) but the wheel's rival there is 0.91
 * and the uprights' 0.86 and 0.91; a third, 8.2 and 7.4 (WHEEL_PATH_MOST).
 */
export const UPRIGHT_RIVAL_WITH_WHEEL = 0.85;
export const WHEEL_CLEAR = 0.85;
export const WHEEL_STEADY = 1;
export const WHEEL_AGREES = 1;
/**
 * Neither reading beyond this many degrees: the Changan's level rear right corner reads 8.2 on its uprights and 7.4 on
 * its wheel (its raked tailgate and lamps, and a rim whose spokes lean alike), a lean no phone photo of a car shows.
 */
export const WHEEL_PATH_MOST = 7;
/**
 * Two cues each unclear alone, agreeing on a small lean, are within their noise: the turn by their mean is made from
 * this many degrees on (the uprights alone, when clear, from CORNER_LEVEL_DEGREES). The Renault Kadjar turntable's
 * level frame 30 degrees round from its right side (read as a front corner) reads 1.78 on its uprights and 1.22 on
 * its wheel, and was turned by their mean, 1.50; the 2002 and the ID.3 turned 4 degrees read 3.9 to 5.4.
 */
export const WHEEL_PATH_LEAST = 2;

/** The lean two agreeing cues give a corner (their mean), or undefined when it is within their noise (WHEEL_PATH_LEAST). */
export function bothCuesLean(upright: Pick<UprightTilt, 'degrees'>, wheel: Pick<WheelTilt, 'degrees'>): number | undefined {
  const lean = (upright.degrees + wheel.degrees) / 2;
  return Math.abs(lean) < WHEEL_PATH_LEAST ? undefined : lean;
}
export function wheelAgrees(upright: UprightTilt, wheel: WheelTilt): boolean {
  return (
    upright.rival <= UPRIGHT_RIVAL_WITH_WHEEL &&
    wheel.rival <= WHEEL_CLEAR &&
    wheel.spread <= WHEEL_STEADY &&
    Math.abs(wheel.degrees - upright.degrees) <= WHEEL_AGREES &&
    Math.max(Math.abs(wheel.degrees), Math.abs(upright.degrees)) <= WHEEL_PATH_MOST
  );
}

/**
 * A side view's upright edges (door shut lines, the rims' sides) stand upright on a level car seen by a level camera
 * as a corner's do, and a view taken a little off square does not lean them: where they read one lean (rival
 * UPRIGHT_RIVAL_WITH_WHEEL or less, both halves of the car within HALVES_AGREE of it) of WHEEL_PATH_LEAST to
 * MAX_LEVEL_DEGREES, and the contacts' slope beyond that lean is one the view's perspective can give (perspectiveSlope,
 * within PERSPECTIVE_SLACK), the lean is the tilt and the rest of the slope is perspective: the contacts alone could
 * not tell the two apart (the Changan's level frame 15 degrees off its left side turned 4 degrees either way read
 * 1.79 and -6.12 on its contacts, 4.64 and -3.95 on its uprights). On the level photos of levelling's bench, a side's
 * uprights that read one lean (the Kadjar turntable's frame 06, -6.6; the Corolla's silver and super-white sides, -1.3
 * and -2.1) leave more slope than the perspective can give, or lean less than WHEEL_PATH_LEAST.
 */
export const PERSPECTIVE_SLACK = 0.5;
export function contactsConfirm(contacts: Pick<TyreContacts, 'overhangs' | 'degrees'>, upright: UprightTilt): boolean {
  const lean = upright.degrees;
  if (upright.rival > UPRIGHT_RIVAL_WITH_WHEEL || upright.halves.some((half) => Math.abs(half - lean) > HALVES_AGREE)) return false;
  if (Math.abs(lean) < WHEEL_PATH_LEAST || Math.abs(lean) > MAX_LEVEL_DEGREES) return false;
  const rest = contacts.degrees - lean, bound = perspectiveSlope(contacts);
  return rest >= Math.min(0, bound) - PERSPECTIVE_SLACK && rest <= Math.max(0, bound) + PERSPECTIVE_SLACK;
}

/**
 * A front or rear view's contacts (or a side's seen square on: its overhangs even) turn it only where its level lines
 * (levelLinesTilt), when they read one clear lean (rival CLEAR_PEAK or less, both halves within HALVES_AGREE of it),
 * lean as the contacts slope, within this many degrees: seen square on, no perspective slopes those lines, so a contacts' slope they do not share is not the
 * car's. The Lexus ES rear, level, whose cut-out keeps the shade under its tyres (the solid shade between them cut),
 * reads 0.82 on its contacts (the shade's corners) and -0.11 on its bumper, lamps and plate (rival 0.44).
 */
export const LEVEL_LINES_AGREE = 0.5;
export function levelLinesDisagree(contacts: Pick<TyreContacts, 'degrees'>, lines: UprightTilt | undefined): boolean {
  if (!lines || lines.rival > CLEAR_PEAK || lines.halves.some((half) => Math.abs(half - lines.degrees) > HALVES_AGREE)) return false;
  return Math.abs(lines.degrees - contacts.degrees) > LEVEL_LINES_AGREE;
}

/** The photo turns about the middle of the two tyre contacts. */
const contactsCentre = ({ left, right }: TyreContacts): [number, number] => [(left[0] + right[0]) / 2, (left[1] + right[1]) / 2];

function levelSquareView(photo: DecodedPhoto, mask: CleanMask, contacts: TyreContacts | undefined, angle: Angle): Levelled {
  let levelled: Levelled;
  let upright: UprightTilt | undefined;
  if (!contacts) levelled = { photo, mask, degrees: 0, skipped: 'contacts not found' };
  // A side whose tyres are unlike is a corner view tagged or read as a side: levelled as a corner (the mirror of
  // readsSquareOn). A front's or rear's two tyres are often unlike seen square on (the Changan's 0.35 to 0.7).
  else if (contacts.likeness < SQUARE_TYRES)
    levelled = SIDE_VIEWS.has(angle) ? levelCorner(photo, mask) : { photo, mask, degrees: 0, skipped: 'tyres unlike: a corner view' };
  else if (Math.abs(contacts.degrees) > UNTRUSTED_DEGREES) levelled = { photo, mask, degrees: 0, skipped: 'too steep to trust' };
  else if (Math.abs(contacts.degrees) < LEVEL_ENOUGH_DEGREES) levelled = { photo, mask, degrees: 0, skipped: 'level' };
  else if ((upright = uprightTilt(photo, mask)) && contactsConfirm(contacts, upright)) {
    // The uprights give the tilt; the contacts' slope beyond it is the perspective of a view off square.
    levelled = { ...turn(photo, mask, -upright.degrees, contactsCentre(contacts)), degrees: -upright.degrees, upright };
  } else if (slopeMayBePerspective(contacts)) levelled = { photo, mask, degrees: 0, skipped: 'perspective of a view off square', upright };
  else if ((!SIDE_VIEWS.has(angle) || evenOverhangs(contacts)) && levelLinesDisagree(contacts, levelLinesTilt(photo, mask)))
    levelled = { photo, mask, degrees: 0, skipped: 'level lines disagree', upright };
  else {
    const degrees = Math.max(-MAX_LEVEL_DEGREES, Math.min(MAX_LEVEL_DEGREES, contacts.degrees));
    levelled = { ...turn(photo, mask, -degrees, contactsCentre(contacts)), degrees: -degrees, upright };
  }
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
