/**
 * Keeps only the main car in its cut-out: the saliency mask takes every salient thing, so a neighbour parked beside
 * the main car, a car behind it or a sign is part of it. Pixels inside another car's box and outside the main car's
 * box (with a small margin) go, and so does anything further from the main car's box than a wider margin (the
 * detector's box can be a little tight on a mirror, an antenna or a spoiler; what stands further out is not the car).
 */
import { components, solidExtent, type Box, type CleanMask } from '../../renderer/cutout/mask-cleanup';
import type { NormBox } from '../port';
import { iou } from '../boxes';
import { carAppearance, GLASS_CHROMA, srgbToLab } from '../car-appearance';
import { MAIN, OPEN, OTHER, OUT, splitAlongEdges, type Window } from './geodesic-split';
import { ownBoxBeside } from './wide-main-box';

/** How far beyond the main car's box its cut-out may reach, as fractions of the box: sides, top, bottom. */
export const KEEP_MARGIN = { side: 0.05, top: 0.06, bottom: 0.04 };

/**
 * A roof line run on level from one side of a car behind (the other side has no roof to draw it from), found more than
 * `BONNET_DROP` of the main car's box height under the box's top, is the bonnet or the boot, not the roof: over the
 * main car's middle the line is drawn `LEVEL_ROOF_DROP` under the box's top instead.
 */
export const BONNET_DROP = 0.25;
export const LEVEL_ROOF_DROP = 0.05;

/** The main car's box starting within this share of the photo's height from its top: its roof is out of the frame. */
export const ROOF_IN_FRAME = 0.01;

/** Another car's box reaching below this share of the main car's box height stands beside it, not behind. */
export const BESIDE_FROM = 0.8;
/** Nor one with less than this share of its width over the main car's box. */
export const BEHIND_OVER = 0.5;

/** What the split along the photo's edges needs: the photo's pixels at the mask's size, the detector's weak boxes. */
export interface SplitContext {
  photo?: { rgb: Uint8Array; width: number; height: number };
  /** The main car's weaker overlapping boxes (Detection.nearby): a car behind it may be only that. */
  nearby?: NormBox[];
}

export function removeOtherCars(mask: CleanMask, detected: NormBox, others: NormBox[], context: SplitContext = {}): CleanMask {
  const { width: w, height: h } = mask;
  // A main box that took in a car beside it gives way to the detector's box over the main car alone (wide-main-box.ts).
  const main = ownBoxBeside(detected, others, context.nearby ?? []) ?? detected;
  const alpha = Uint8Array.from(mask.alpha);
  const px = (b: NormBox) => ({ l: Math.floor(b.left * w), t: Math.floor(b.top * h), r: Math.ceil(b.right * w), b: Math.ceil(b.bottom * h) });
  // The detector's box can be a little tight (a roof, a mirror): the main car keeps a margin around it, a narrow one
  // where another car stands (a wider one left a slab of the neighbour beside the car, cut square).
  const mw = (main.right - main.left) * 0.015;
  const mh = (main.bottom - main.top) * 0.015;
  const m = px({ left: main.left - mw, top: main.top - mh, right: main.right + mw, bottom: main.bottom + mh });
  const inM = (x: number, y: number) => x >= m.l && x < m.r && y >= m.t && y < m.b;
  let removed = 0;
  const mainTop = Math.floor(main.top * h);
  const rgb = context.photo && context.photo.width === w && context.photo.height === h ? context.photo.rgb : undefined;
  // A weak box mostly over the main car's box and reaching past it where the mask holds next to nothing is no car (one
  // would show there, not hidden by the main car): the main car's own part read as a car (a door mirror, a post beside).
  // Not a detected car's box: a tractor's wheel over a Lamborghini's wing, its top past the box, was the tractor's.
  const shows = (b: NormBox) => !ownPart(mask.alpha, w, h, px(b), m);
  // A car behind is seen over the main car's roof: with that roof out of the frame (its box from the photo's top), the
  // top of a weak box over both is the main car's own cab and glass (a van head-on, eu-test_001: the split took half its
  // windscreen, cut square). A car beside it there is still split along the seam (`splitBeside`).
  const behindRoof = main.top > ROOF_IN_FRAME ? carsBehind(context.nearby ?? [], main, others).filter(shows) : [];
  const hidden = rgb ? [...behindRoof, ...others.filter((o) => behindWithin(o, main))].map(px) : [];
  const boxes = others.map((other) => {
    const o = px(other);
    // A car behind reaches above the main car's box: there it is not the main car, whatever the margin.
    // One reaching down most of the main car's height stands beside it (its front overlapping the main car's).
    // So does one lying mostly beside the main car's columns, whatever its height: its end overlaps the main car's.
    const over = Math.min(other.right, main.right) - Math.max(other.left, main.left);
    return { o, behind: o.t < mainTop && o.b < Math.ceil((main.top + BESIDE_FROM * (main.bottom - main.top)) * h) && over >= BEHIND_OVER * (other.right - other.left) };
  });
  // With the photo, the cars are split along its edges first, on the whole mask: what the box rules below would cut
  // (another car's pixels outside the main car's box, above it) are the other car's seeds.
  const lowerPaint = rgb && paintBelow(alpha, rgb, w, h, main, LOWER_FROM);
  const paint = rgb && mainPaint(alpha, rgb, w, h, main, lowerPaint, others);
  if (rgb) {
    const pad = Math.max(4, Math.round((m.r - m.l) * 0.04));
    // A detected car behind keeps the box rules and the roof line below: split along the edges, a silver car before a
    // white caravan lost a corner of its roof (the BMW 2002 of the fixtures: IoU against ISNet 0.977 to 0.928).
    for (const { o, behind } of boxes) if (!behind) removed += splitBeside(alpha, rgb, w, h, o, m, pad, paint);
    // A weak box over a car parked beside-behind, inside the main car's box: split as a car behind, the main car's
    // side of the box and the rows under it the main car's, the other car's part past the main box its own.
    for (const b of carsBesideBehind(context.nearby ?? [], main, others).filter(shows)) {
      const q = px(b);
      removed += splitBehind(alpha, rgb, w, h, q, q.t + Math.round((q.b - q.t) * 0.15), q.b, pad, { side: b.left < main.left ? 'right' : 'left', box: m });
    }
    // A weak box over the car behind: the top of it is the other car (it rises over the main car there).
    for (const b of hidden) removed += splitBehind(alpha, rgb, w, h, b, b.t + Math.round((b.b - b.t) * 0.15), b.b, pad);
    // The detector's boxes over the main car disagree on its top: some took in a car behind. Well above the lowest
    // top is the other car, well below it the main one.
    const band = raisedTop(main, context.nearby ?? []);
    if (band) {
      const t = px(band.tight);
      const th = t.b - t.t;
      removed += splitBehind(alpha, rgb, w, h, t, t.t - Math.round(th * 0.1), t.t + Math.round(th * 0.15), pad);
    }
    // A car of another paint that the detector did not box on its own (a blue car behind a red one, inside the main
    // car's box): its paint seen against the sky is the other car's seed.
    removed += splitByPaint(alpha, rgb, w, h, main, paint);
  }
  const bw = main.right - main.left;
  const bh = main.bottom - main.top;
  const keep = px({ left: main.left - KEEP_MARGIN.side * bw, top: main.top - KEEP_MARGIN.top * bh, right: main.right + KEEP_MARGIN.side * bw, bottom: main.bottom + KEEP_MARGIN.bottom * bh });
  const { box: b } = mask;
  let cropped = removed > 0;
  if (b.left < keep.l || b.top < keep.t || b.right > keep.r || b.bottom > keep.b)
    for (let y = b.top; y < b.bottom; y++)
      for (let x = b.left; x < b.right; x++) {
        if (x >= keep.l && x < keep.r && y >= keep.t && y < keep.b) continue;
        const i = y * w + x;
        if (alpha[i]! >= 128) removed++;
        if (alpha[i]! > 0) (alpha[i] = 0), (cropped = true);
      }
  if (!cropped && others.length === 0) return mask;
  // The main car's paint for giving back its roof (`keepOwnRoof`): over its whole box, the car behind cut (`paint`, from
  // the box's lower half, reads a car with black sills and bumpers as their grey); measured once, when first needed.
  let ownPaint: Paint | undefined | null = null;
  const roofPaint = () => (ownPaint === null ? (ownPaint = rgb && paintBelow(alpha, rgb, w, h, main, 0)) : ownPaint);
  for (const { o, behind } of boxes) {
    for (let y = Math.max(0, o.t); y < Math.min(h, o.b); y++)
      for (let x = Math.max(0, o.l); x < Math.min(w, o.r); x++) {
        if (inM(x, y) && !(behind && y < mainTop)) continue;
        const i = y * w + x;
        if (alpha[i]! >= 128) removed++;
        alpha[i] = 0;
      }
    if (behind) removed += cutBelowRoofLine(alpha, w, o, { t: mainTop, b: Math.ceil(main.bottom * h), centre: Math.round(((main.left + main.right) / 2) * w) }, rgb ? { rgb, paint: roofPaint, before: mask.alpha } : undefined);
  }
  // What the splits left of the taken car's own paint, joined to its part taken off through that paint, is its too.
  if (rgb && paint && removed > 0) removed += dropTakenPaint(mask.alpha, alpha, rgb, w, { l: b.left, t: b.top, r: b.right, b: b.bottom }, paint);
  // What of the car behind still hangs from its part taken off, over the background (its wheel past the main car's
  // roof or end, its bumper's corner), goes too.
  // Judged against the lower part's own colour, trim included: with a red car's paint, its black roof and pillar run
  // down to a hole of the mask in its window hung from the car behind over "nothing" (the truth bench's `0018 behind`).
  if (rgb && lowerPaint) removed += dropHanging(mask.alpha, alpha, rgb, w, h, Math.round(HANGING_LONGEST * (main.bottom - main.top) * h), lowerPaint);
  // What is left of it joined to the main car only through a narrow neck (its wheel beside the roof corner, where the
  // columns from its body down were too long to hang) goes with its neck.
  let { box, area } = solidExtent(alpha, w, h);
  if (removed > 0) {
    const necked = dropNecked(mask.alpha, alpha, w, h, { l: box.left, t: box.top, r: box.right, b: box.bottom }, Math.max(1, Math.round(NECK * (main.bottom - main.top) * h)), rgb && paint ? { rgb, paint } : undefined);
    if (necked > 0) (removed += necked), ({ box, area } = solidExtent(alpha, w, h));
  }
  return { alpha, width: w, height: h, box, areaFraction: area / (w * h), removedFraction: mask.removedFraction + removed / (w * h) };
}

/**
 * A car behind the main one, seen over its roof, joins the roof in the cut-out. Across the other car's columns the
 * main car's roof line is drawn from the columns just beside them (the roof is smooth there) and what rises above it
 * goes; where the other car reaches past one end of the main car, the line runs on level from the other side (unless
 * that side is the bonnet or the boot and the other car stands over the main car's middle: `BONNET_DROP`). A car
 * behind wider than the whole roof leaves nothing to draw the line from.
 */
function cutBelowRoofLine(alpha: Uint8Array, w: number, o: Window, main: { t: number; b: number; centre: number }, look?: RoofLook): number {
  const mainTop = main.t;
  const topOf = (x: number) => {
    if (x < 0 || x >= w) return -1;
    for (let y = mainTop; y < o.b + (o.b - o.t); y++) if (alpha[y * w + x]! >= 128) return y;
    return -1;
  };
  // The roof beside the other car: a few columns out, the highest solid pixel at or below the main car's box top.
  const side = Math.max(2, Math.round((o.r - o.l) * 0.05));
  const found = (y: number) => y >= 0 && y < o.b;
  let left = topOf(o.l - side);
  let right = topOf(o.r - 1 + side);
  // A car behind that reaches past the main car's end: the roof line runs on, level, from the side that has roof.
  if (!found(left) && !found(right)) return 0;
  // The side that has it may be the bonnet or the boot, well under the roof (a corner view, the car behind reaching
  // past the rear): run on level from there across the main car's middle, the line crossed its glasshouse and its
  // door mirror. In front of or behind the main car (a car beside, past its front) the level line is the right one;
  // so it is where the side found is not that far down (a sloping roof's end: the line there cut the car behind well).
  if (!found(left) || !found(right)) {
    const overRoof = o.l <= main.centre && o.r > main.centre;
    const level = found(left) ? left : right;
    const height = main.b - mainTop;
    left = right = overRoof && level > mainTop + BONNET_DROP * height ? mainTop + Math.round(LEVEL_ROOF_DROP * height) : level;
  }
  let removed = 0;
  const l = Math.max(0, o.l);
  const r = Math.min(w, o.r);
  const lineAt = (x: number) => left + ((right - left) * (x - o.l)) / Math.max(1, o.r - o.l) - 2;
  // What the line takes, as it was (for the main car's roof given back below).
  const cw = r - l;
  const ch = Math.max(0, Math.ceil(Math.max(left, right)));
  const cut = new Uint8Array(cw * ch);
  for (let x = l; x < r; x++) {
    const roof = lineAt(x);
    for (let y = 0; y < roof; y++) {
      const i = y * w + x;
      cut[y * cw + x - l] = alpha[i]!;
      if (alpha[i]! >= 128) removed++;
      alpha[i] = 0;
    }
  }
  return look ? removed - keepOwnRoof(alpha, w, { l, t: 0, r, b: ch }, cut, o, main.t, look) : removed;
}

/** What giving back the main car's roof needs: the photo, the main car's paint, the mask before the step. */
interface RoofLook {
  rgb: Uint8Array;
  paint: () => Paint | undefined;
  before: Uint8Array;
}

/** The car behind counts as of another paint when under this share of its pixels over the main car's box are the main car's paint. */
const BEHIND_SAME_PAINT = 0.1;

/**
 * The roof line is a guess, most of all where the car behind reaches past the main car's end (drawn on level from one
 * side): a roof higher than it was cut flat (the truth bench's `0024 behind`, its roof cut ~60 px under its top, level
 * with the windscreen's slope). What the line took that is the main car's paint and joined through it to what the main
 * car kept is its roof, and comes back with the rest of its columns below (side windows, trim); unless the car behind
 * is of the main car's paint too (then the paint cannot tell them apart). `cut`: the window's alpha before the line.
 * Returns how many solid pixels came back.
 */
function keepOwnRoof(alpha: Uint8Array, w: number, win: Window, cut: Uint8Array, o: Window, mainTop: number, look: RoofLook): number {
  const paint = look.paint();
  if (!paint) return 0;
  // The car behind's own pixels over the main car's box (the box rule took them before): mostly the main car's paint?
  let all = 0;
  let same = 0;
  for (let y = Math.max(0, o.t); y < mainTop; y++)
    for (let x = win.l; x < win.r; x++)
      if (look.before[y * w + x]! >= 128) (all++, paintOf(look.rgb, 3 * (y * w + x), paint) === 1 && same++);
  if (all === 0 || same > BEHIND_SAME_PAINT * all) return 0;
  const ww = win.r - win.l;
  const wh = win.b - win.t;
  const own = (c: number) => cut[c]! >= 128 && isPaintAt(look.rgb, w, win, c, paint);
  const kept = (x: number, y: number) => x >= 0 && y >= 0 && x < w && alpha[y * w + x]! >= 128;
  const roof = new Uint8Array(ww * wh);
  const queue = new Int32Array(ww * wh);
  let tail = 0;
  for (let c = 0; c < ww * wh; c++) {
    const x = (c % ww) + win.l;
    const y = ((c / ww) | 0) + win.t;
    if (own(c) && (kept(x, y + 1) || kept(x - 1, y) || kept(x + 1, y))) (roof[c] = 1), (queue[tail++] = c);
  }
  for (let head = 0; head < tail; head++) {
    const c = queue[head]!;
    const x = c % ww;
    for (const n of [x > 0 ? c - 1 : -1, x < ww - 1 ? c + 1 : -1, c - ww, c + ww])
      if (n >= 0 && n < ww * wh && !roof[n] && own(n)) (roof[n] = 1), (queue[tail++] = n);
  }
  // Seen over the main car, the car behind is the top of each column: under the highest of the roof's paint given back,
  // the rest of the column is the main car's too (its side windows and roof rails between the paint), with the soft
  // edge just above.
  let back = 0;
  for (let x = 0; x < ww; x++) {
    let top = 0;
    while (top < wh && !roof[top * ww + x]) top++;
    if (top === wh) continue;
    for (let y = Math.max(0, top - 2); y < wh; y++) {
      const c = y * ww + x;
      const i = (y + win.t) * w + x + win.l;
      if (y < top && cut[c]! >= 128) continue;
      if (cut[c]! >= 128 && alpha[i]! < 128) back++;
      alpha[i] = Math.max(alpha[i]!, cut[c]!);
    }
  }
  return back;
}

/** A weak box of a car's size (15% of the main car's height, 30% of its width) starting level with its top or above. */
function carSizedFromTop(b: NormBox, main: NormBox): boolean {
  const mw = main.right - main.left;
  const mh = main.bottom - main.top;
  return b.bottom - b.top >= 0.15 * mh && b.right - b.left >= 0.3 * mw && b.top <= main.top + 0.25 * mh;
}

/**
 * The detector's weak boxes that look like a car parked behind the main one: level with the main car's top (its box
 * took the car behind in) or above it, ending well above the main car's bottom (the main car hides the rest), and a
 * car's width.
 */
export function carsBehind(nearby: NormBox[], main: NormBox, others: NormBox[]): NormBox[] {
  const mh = main.bottom - main.top;
  return nearby.filter(
    (b) =>
      carSizedFromTop(b, main) &&
      b.bottom <= main.top + 0.7 * mh &&
      !ownUpperBody(b, main) &&
      !others.some((o) => iou(o, b) > 0.5),
  );
}

/**
 * The detector's weak boxes over a car parked beside-behind the main one, which the main car's box took in (a red car
 * behind-left of a pale green Skoda, eu-test_051 of the plate benchmark): level with the main car's top, a car's width,
 * ending between a car behind's bottom (`carsBehind`) and a car beside's (`BESIDE_FROM`), and reaching past one side
 * of the main car's box, not both (within both sides it is the main car's own body; past both, not one car beside).
 */
export function carsBesideBehind(nearby: NormBox[], main: NormBox, others: NormBox[]): NormBox[] {
  const mh = main.bottom - main.top;
  return nearby.filter(
    (b) =>
      carSizedFromTop(b, main) &&
      b.bottom > main.top + 0.7 * mh &&
      b.bottom <= main.top + BESIDE_FROM * mh &&
      b.left < main.left !== b.right > main.right &&
      !ownUpperBody(b, main) &&
      !others.some((o) => iou(o, b) > 0.5),
  );
}

/**
 * A weak box as wide as most of the main car's and within its box on both sides is the main car's own upper body (an
 * open Reventon's cockpit, windscreen frame and engine cover, cut away level), not a car behind: one that far away and
 * that wide would show past the main car's end (the truth bench's cars behind all reach its box's side).
 */
function ownUpperBody(b: NormBox, main: NormBox): boolean {
  const mw = main.right - main.left;
  return b.right - b.left >= 0.6 * mw && b.left > main.left + 0.02 * mw && b.right < main.right - 0.02 * mw;
}

/** A weak box lying at least this share of its area over the main car's box (mostly over it)... */
const OWN_OVER = 0.5;
/** ...reaching past it by at least this share of its area... */
const OWN_PAST = 0.15;
/** ...and under this share of that part in the mask is the main car's own part read as a car. */
const OWN_PAST_EMPTY = 0.1;

/** Whether the weak box `b` is the main car's own part (OWN_OVER, OWN_PAST, OWN_PAST_EMPTY); `m` the main car's box. */
function ownPart(alpha: Uint8Array, w: number, h: number, b: Window, m: Window): boolean {
  let outside = 0;
  let solid = 0;
  let all = 0;
  for (let y = Math.max(0, b.t); y < Math.min(h, b.b); y++)
    for (let x = Math.max(0, b.l); x < Math.min(w, b.r); x++) {
      all++;
      if (x >= m.l && x < m.r && y >= m.t && y < m.b) continue;
      outside++;
      if (alpha[y * w + x]! >= 128) solid++;
    }
  return all - outside >= OWN_OVER * all && outside >= OWN_PAST * all && solid < OWN_PAST_EMPTY * outside;
}

/** A car's box ending above this share of the main car's box height stands further away than the main car: behind it. */
export const BEHIND_ABOVE = 0.5;

/**
 * Another car's box lying wholly within the main car's box and ending in its upper half is a car behind, whatever its
 * top (a car behind the bonnet, its roof just under the main car's): no seed of it lies outside the main car's box for
 * the split beside, so it is split as a car behind (its top against the main car below its box).
 */
export function behindWithin(other: NormBox, main: NormBox): boolean {
  return other.top >= main.top && other.left >= main.left && other.right <= main.right && other.bottom < main.top + BEHIND_ABOVE * (main.bottom - main.top);
}

/**
 * The main car's box and the detector's weaker boxes over the same car (the same sides and bottom, within 5%): when
 * their tops differ by more than 15% of the car's height, some took in something standing over the roof (a car behind).
 * The box with the lowest top, which must be the main box, is then the main car's own.
 */
export function raisedTop(main: NormBox, nearby: NormBox[]): { tight: NormBox; top: number } | undefined {
  const mw = main.right - main.left;
  const mh = main.bottom - main.top;
  const same = [main, ...nearby].filter((b) => Math.abs(b.left - main.left) < 0.05 * mw && Math.abs(b.right - main.right) < 0.05 * mw && Math.abs(b.bottom - main.bottom) < 0.05 * mh);
  if (same.length < 2) return undefined;
  const tight = same.reduce((a, b) => (b.top > a.top ? b : a));
  // Only when the main box, the detector's surest, is the tightest: a weaker box reaching higher took in a car behind.
  // Where a weaker box ends lower than the main one, the boxes disagree about the car's own top (an open Rolls-Royce's
  // windscreen: one box to its header, the main one part-way, one to the scuttle), and the split took the screen off.
  if (tight !== main) return undefined;
  const top = Math.min(...same.map((b) => b.top));
  return tight.top - top > 0.15 * (tight.bottom - tight.top) ? { tight, top } : undefined;
}

/**
 * A car beside the main one, their boxes overlapping: what lies in both boxes goes to the car it is joined to with
 * the weaker edges (the main car's pixels outside the other's box against the other car's outside the main box).
 * What lies only in the other's box goes as before.
 */
function splitBeside(alpha: Uint8Array, rgb: Uint8Array, w: number, h: number, o: Window, m: Window, pad: number, paint: Paint | undefined): number {
  const both = { l: Math.max(o.l, m.l), t: Math.max(o.t, m.t), r: Math.min(o.r, m.r), b: Math.min(o.b, m.b) };
  if (both.r <= both.l || both.b <= both.t) return 0;
  const inO = (x: number, y: number) => x >= o.l && x < o.r && y >= o.t && y < o.b;
  const inM = (x: number, y: number) => x >= m.l && x < m.r && y >= m.t && y < m.b;
  const win = { l: Math.max(0, both.l - pad), t: Math.max(0, both.t - pad), r: Math.min(w, both.r + pad), b: Math.min(h, both.b + pad) };
  const state = stateOf(alpha, w, win, (x, y) => (inO(x, y) ? (inM(x, y) ? OPEN : OTHER) : inM(x, y) ? MAIN : OUT));
  // In both boxes, a paint clearly not the main car's that runs on from the other car's part outside the main box is
  // the other car's body reaching up to the seam: seeded so, the split is fought at the seam itself, not half-way.
  if (paint) spreadOtherPaint(state, rgb, w, win, paint);
  const seeds = Uint8Array.from(state);
  // No colour cost here: the seeds' colours said the dark parts (tyres, shadowed bumpers, the sills' shade) were the
  // main car's, so the other car's wheel and nose at the seam went to the main car along the dark ground under them
  // (docs/benchmarks/cut-out.md, "Cut-out: the other car at the seam"). Edges weigh far more than the path's length
  // (BESIDE_EDGE_WEIGHT): the other car's seeds, spread over its paint, touch the seam while the main car's start at
  // the other car's box, so with the split's usual weight the shorter path won and the seam cut into the main car.
  splitAlongEdges(state, rgb, w, win, 0, BESIDE_EDGE_WEIGHT);
  // The main car's seeds start only at the other car's box, so the split can meet half-way across the main car's own
  // paint (a red car's rear quarter went to the blue car beside it, cut at the tail lamp's edges): that paint comes
  // back. Not when the other car's seeds are of that paint too.
  if (paint && sharesPaint(seeds, rgb, w, win, paint) <= BEHIND_SAME_PAINT) reclaimOwnPaint(state, seeds, rgb, w, win, paint);
  return clear(alpha, w, win, state);
}

/**
 * The cost of a step across an edge in the splits beside and behind, per unit of colour difference (geodesic-split.ts's
 * own is 0.35): at this weight the seam lies on the strongest edge, the main car's outline against the other car,
 * however much further the main car's seeds are. The truth bench's tune set: "beside" boundary F rose with the weight up to 16-32
 * and no further at 64; 32 kept thin rims of the other car's outline (cheap paths along its soft edge).
 */
const BESIDE_EDGE_WEIGHT = 16;

/** OPEN pixels of another paint than the main car's, joined to the other car's seeds through such pixels, become its seeds. */
function spreadOtherPaint(state: Uint8Array, rgb: Uint8Array, w: number, win: Window, paint: Paint): void {
  const ww = win.r - win.l;
  const n = state.length;
  const queue = new Int32Array(n);
  let tail = 0;
  // The other car's own paint: the mean a*b* of its seeds of another paint. Only colours near it spread (a dark
  // bluish glint on the main car's lamp is "another paint" against a red car's, but far from a blue car's paint).
  const ab: [number, number] = [0, 0];
  let oa = 0;
  let ob = 0;
  let painted = 0;
  for (let i = 0; i < n; i++) {
    if (state[i] !== OTHER) continue;
    queue[tail++] = i;
    const p = 3 * photoIndex(w, win, i);
    if (paintOf(rgb, p, paint) === 2) (chromaOf(rgb, p, ab), (oa += ab[0]), (ob += ab[1]), painted++);
  }
  if (painted > 0) (oa /= painted), (ob /= painted);
  const joins = (j: number) => {
    if (state[j] !== OPEN) return false;
    const p = 3 * photoIndex(w, win, j);
    return paintOf(rgb, p, paint) === 2 && (painted === 0 || (chromaOf(rgb, p, ab), Math.hypot(ab[0] - oa, ab[1] - ob) < PAINT_APART));
  };
  for (let head = 0; head < tail; head++) {
    const c = queue[head]!;
    const x = c % ww;
    for (const j of [x > 0 ? c - 1 : -1, x < ww - 1 ? c + 1 : -1, c - ww, c + ww])
      if (j >= 0 && j < n && joins(j)) (state[j] = OTHER), (queue[tail++] = j);
  }
}

/** The share of the other car's seeds in the window that are the main car's paint (1 when it has none). */
function sharesPaint(state: Uint8Array, rgb: Uint8Array, w: number, win: Window, paint: Paint): number {
  let all = 0;
  let same = 0;
  for (let i = 0; i < state.length; i++)
    if (state[i] === OTHER) (all++, isPaintAt(rgb, w, win, i, paint) && same++);
  return all ? same / all : 1;
}

/** Half-side of the square over which the seam is smoothed after the main car's paint came back (pixels). */
const SEAM_SMOOTH = 2;

/**
 * After the split (`seeds`: the states before it): what it gave the other car of the main car's paint, joined through
 * that paint to the main car's part, is the main car's; so is what of the other car's part no longer joins its seeds
 * (a tail lamp framed by the paint given back). Then each pixel the split decided goes to the car holding most of the
 * square round it: the paint comes back in patches (its shaded edge is not the paint), leaving a ragged seam.
 */
function reclaimOwnPaint(state: Uint8Array, seeds: Uint8Array, rgb: Uint8Array, w: number, win: Window, paint: Paint): void {
  const ww = win.r - win.l;
  const wh = win.b - win.t;
  const n = state.length;
  const queue = new Int32Array(n);
  const flood = (tail: number, joins: (j: number) => boolean, mark: (j: number) => void) => {
    for (let head = 0; head < tail; head++) {
      const c = queue[head]!;
      const x = c % ww;
      for (const j of [x > 0 ? c - 1 : -1, x < ww - 1 ? c + 1 : -1, c - ww, c + ww]) if (j >= 0 && j < n && joins(j)) (mark(j), (queue[tail++] = j));
    }
  };
  let tail = 0;
  for (let i = 0; i < n; i++) if (state[i] === MAIN) queue[tail++] = i;
  const ownPaint = (j: number) => isPaintAt(rgb, w, win, j, paint);
  flood(tail, (j) => state[j] === OTHER && seeds[j] === OPEN && ownPaint(j), (j) => (state[j] = MAIN));
  const reached = new Uint8Array(n);
  tail = 0;
  for (let i = 0; i < n; i++) if (seeds[i] === OTHER) (reached[i] = 1), (queue[tail++] = i);
  flood(tail, (j) => state[j] === OTHER && !reached[j], (j) => (reached[j] = 1));
  for (let i = 0; i < n; i++) if (state[i] === OTHER && !reached[i]) state[i] = MAIN;
  // The square's counts from running sums of each car's pixels over the window.
  const sums = (v: number) => {
    const s = new Int32Array((ww + 1) * (wh + 1));
    for (let y = 0; y < wh; y++)
      for (let x = 0, row = 0; x < ww; x++) (row += state[y * ww + x] === v ? 1 : 0), (s[(y + 1) * (ww + 1) + x + 1] = s[y * (ww + 1) + x + 1]! + row);
    return s;
  };
  const mains = sums(MAIN);
  const others = sums(OTHER);
  const count = (s: Int32Array, x: number, y: number) => {
    const l = Math.max(0, x - SEAM_SMOOTH), t = Math.max(0, y - SEAM_SMOOTH), r = Math.min(ww, x + SEAM_SMOOTH + 1), b = Math.min(wh, y + SEAM_SMOOTH + 1);
    return s[b * (ww + 1) + r]! - s[t * (ww + 1) + r]! - s[b * (ww + 1) + l]! + s[t * (ww + 1) + l]!;
  };
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++) {
      const i = y * ww + x;
      if (seeds[i] !== OPEN || (state[i] !== MAIN && state[i] !== OTHER)) continue;
      const m = count(mains, x, y);
      const o = count(others, x, y);
      if (m !== o) state[i] = m > o ? MAIN : OTHER;
    }
}

/**
 * A car behind the main one, showing over its roof: the top of its box is the other car (it rises above the main
 * car's roof there), everything below its box and beside it is the main car; between them the split follows the
 * main car's roof line as the photo draws it.
 */
function splitBehind(alpha: Uint8Array, rgb: Uint8Array, w: number, h: number, b: Window, roofOfOther: number, mainFrom: number, pad: number, beside?: { side: 'left' | 'right'; box: Window }): number {
  const l = Math.max(0, b.l - pad);
  const r = Math.min(w, b.r + pad);
  const bottom = Math.min(h, mainFrom + pad);
  // From the mask's top in these columns down.
  let t = bottom;
  for (let y = 0; y < t && t === bottom; y++)
    for (let x = l; x < r; x++)
      if (alpha[y * w + x]! > 0) {
        t = y;
        break;
      }
  const win = { l, t, r, b: bottom };
  // Below the other car's box is the main car; beside it may be either (a car behind often reaches past the main
  // car's end).
  // A car beside-behind (`beside`): the main car lies on one side of its box, and the other car's part outside the
  // main car's box is its own at every height.
  const mainSide = (x: number) => (beside?.side === 'right' ? x >= b.r : beside?.side === 'left' && x < b.l);
  const outsideMain = (x: number) => beside !== undefined && (x < beside.box.l || x >= beside.box.r);
  const state = stateOf(alpha, w, win, (x, y) => (y >= mainFrom || mainSide(x) ? MAIN : x >= b.l && x < b.r && (y < roofOfOther || outsideMain(x)) ? OTHER : OPEN));
  // The edges weigh as in the split beside: at the split's usual weight the main car's seeds, starting just under the
  // box, won the car behind's dark sill and wheels lying over the main car's glass and bonnet along their colour (the
  // truth bench's `0066 behind`: 1.5% of the cut-out on the other car, 0.3% so).
  splitAlongEdges(state, rgb, w, win, undefined, BESIDE_EDGE_WEIGHT);
  // Seen over the main car, the car behind is the top of each column: below the main car's first solid run, what
  // looks like the other car (a windscreen reflecting the same sky, grey seats) is the main car's.
  const ww = win.r - win.l;
  for (let x = 0; x < ww; x++) {
    let run = 0;
    let reached = false;
    for (let y = 0; y < win.b - win.t; y++) {
      const i = y * ww + x;
      if (reached) {
        if (state[i] === OTHER && y + win.t >= roofOfOther) state[i] = MAIN;
        continue;
      }
      run = state[i] === MAIN ? run + 1 : 0;
      reached = run >= MAIN_RUN;
    }
  }
  return clear(alpha, w, win, state);
}

/** Rows of main car in a column that mark where the main car begins in it (fewer is a stray pixel). */
const MAIN_RUN = 3;

/** The window's states: OUT where the mask is empty, else what `kind` says. */
function stateOf(alpha: Uint8Array, w: number, win: Window, kind: (x: number, y: number) => number): Uint8Array {
  const ww = win.r - win.l;
  const state = new Uint8Array(ww * (win.b - win.t));
  for (let y = win.t; y < win.b; y++)
    for (let x = win.l; x < win.r; x++) if (alpha[y * w + x]! > 0) state[(y - win.t) * ww + (x - win.l)] = kind(x, y);
  return state;
}

/** Clears the pixels the split gave the other car; returns how many of them were solid. */
function clear(alpha: Uint8Array, w: number, win: Window, state: Uint8Array): number {
  const ww = win.r - win.l;
  let removed = 0;
  for (let y = win.t; y < win.b; y++)
    for (let x = win.l; x < win.r; x++) {
      if (state[(y - win.t) * ww + (x - win.l)] !== OTHER) continue;
      const i = y * w + x;
      if (alpha[i]! >= 128) removed++;
      alpha[i] = 0;
    }
  return removed;
}

/** Paint clearly not the main car's: CIELAB chroma (a*, b*) at least this far from the main car's paint... */
export const PAINT_APART = 40;
/** ...and itself a paint (windows, tyres, trim and chrome are grey whatever the car). */
const PAINT_CHROMA = 20;
/** Within this chroma distance a pixel is the main car's paint. */
const PAINT_SAME = 18;
/** A region of another paint counts from this share of the mask (a tail lamp or a badge is less). */
const REGION_SHARE = 0.03;
/** Nor more than this share: a car that is mostly of "another paint" is a two-tone car or a wrong paint measure. */
const REGION_MAX = 0.45;
/** A region of another paint reaching below this share of the main car's box height is not a car behind it. */
const BEHIND_BOTTOM = 0.65;
/**
 * A region of another paint over the main car's middle column starting this share of its box height under the box's
 * top is not a car behind (the truth bench's cars behind start at most 0.04 under it; the Cadillac's bonnet 0.17).
 */
const OWN_PAINT_BELOW_TOP = 0.1;
/** CIELAB a*, b* of each colour at 6 bits a channel, filled as colours are met (NaN: not yet). */
const CHROMA = new Float32Array(2 * 64 * 64 * 64).fill(Number.NaN);
/** Sampling step of the search for such regions (pixels). */
const GRID = 2;

/** The main car's paint, CIELAB a*, b* and L*. */
type Paint = readonly [number, number, number];

/** The main car's paint from its box below `from` of its height. */
function paintBelow(alpha: Uint8Array, rgb: Uint8Array, w: number, h: number, main: NormBox, from: number): Paint | undefined {
  const lower = { ...main, top: main.top + from * (main.bottom - main.top) };
  const look = carAppearance({ rgb: Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength), width: w, height: h }, lower, alpha);
  return look ? [look.paint[1], look.paint[2], look.paint[0]] : undefined;
}

/** The lower part of the main car's box that its paint is measured on (the upper part may be mostly a car behind). */
const LOWER_FROM = 0.45;

/**
 * A grey paint measured on the main car's lower part is a coloured car's own paint when at least this share of that
 * part (outside other cars' boxes) is the whole box's coloured paint: an SUV's black cladding, sills and tyres filled
 * the measured band (the truth bench's red Kadjar read 23/0/0 in 11 of 48 two-car composites, its lower part 30-50% red).
 */
export const LOWER_PAINT_SHARE = 0.2;

/**
 * The main car's paint: `lower` (measured below LOWER_FROM), or, where that reads grey and the whole box a paint that
 * the lower part shows too (`LOWER_PAINT_SHARE`; `others`' boxes left out: a car beside), the whole box's.
 */
function mainPaint(alpha: Uint8Array, rgb: Uint8Array, w: number, h: number, main: NormBox, lower: Paint | undefined, others: NormBox[]): Paint | undefined {
  if (!lower || Math.hypot(lower[0], lower[1]) >= PAINT_CHROMA) return lower;
  const whole = paintBelow(alpha, rgb, w, h, main, 0);
  if (!whole || Math.hypot(whole[0], whole[1]) < PAINT_CHROMA) return lower;
  const ab: [number, number] = [0, 0];
  const inOther = (x: number, y: number) => others.some((o) => x >= o.left * w && x < o.right * w && y >= o.top * h && y < o.bottom * h);
  let all = 0;
  let same = 0;
  for (let y = Math.max(0, Math.floor((main.top + LOWER_FROM * (main.bottom - main.top)) * h)); y < Math.min(h, Math.ceil(main.bottom * h)); y += GRID)
    for (let x = Math.max(0, Math.floor(main.left * w)); x < Math.min(w, Math.ceil(main.right * w)); x += GRID) {
      if (alpha[y * w + x]! < 128 || inOther(x, y)) continue;
      all++;
      chromaOf(rgb, 3 * (y * w + x), ab);
      if (Math.hypot(ab[0] - whole[0], ab[1] - whole[1]) <= PAINT_SAME) same++;
    }
  return all > 0 && same >= LOWER_PAINT_SHARE * all ? whole : lower;
}

/** Hue (degrees) within which a duller colour is taken for a shade of the main car's paint. */
export const SHADE_HUE = 15;

/**
 * A colour (CIELAB a*, b*) of the paint's own hue but duller: the paint where it mirrors a pale sky (an orange bonnet's
 * highlight reads salmon, a*b* 22/22 against the paint's 55/60), never another car's paint, which differs in hue. Only
 * for a paint with a hue of its own (a grey car's hue is noise).
 */
function paleShadeOf(a: number, b: number, [pa, pb]: Paint): boolean {
  const paintChroma = Math.hypot(pa, pb);
  if (paintChroma < PAINT_CHROMA || Math.hypot(a, b) >= paintChroma) return false;
  const turn = Math.abs(((Math.atan2(b, a) - Math.atan2(pb, pa)) * 180) / Math.PI);
  return Math.min(turn, 360 - turn) <= SHADE_HUE;
}

/** CIELAB a*, b* of the pixel at `p` (index into `rgb`), read from the 6-bit table (`out` receives them). */
function chromaOf(rgb: Uint8Array, p: number, out: [number, number]): [number, number] {
  const q = ((rgb[p]! >> 2) << 12) | ((rgb[p + 1]! >> 2) << 6) | (rgb[p + 2]! >> 2);
  if (Number.isNaN(CHROMA[2 * q]!)) {
    // The bin's own centre, whichever pixel fills it first (the pixel's own value made the table depend on the order
    // photos came in).
    const [, ca, cb] = srgbToLab((rgb[p]! & ~3) | 2, (rgb[p + 1]! & ~3) | 2, (rgb[p + 2]! & ~3) | 2);
    CHROMA[2 * q] = ca;
    CHROMA[2 * q + 1] = cb;
  }
  out[0] = CHROMA[2 * q]!;
  out[1] = CHROMA[2 * q + 1]!;
  return out;
}
const AB: [number, number] = [0, 0];

/** The pixel at `p` (index into `rgb`): 1 the main car's paint, 2 another paint, 3 neither (grey, dark, a near paint). */
function paintOf(rgb: Uint8Array, p: number, [pa, pb]: Paint): number {
  const [a, b] = chromaOf(rgb, p, AB);
  const apart = Math.hypot(a - pa, b - pb);
  return apart <= PAINT_SAME ? 1 : apart >= PAINT_APART && Math.hypot(a, b) >= PAINT_CHROMA ? 2 : 3;
}

/** The photo's pixel (an index into a `w`-wide photo) at index `i` of the window (its rows `win.r - win.l` wide). */
function photoIndex(w: number, win: Window, i: number): number {
  const ww = win.r - win.l;
  return (((i / ww) | 0) + win.t) * w + (i % ww) + win.l;
}

/** Whether the photo's pixel at index `i` of the window is the main car's paint. */
function isPaintAt(rgb: Uint8Array, w: number, win: Window, i: number, paint: Paint): boolean {
  return paintOf(rgb, 3 * photoIndex(w, win, i), paint) === 1;
}

/**
 * A car behind of another paint that the detector saw only as part of the main car (its box took both in): where the
 * mask holds a large region of a paint clearly not the main car's (car-appearance.ts measures the main car's paint)
 * that shows against the background from above, directly or past its own trim and glass (it rises over the main car's
 * silhouette), that region seeds the
 * other car and the main car's paint and its wheels' band seed the main one; the split then follows the photo's edges
 * (geodesic-split.ts), so the other car's windows and trim go with it and the main car's stay.
 */
function splitByPaint(alpha: Uint8Array, rgb: Uint8Array, w: number, h: number, main: NormBox, paint: Paint | undefined): number {
  const { box, area } = solidExtent(alpha, w, h);
  if (area < 400 || !paint) return 0;
  const gw = Math.ceil((box.right - box.left) / GRID);
  const gh = Math.ceil((box.bottom - box.top) / GRID);
  const solid = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && alpha[y * w + x]! >= 128;
  // Per sample: 0 not in the mask, 1 the main car's paint, 2 another paint, 3 neither (grey, dark, a near paint).
  const kind = new Uint8Array(gw * gh);
  let others = 0;
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      const x = box.left + gx * GRID;
      const y = box.top + gy * GRID;
      if (!solid(x, y)) continue;
      const k = paintOf(rgb, 3 * (y * w + x), paint);
      kind[gy * gw + gx] = k;
      if (k === 2) others++;
    }
  if (others * GRID * GRID < REGION_SHARE * area) return 0;
  // Per sample: the background seen straight above it, past any other paint and grey (the car behind's grille, lamps
  // and chrome between its bonnet and what of it was already split off) but not past the main car's paint.
  const open = new Uint8Array(gw * gh);
  for (let gx = 0; gx < gw; gx++) {
    let sky = !solid(box.left + gx * GRID, box.top - GRID);
    for (let gy = 0; gy < gh; gy++) {
      const s = gy * gw + gx;
      open[s] = sky ? 1 : 0;
      const k = kind[s]!;
      sky = k === 0 ? true : k === 1 ? false : sky;
    }
  }
  const centre = Math.round((((main.left + main.right) / 2) * w - box.left) / GRID);
  // Regions of another paint (4-connected samples); kept when large and seen against the background from above.
  const region = new Int32Array(gw * gh).fill(-1);
  const keep: boolean[] = [];
  const spans: Span[] = [];
  const queue = new Int32Array(gw * gh);
  for (let s = 0; s < gw * gh; s++) {
    if (kind[s] !== 2 || region[s]! >= 0) continue;
    const id = keep.length;
    let head = 0;
    let tail = 0;
    let size = 0;
    let skyAbove = 0;
    let bottom = 0;
    let top = h;
    let middle = false;
    let left = gw;
    let right = -1;
    const sum = [0, 0, 0];
    queue[tail++] = s;
    region[s] = id;
    while (head < tail) {
      const c = queue[head++]!;
      size++;
      const gx = c % gw;
      const gy = (c / gw) | 0;
      if (open[c]) skyAbove++;
      bottom = Math.max(bottom, box.top + gy * GRID);
      top = Math.min(top, box.top + gy * GRID);
      if (gx === centre) middle = true;
      if (gx < left) left = gx;
      if (gx > right) right = gx;
      const p = 3 * ((box.top + gy * GRID) * w + box.left + gx * GRID);
      for (let k = 0; k < 3; k++) sum[k]! += rgb[p + k]!;
      for (const n of [gx > 0 ? c - 1 : -1, gx < gw - 1 ? c + 1 : -1, gy > 0 ? c - gw : -1, gy < gh - 1 ? c + gw : -1])
        if (n >= 0 && kind[n] === 2 && region[n]! < 0) (region[n] = id), (queue[tail++] = n);
    }
    const share = (size * GRID * GRID) / area;
    // A car behind shows only over the main car's upper part (the main car hides the rest of it); a car of another
    // paint reaching down to the main car's sills stands beside it (the detector's boxes and the rules above split it).
    // A region whose colour is, on the whole, a duller shade of the paint's own hue is the paint mirroring the sky (an
    // orange bonnet's highlight reads salmon), not a car behind: its single pixels stray in hue, its mean does not.
    const [, ma, mb] = srgbToLab(sum[0]! / size, sum[1]! / size, sum[2]! / size);
    // Nor one whose colour, on the whole, is barely a colour: glass mirroring a blue sky, white stripes in its light, the
    // paint mixed with it (an orange Ford GT lost its windscreen, roof and bonnet to regions of a*b* 2/-24 and 27/-10).
    // Over the main car's middle, where its roof is highest, a car behind rises to the box's top (the box took it in):
    // a region there starting well under the top is the main car's own paint, measured wrong (a Cadillac's red bonnet,
    // its paint measured over the chrome grille and bumper below).
    const ownMiddle = middle && top > (main.top + OWN_PAINT_BELOW_TOP * (main.bottom - main.top)) * h;
    spans.push({ size, l: left, r: right, t: (top - box.top) / GRID, b: (bottom - box.top) / GRID });
    keep.push(!ownMiddle && share >= REGION_SHARE && share <= REGION_MAX && skyAbove * GRID >= 0.05 * (box.right - box.left) && bottom < (main.top + BEHIND_BOTTOM * (main.bottom - main.top)) * h && !paleShadeOf(ma, mb, paint) && Math.hypot(ma, mb) >= GLASS_CHROMA);
  }
  // A pair of lamps is not a car behind (lit tail lamps on a dark car whose paint was measured in their glow: us-us6).
  for (const [id, span] of spans.entries()) if (keep[id] && lampPair(span, spans, alpha, w, box, centre, main, area)) keep[id] = false;
  if (!keep.some(Boolean)) return 0;
  // The split's window: the kept regions and a margin round them (the rest of the mask is the main car's).
  let l = gw, t = gh, r = -1, b = -1;
  for (let c = 0; c < gw * gh; c++)
    if (region[c]! >= 0 && keep[region[c]!]) {
      const gx = c % gw;
      const gy = (c / gw) | 0;
      if (gx < l) l = gx;
      if (gx > r) r = gx;
      if (gy < t) t = gy;
      if (gy > b) b = gy;
    }
  // Over a region of another paint, down to its lowest sample in each column, is the car behind's (its windows and
  // trim, grey like a grey or black main car's paint): the main car's paint seeds only below it.
  const lowest = new Int32Array(gw).fill(-1);
  for (let c = 0; c < gw * gh; c++) if (region[c]! >= 0 && keep[region[c]!]) lowest[c % gw] = Math.max(lowest[c % gw]!, (c / gw) | 0);
  const margin = Math.round(0.08 * (box.right - box.left));
  // Seeds at full resolution: the kept regions' samples and the main car's paint; the wheels' band is the main car's.
  const win = { l: Math.max(box.left, box.left + l * GRID - margin), t: Math.max(box.top, box.top + t * GRID - margin), r: Math.min(box.right, box.left + r * GRID + 1 + margin), b: Math.min(box.bottom, box.top + b * GRID + 1 + margin) };
  const wheels = Math.floor(main.top * h + 0.8 * (main.bottom - main.top) * h);
  const state = stateOf(alpha, w, win, (x, y) => {
    if (y >= wheels) return MAIN;
    const gx = Math.round((x - box.left) / GRID);
    const gy = Math.round((y - box.top) / GRID);
    if (gx < gw && gy < gh && (x - box.left) % GRID === 0 && (y - box.top) % GRID === 0) {
      const k = kind[gy * gw + gx];
      if (k === 2) return keep[region[gy * gw + gx]!] ? OTHER : OPEN;
      if (k === 1 && (lowest[gx]! < 0 || gy > lowest[gx]!)) return MAIN;
    }
    return OPEN;
  });
  // Edges alone here too: the colour cost kept the car behind's dark wheel and bumper, hanging over the main car's
  // roof or bonnet, with the main car (its tyres and windows gave dark colours to the main car's seeds).
  // A car behind seen over the main car (its regions within the columns of the main car's own paint) meets it along the
  // main car's outline, the bonnet or roof line against the other car's grille and bumper, grey and black like nothing
  // either car's seeds hold: at the split's usual weight the seam lay half-way between the sparse seeds, leaving the
  // grille to the main car (the truth bench's `0048 behind`); there the edges weigh as in the split behind. Not by the
  // detector's box, which may have taken the other car in (tests/vision/other-car-behind-remnants.test.ts: a car
  // behind reaching past the main car's end, inside one box over both); a region past the main car's paint is a car
  // beside, where the edge-led seam took the main car's roof corner (`0060 beside`), so the usual weight stays.
  const over = withinOwnPaint(kind, gw, gh, l, r);
  if (!splitAlongEdges(state, rgb, w, win, 0, over ? BESIDE_EDGE_WEIGHT : undefined)) return 0;
  enclosedToOther(state, alpha, w, h, win);
  let taken = 0;
  for (let i = 0; i < state.length; i++) if (state[i] === OTHER) taken++;
  // The split never takes most of the mask: that is the main car mis-measured, not a car behind.
  if (taken > REGION_MAX * area) return 0;
  return clear(alpha, w, win, state);
}

/** A region of another paint in splitByPaint's samples: its sample count and extent (sample columns and rows). */
type Span = Window & { size: number };

/** A lamp's partner holds at least this share of the mask (one lamp of a pair may be half hidden or half lit). */
const LAMP_PARTNER = 0.01;
/** The two lamps' middles mirror each other about the main box's middle within this share of its width... */
const LAMP_MIRROR = 0.1;
/** ...their heights overlap by at least this share of the shorter one's... */
const LAMP_LEVEL = 0.5;
/** ...and neither reaches past the car's own body under them by more than this share of the box's width. */
const LAMP_WITHIN = 0.02;

/**
 * Whether a region of another paint is one of a pair of lamps: a mirrored region on the other side of the main box's
 * middle at the same height, both within the width of the car's own body below them (its bumper). Tail lamps and
 * indicators come in such pairs on a car's end; a car behind shows over the main car's roof, and one beside it reaches
 * past the main car's body.
 */
function lampPair(span: Span, spans: readonly Span[], alpha: Uint8Array, w: number, box: Box, centre: number, main: NormBox, area: number): boolean {
  const width = ((main.right - main.left) * w) / GRID;
  const mid = (s: Span) => (s.l + s.r) / 2;
  const level = (a: Span, b: Span) => Math.min(a.b, b.b) - Math.max(a.t, b.t) >= LAMP_LEVEL * Math.min(a.b - a.t, b.b - b.t);
  const partner = spans.find(
    (o) =>
      o !== span &&
      o.size * GRID * GRID >= LAMP_PARTNER * area &&
      ((span.r < centre && o.l > centre) || (span.l > centre && o.r < centre)) &&
      Math.abs(mid(span) + mid(o) - 2 * centre) <= LAMP_MIRROR * width &&
      level(span, o),
  );
  if (!partner) return false;
  // The car's body under the pair: the mask's extent over the rows from the lower lamp down to the mask's bottom.
  const from = box.top + Math.max(span.b, partner.b) * GRID;
  const body = solidExtent(alpha.subarray(from * w, box.bottom * w), w, box.bottom - from).box;
  const reach = LAMP_WITHIN * width * GRID;
  const inside = (s: Span) => box.left + s.l * GRID >= body.left - reach && box.left + s.r * GRID <= body.right - 1 + reach;
  return inside(span) && inside(partner);
}

/** A column of samples holding this many of the main car's paint or more is within its paint (fewer: strays). */
const OWN_PAINT_COLUMN = 3;
/** How far (a share of the samples' width) the other paint may reach past the main car's paint and still be over it. */
const OWN_PAINT_REACH = 0.02;

/**
 * Whether the sample columns `l` to `r` (the other paint's kept regions) lie within the columns holding the main car's
 * own paint (`kind` 1), give or take OWN_PAINT_REACH: a car behind rising over the main car, not one beside it.
 */
function withinOwnPaint(kind: Uint8Array, gw: number, gh: number, l: number, r: number): boolean {
  const count = new Int32Array(gw);
  for (let c = 0; c < gw * gh; c++) if (kind[c] === 1) count[c % gw]!++;
  let from = 0;
  while (from < gw && count[from]! < OWN_PAINT_COLUMN) from++;
  let to = gw - 1;
  while (to >= 0 && count[to]! < OWN_PAINT_COLUMN) to--;
  if (from > to) return false;
  const reach = OWN_PAINT_REACH * gw;
  return l >= from - reach && r <= to + reach;
}

/**
 * What the split left to the main car but the other car's pixels wall off from the rest of the mask (the car behind's
 * windows and seats, dark like a black main car, framed by its paint) is the other car's: the main car's part of
 * the window is what joins the mask outside the window.
 */
function enclosedToOther(state: Uint8Array, alpha: Uint8Array, w: number, h: number, win: Window): void {
  const ww = win.r - win.l;
  const wh = win.b - win.t;
  const joined = new Uint8Array(ww * wh);
  const queue = new Int32Array(ww * wh);
  let tail = 0;
  const mainCar = (i: number) => state[i] === MAIN || state[i] === OPEN;
  const outsideSolid = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && alpha[y * w + x]! >= 128;
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++) {
      if (x !== 0 && y !== 0 && x !== ww - 1 && y !== wh - 1) continue;
      const i = y * ww + x;
      if (!mainCar(i)) continue;
      const X = x + win.l;
      const Y = y + win.t;
      if ((x === 0 && outsideSolid(X - 1, Y)) || (x === ww - 1 && outsideSolid(X + 1, Y)) || (y === 0 && outsideSolid(X, Y - 1)) || (y === wh - 1 && outsideSolid(X, Y + 1))) (joined[i] = 1), (queue[tail++] = i);
    }
  for (let head = 0; head < tail; head++) {
    const c = queue[head]!;
    const x = c % ww;
    for (const n of [x > 0 ? c - 1 : -1, x < ww - 1 ? c + 1 : -1, c >= ww ? c - ww : -1, c + ww < ww * wh ? c + ww : -1])
      if (n >= 0 && !joined[n] && mainCar(n)) (joined[n] = 1), (queue[tail++] = n);
  }
  for (let i = 0; i < ww * wh; i++) if (mainCar(i) && !joined[i]) state[i] = OTHER;
}

/** The car taken off counts as of its own paint when at least this share of its pixels are of another paint than the main car's. */
const TAKEN_PAINTED = 0.3;

/**
 * The splits follow the photo's edges, and where the car taken off meets the main car through dark trim they can stop
 * short of its paint: a strip of its bonnet along the seam, the corner of its bumper past the main car's nose stay (the
 * truth bench's `0012`, `0048` and `0054 behind`). A pixel the main car kept of another paint than its own, nearer the
 * taken car's paint (the mean a*b* of its pixels of another paint) than the main car's and joined through such pixels
 * to what was taken, goes. Only when the taken car is mostly of such a paint (a grey car behind a grey one has none).
 * `box` holds the mask the step was given (`before`).
 */
function dropTakenPaint(before: Uint8Array, alpha: Uint8Array, rgb: Uint8Array, w: number, box: Window, paint: Paint): number {
  const ab: [number, number] = [0, 0];
  const taken = (i: number) => before[i]! >= 128 && alpha[i]! < 128;
  // The taken car's paint and extent, sampled every other pixel.
  let all = 0;
  let painted = 0;
  let ta = 0;
  let tb = 0;
  const near: Window = { l: box.r, t: box.b, r: box.l, b: box.t };
  for (let y = box.t; y < box.b; y += 2)
    for (let x = box.l, i = y * w + x; x < box.r; x += 2, i += 2) {
      if (!taken(i)) continue;
      all++;
      (near.l = Math.min(near.l, x)), (near.r = Math.max(near.r, x)), (near.t = Math.min(near.t, y)), (near.b = Math.max(near.b, y));
      if (paintOf(rgb, 3 * i, paint) !== 2) continue;
      chromaOf(rgb, 3 * i, ab);
      (painted++, (ta += ab[0]), (tb += ab[1]));
    }
  if (painted === 0 || painted < TAKEN_PAINTED * all) return 0;
  ta /= painted;
  tb /= painted;
  const [pa, pb] = paint;
  const theirs = (i: number) => alpha[i]! >= 128 && paintOf(rgb, 3 * i, paint) === 2 && (chromaOf(rgb, 3 * i, ab), (ab[0] - ta) ** 2 + (ab[1] - tb) ** 2 < (ab[0] - pa) ** 2 + (ab[1] - pb) ** 2);
  // Flooded from the kept pixels of that paint beside a pixel taken (looked for within the taken pixels' extent and a
  // pixel or two round it), through such pixels; cleared only at the end (clearing while flooding would make them seeds).
  const ww = box.r - box.l;
  const n = ww * (box.b - box.t);
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let y = Math.max(box.t, near.t - 3); y < Math.min(box.b, near.b + 4); y++)
    for (let x = Math.max(box.l, near.l - 3), i = y * w + x; x < Math.min(box.r, near.r + 4); x++, i++) {
      if (alpha[i]! < 128 || !((x > box.l && taken(i - 1)) || (x < box.r - 1 && taken(i + 1)) || (y > box.t && taken(i - w)) || (y < box.b - 1 && taken(i + w)))) continue;
      const c = (y - box.t) * ww + x - box.l;
      seen[c] = 1;
      if (theirs(i)) queue[tail++] = c;
    }
  const visit = (c: number) => {
    if (seen[c]) return;
    seen[c] = 1;
    if (theirs(photoIndex(w, box, c))) queue[tail++] = c;
  };
  for (let head = 0; head < tail; head++) {
    const c = queue[head]!;
    const x = c % ww;
    if (x > 0) visit(c - 1);
    if (x < ww - 1) visit(c + 1);
    if (c >= ww) visit(c - ww);
    if (c + ww < n) visit(c + ww);
  }
  for (let k = 0; k < tail; k++) alpha[photoIndex(w, box, queue[k]!)] = 0;
  return tail;
}

/**
 * A hanging run is the other car's only up to this share of the main car's box height: a longer one may hold the main
 * car's door mirror under the other car's wheel (the truth bench's `0036 behind` lost its mirror at 0.2).
 */
export const HANGING_LONGEST = 0.15;
/** Nor when more than this share of it is the main car's paint (a mirror or a wing under a wrongly cut roof). */
const HANGING_OWN_PAINT = 0.2;
/**
 * A grey paint's hue is noise, so on a white, grey or black car the main car's paint is told by its lightness too: a
 * pixel this much darker or lighter (CIELAB L*) is not it (the dark bumper of a car behind hanging past a white car's
 * bonnet read as its paint)...
 */
const HANGING_GREY_LIGHTNESS = 30;
/** ...in a strip of hanging runs at least this share of the longest run wide (a bumper, not a tyre's edge). */
const HANGING_GREY_WIDE = 0.5;

/**
 * A column's run of the mask whose top meets what was taken off as another car and whose bottom stands on the
 * background (`before`: the mask the step was given) is that car's: the main car, in front, stands on the ground, and
 * what hangs from the car behind over nothing is its wheel, its bumper's corner or its sill.
 */
function dropHanging(before: Uint8Array, alpha: Uint8Array, rgb: Uint8Array, w: number, h: number, longest: number, paint: Paint): number {
  const grey = Math.hypot(paint[0], paint[1]) < PAINT_CHROMA;
  const lightness = (p: number) => srgbToLab(rgb[p]!, rgb[p + 1]!, rgb[p + 2]!)[0];
  // Runs of the main car's paint by hue alone (a grey paint's hue, whatever the lightness), per column: they go as a
  // strip when little of it has the paint's lightness too.
  const byHue: { x: number; top: number; bottom: number; own: number }[] = [];
  let removed = 0;
  for (let x = 0; x < w; x++) {
    let y = 0;
    while (y < h) {
      if (alpha[y * w + x]! < 128) {
        y++;
        continue;
      }
      const top = y;
      while (y < h && alpha[y * w + x]! >= 128) y++;
      const hangs = top > 0 && before[(top - 1) * w + x]! >= 128;
      const onNothing = y >= h || before[y * w + x]! < 128;
      if (!hangs || !onNothing || y - top > longest) continue;
      let own = 0;
      let ownHue = 0;
      for (let k = top; k < y; k++) {
        if (paintOf(rgb, 3 * (k * w + x), paint) !== 1) continue;
        ownHue++;
        if (!grey || Math.abs(lightness(3 * (k * w + x)) - paint[2]) <= HANGING_GREY_LIGHTNESS) own++;
      }
      if (ownHue > HANGING_OWN_PAINT * (y - top)) {
        if (grey) byHue.push({ x, top, bottom: y, own });
        continue;
      }
      for (let k = top; k < y; k++) (alpha[k * w + x] = 0), removed++;
    }
  }
  // Only a strip wide enough to be a bumper goes: a few columns are the main car's own dark tyre edge or trim under a
  // cut (a grey BMW X3's rear tyre, 5 columns under its wheel arch).
  for (let i = 0, j = 0; i < byHue.length; i = j) {
    for (j = i + 1; j < byHue.length && byHue[j]!.x === byHue[j - 1]!.x + 1; j++);
    const strip = byHue.slice(i, j);
    const size = strip.reduce((n, s) => n + s.bottom - s.top, 0);
    const own = strip.reduce((n, s) => n + s.own, 0);
    if (j - i < HANGING_GREY_WIDE * longest || own > HANGING_OWN_PAINT * size) continue;
    for (const { x, top, bottom } of strip) for (let k = top; k < bottom; k++) (alpha[k * w + x] = 0), removed++;
  }
  return removed;
}

/**
 * A neck narrower than about twice this share of the main car's box height joins a piece to the main car loosely
 * enough to be another thing (the opening's square is 2r + 1 pixels wide, r this share of the height).
 */
export const NECK = 0.03;

/**
 * A piece of the mask joined to the main car only through a narrow neck (an opening with a square of half-side `r`
 * keeps it apart from the main car's body, the opening's largest piece) that touches what the step took off as
 * another car (`before`: the mask the step was given) is what is left of that car: its wheel beside the main car's
 * roof corner, kept where the hanging runs were too long. It goes with its neck. A door mirror is joined by a narrow
 * stalk too, but it does not touch the other car's pixels taken off. With the photo (`look`), a piece mostly of the
 * main car's paint stays. `box` holds the whole mask.
 */
function dropNecked(before: Uint8Array, alpha: Uint8Array, w: number, h: number, box: Window, r: number, look?: { rgb: Uint8Array; paint: Paint }): number {
  // On a grid of cells a quarter of r wide (a cell is the mask's where any of its pixels is): at the photo's full
  // size the opening and its pieces cost about 25 ms a photo, over the 20 ms budget.
  const s = Math.max(1, Math.floor(r / 4));
  const R = Math.max(1, Math.round(r / s));
  const cw = Math.ceil((box.r - box.l) / s);
  const ch = Math.ceil((box.b - box.t) / s);
  if (cw <= 2 * R || ch <= 2 * R) return 0;
  const n = cw * ch;
  const solid = new Uint8Array(n);
  for (let y = box.t; y < box.b; y++) {
    const row = ((y - box.t) / s | 0) * cw;
    for (let x = box.l, i = y * w + box.l; x < box.r; x++, i++) if (alpha[i]! >= 128) solid[row + ((x - box.l) / s | 0)] = 1;
  }
  // Opening: erosion (every cell of the square solid), then dilation (any eroded cell in it), each a pass along the
  // rows and one along the columns; outside the window is empty.
  const opened = slide(slide(slide(slide(solid, cw, ch, R, 1, true), cw, ch, R, cw, true), cw, ch, R, 1, false), cw, ch, R, cw, false);
  // A piece's cells, flooded into `queue` (the rest of the mask, below).
  const label = new Int32Array(n);
  const queue = new Int32Array(n);
  const fill = (start: number, id: number, inside: Uint8Array): number => {
    let tail = 0;
    queue[tail++] = start;
    label[start] = id;
    for (let head = 0; head < tail; head++) {
      const c = queue[head]!;
      const x = c % cw;
      if (x > 0 && inside[c - 1] && !label[c - 1]) (label[c - 1] = id), (queue[tail++] = c - 1);
      if (x < cw - 1 && inside[c + 1] && !label[c + 1]) (label[c + 1] = id), (queue[tail++] = c + 1);
      if (c >= cw && inside[c - cw] && !label[c - cw]) (label[c - cw] = id), (queue[tail++] = c - cw);
      if (c + cw < n && inside[c + cw] && !label[c + cw]) (label[c + cw] = id), (queue[tail++] = c + cw);
    }
    return tail;
  };
  // The opening's pieces; the largest is the main car's body.
  const pieces = components(opened, cw, ch);
  if (pieces.list.length < 2) return 0;
  const body = pieces.list.reduce((a, b) => (b.area > a.area ? b : a)).label;
  // The rest of the mask, in pieces: one the opening kept apart from the body (a sliver it wears away whole is the
  // body's ragged edge) and touching the other car's pixels taken off goes, with its neck.
  const rest = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    rest[i] = solid[i]! && pieces.labels[i] !== body ? 1 : 0;
  }
  const taken = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && before[y * w + x]! >= 128 && alpha[y * w + x]! < 128;
  // Each solid pixel of a piece's cells, until `visit` says stop.
  const pixels = (size: number, visit: (x: number, y: number) => boolean) => {
    for (let k = 0; k < size; k++) {
      const l = box.l + (queue[k]! % cw) * s;
      const t = box.t + ((queue[k]! / cw) | 0) * s;
      for (let y = t; y < Math.min(t + s, box.b); y++)
        for (let x = l; x < Math.min(l + s, box.r); x++) if (alpha[y * w + x]! >= 128 && visit(x, y)) return true;
    }
    return false;
  };
  let removed = 0;
  for (let i = 0; i < n; i++) {
    if (!rest[i] || label[i]) continue;
    const size = fill(i, 1, rest);
    let apart = false;
    for (let k = 0; k < size && !apart; k++) apart = opened[queue[k]!] === 1;
    if (!apart || !pixels(size, (x, y) => taken(x - 1, y) || taken(x + 1, y) || taken(x, y - 1) || taken(x, y + 1))) continue;
    // Nor one of the main car's paint (its roof's corner, cut off from the rest by a wrong cut at the pillar).
    if (look) {
      let all = 0, own = 0;
      pixels(size, (x, y) => (all++, paintOf(look.rgb, 3 * (y * w + x), look.paint) === 1 && own++, false));
      if (own > HANGING_OWN_PAINT * all) continue;
    }
    // The piece and the soft edge round it.
    pixels(size, (X, Y) => {
      for (let y = Math.max(0, Y - 1); y <= Math.min(h - 1, Y + 1); y++)
        for (let x = Math.max(0, X - 1); x <= Math.min(w - 1, X + 1); x++) if (alpha[y * w + x]! < 128) alpha[y * w + x] = 0;
      alpha[Y * w + X] = 0;
      removed++;
      return false;
    });
  }
  return removed;
}

/**
 * One pass of a square's erosion (`every`: 1 where all 2r + 1 pixels along the line are 1) or dilation (1 where any
 * is), along the rows (`step` 1) or the columns (`step` the window's width); outside the window is 0.
 */
function slide(src: Uint8Array, ww: number, wh: number, r: number, step: number, every: boolean): Uint8Array {
  const out = new Uint8Array(ww * wh);
  const len = step === 1 ? ww : wh;
  const lines = step === 1 ? wh : ww;
  const stride = step === 1 ? ww : 1;
  const sum = new Int32Array(len + 1);
  const full = 2 * r + 1;
  for (let line = 0; line < lines; line++) {
    const first = line * stride;
    for (let k = 0, p = first; k < len; k++, p += step) sum[k + 1] = sum[k]! + src[p]!;
    if (every) for (let k = r, p = first + r * step; k < len - r; k++, p += step) out[p] = sum[k + r + 1]! - sum[k - r]! === full ? 1 : 0;
    else for (let k = 0, p = first; k < len; k++, p += step) out[p] = sum[Math.min(len, k + r + 1)]! > sum[Math.max(0, k - r)]! ? 1 : 0;
  }
  return out;
}
