/**
 * The check of each rendered angle: a verdict (`ok`, `review`, `retake`) and its reasons in the dealer's words, from
 * measurements that do not trust the cut-out they check: the cut-out against the detector's box of the main car
 * (pieces above the roof, pieces beside the car), a block standing at a straight cut over the car's own top (a piece
 * of a car behind that a clean-up split left), a narrow post kept on the roof (the photo going on above its top), the left-right balance of a front or rear view (a door mirror on
 * one side and not the other, a piece kept along one side), holes, long straight cuts, a notch cut square into the
 * car's top and a bottom cut into strips in the silhouette, how much a
 * small car is enlarged, a car touching the photo's edge, a close-up cut by the frame at its roof and a side or through its roof, a car
 * whose lowest points are not its tyres (the wheels cut off: it would rest on its bumper or sills; a front or rear
 * view whose bumper hides its tyres, the ground under its corners in the photo, excepted), the detector's box reaching
 * on past the cut-out's side (a part of the car lost), patches of another car's paint (seen where the detector's box
 * takes in both cars), background kept along the roof (no edge in the photo at the cut-out's top), and something in
 * front of the car (the cut-out broken into bands across it, leaves where its side was lost). No model runs
 * here: a photo's mask is measured in a few milliseconds.
 */
import { CAR_CHECK_REASONS, verdictOf, type CarCheck, type CarCheckReason } from '@shared/car-checks';
import type { Angle } from '@shared/angles';
import { within, type CleanMask } from '../cutout/mask-cleanup';
import type { NormBox } from '../../vision/port';
import { GLASS_CHROMA, srgbToLab } from '../../vision/car-appearance';
import { FRAME_BAND } from '../../vision/frame-contact';
import { boxArea, intersection, iou } from '../../vision/boxes';
import { FULL_SIZE } from '../port';
import { studioScale } from '../framing';
import { bottomOut, roofOut, sideOut } from './roof-out';
import { tyreLift } from './tyre-lost';

export interface CarCheckInput {
  /** The car's cut-out in the photo's working frame. */
  mask: CleanMask;
  /** The detector's box of the main car (fractions of the frame), when the detector looked at the photo. */
  main?: NormBox;
  /** The angle the photo shows (front and rear views are checked for balance). */
  angle: Angle;
  /** The detector's main car touches a frame edge. */
  cutByEdge: boolean;
  /** Output pixels per pixel of the original photo, along the car's width. */
  upscale: number;
  /** The car stays framed as it was shot (the original location): a car cut by the frame is then cut in the photo too. */
  asShot?: boolean;
  /** The photo the mask was cut from (same frame): its colours tell a patch of another car's paint. */
  photo?: PhotoPixels;
  /** The detector's people over the main car's box (fractions of the frame). */
  people?: NormBox[];
}

/** A photo's pixels, RGB, in the mask's frame. */
export interface PhotoPixels {
  rgb: Uint8Array;
  width: number;
  height: number;
}

export interface CarMeasures {
  /** Share of the car's pixels above the detector's box (a car or object behind it, kept on the roof). */
  aboveRoof: number;
  /**
   * The longest straight vertical cut in the upper half of the outline (the alpha from solid to nothing in one pixel,
   * rows on end) at the side of a block wider than a mirror or an aerial, with the car going on beyond it for more than
   * CUT_ONWARD of its width, as a fraction of the car's height: what stands at such a cut is a piece of a car behind
   * that a clean-up split left over the main car's own top (its roof, bonnet or boot).
   */
  cutPiece: number;
  /**
   * The tallest narrow piece standing on the top of the car whose top the cut-out cut through something (a post, a
   * sign's foot, a tree trunk behind the roof), as a fraction of the car's height: columns rising over the outline's
   * top smoothed over twice POST_WIDE of the car's width by POST_RISE of its height or more, at most POST_MAX wide, standing
   * on the upper half of the car; the photo goes on above its top in its own colour (no edge where the cut-out ends:
   * the post goes on behind), and its colour is not the roof's under it. eu-test_036 (a sign's pale post kept on a dark
   * Skoda's roof, 6 px wide): 0.064. An aerial or a shark fin ends against the background (an edge at its top), or is
   * the roof's own colour. 0 without the photo.
   */
  roofPost: number;
  /** Share of the car's pixels left or right of the detector's box. */
  besideBox: number;
  /**
   * How far the detector's box reaches past the cut-out's left or right end (the further), as a fraction of the car's
   * width: a part of the car's side or end that the cut-out lost (cut away with a car behind, or hidden by a branch
   * in front of it); 0 without the detector's box. eu-test_051 (the Skoda's rear side cut away with the red car behind
   * it) 0.157, us-wts-lg-000048 (a side behind a branch) 0.103; of 209 parking-lot, web, fixture and turntable
   * cut-outs, no other whole car over 0.061 (br-AZJ6991, its tyres lost). A box that took in a neighbour's flank reads
   * so too (eu-test_095, 0.109).
   */
  boxBeyond: number;
  /**
   * `boxBeyond` of a front or rear view (0 for any other angle). Seen square on, the detector's box hugs the car's
   * width closely (clean parking-lot, web and fixture fronts and rears: 0.026 at most), and what sticks out at a side is
   * small: a door mirror, a tail lamp, a tyre. A door mirror the cut-out lost leaves the box 4-6% of the car's width
   * past it (eu-test_004, its near mirror: 0.056; eu-test_034, both: 0.041; eu-test_011: 0.035; a lamp, eu-test_043:
   * 0.056; a tyre and a corner, eu-test_071: 0.034), under `boxBeyond`'s limit for any view.
   */
  squareBeyond: number;
  /**
   * The longest straight vertical cut of the outline's sides beyond the detector's box (more than BESIDE_MARGIN of the
   * car's width out): the same column rows on end, the alpha from nothing to solid in one pixel (5 or less beside 250
   * or more), as a fraction of the car's height. The main car's own ends lie within its box; what stands beyond it cut square is a piece of something
   * else that a step (the crop pass, the other-car split) cut off along a column. 0 without the detector's box.
   */
  cutBeside: number;
  /** How much of the roof the photo's top edge cuts off: the cut-out's widest run along it, of the car's width (roof-out.ts). */
  roofOut: number;
  /** The same at the photo's bottom edge: a run as wide as the body is a car cut off below its bumper (roof-out.ts). */
  bottomOut: number;
  /** The same at the photo's left or right edge, of the car's height: a car cut through its body at a side (roof-out.ts). */
  sideOut: number;
  /** Front and rear views: how much further the silhouette reaches on one side than the other, in mirror height, as a fraction of the car's width. */
  sideImbalance: number;
  /**
   * Front and rear views square to the camera: the most rows on end (15% to 75% down) in which one side reaches out
   * from the centre line further than the other by more than BULGE of the car's width, as a fraction of the car's
   * height (on a rear turned a little, the far side only, as `sideImbalance`). `sideImbalance` reads the furthest reach
   * and the mirrors' steps alone, so a piece kept along a side no further out than its mirror passes it: a board kept
   * along a red Fiat's right side (eu-test_024: 0.150, `sideImbalance` 0.006). A mirror kept on one side only reads so
   * too (eu-test_014 0.140, br-NYM7544 0.125); of 140 other parking-lot, web and fixture cut-outs, none over 0.090.
   */
  sideBulge: number;
  /**
   * Front views: how far the larger of the two door mirrors' steps out of the outline (as `sideImbalance` measures
   * them, as a fraction of the car's width) falls short of MIRRORS_SEEN; 0 when a mirror stands out, or not a front view.
   */
  mirrorsLost: number;
  /** Background enclosed by the car, as a share of the car's area (the largest hole). */
  largestHole: number;
  /** The longest perfectly vertical run of the outline's sides away from the frame edges, as a fraction of the car's height. */
  straightCut: number;
  /** The longest perfectly level run of the outline's top away from the frame edges, as a fraction of the car's width. */
  flatTop: number;
  /**
   * The widest stretch of the outline's top cut hard (the alpha from nothing to solid in one pixel) whose outline rises
   * on both sides of it, within NOTCH_REACH of the car's width, by NOTCH_DEPTH of the car's height or more, as a
   * fraction of the car's width: a notch cut square into the car's top (a Fiesta's roof with a block cut out of its
   * middle, its two sides left standing: br-NTO1053, 0.203; `flatTop` 0.116, two steps of the cut). No other cut-out 0.
   */
  topNotch: number;
  /**
   * Rows of the lower 40% of the car cut into strips: the share of the car's height whose rows hold STRIPS or more
   * solid runs each starting at a hard cut (the alpha from nothing to solid in one pixel).
   */
  stripedBottom: number;
  /**
   * Share of the car's width whose lowest solid pixel lies within 3% of the car's height of the silhouette's lowest
   * point: a car on its wheels touches the ground only with its tyres (at most a third of its width on the fixtures);
   * a car whose tyres were cut off ends in the flat line of a bumper or sills. 0 for a car cut by the frame's bottom, and
   * for a front or rear view whose bumper hides its tyres (`underCorners`: the photo shows the ground under its corners).
   */
  flatBottom: number;
  /**
   * Front and rear views square to the camera: the share of the car's width whose lowest solid pixel lies within the
   * ground band (as `flatBottom`) in the middle half of the car's width. Seen from behind or in front, a car stands on
   * two tyres at its sides; its middle (bumper, underbody, exhaust) is higher. A middle on the ground is a bumper the
   * cut-out ends at, its tyres lost. 0 for a car cut by the frame's bottom, or whose bumper hides its tyres (as
   * `flatBottom`).
   */
  groundMiddle: number;
  /** How far the detector's box reaches below the silhouette, as a fraction of the car's height (wheels the cut-out lost). */
  belowMask: number;
  /**
   * Front and rear views: how far one side's bottom, cut straight, stands above the tyre on the other side and the
   * detector's box's bottom, as a fraction of the car's height (tyre-lost.ts): a tyre lost in the shade on that side
   * (br-NZF7823, a pickup's right tyre under its step: 0.127; eu-test_071 0.102, eu-test_081 0.071). Clean fronts and
   * rears read 0 (a round tyre's bottom, or both sides level).
   */
  tyreLift: number;
  /**
   * How far the car's lowest rows (the lowest GROUND_ROWS of its height) reach out past its body (40% to 85% down) on
   * either side, as a fraction of the car's width: a car stands on tyres set in under its body, so only a slab of the
   * ground or of its shadow kept under it reaches further (us-wts-lg-000195, a pickup on a dark slab of its shadow,
   * 0.047; us-wts-lg-000173, 0.048). Of 139 other parking-lot, web and fixture cut-outs, none over 0.
   */
  groundBeyond: number;
  /** Solid patches of a strong paint unlike the car's own (a piece of a car of another colour kept; not glass mirroring the sky), as a share of the car's area; 0 for a car without a strong paint, or without the photo. */
  otherPaint: number;
  /**
   * The longest stretch of the car's top outline running through the background (a wall, the sky, branches kept along
   * the roof), as a fraction of the car's width: no edge in the photo where the cut-out's top is, and that top either
   * cut hard or see-through over a thick band. 0 without the photo.
   */
  roofBackground: number;
  /**
   * The cut-out broken into bands across the car: the most rows on end inside the cut-out's height whose solid pixels
   * cover less than BAND_GAP of the detector's box width, with at least BAND_PIECE of the car's height of well-covered
   * rows (BAND_SOLID) both above and below them, as a fraction of the car's height. A car's own outline never narrows
   * between two wide parts; the rails of a fence in front of it cut it so (us-wts-lg-000058, a pickup behind a
   * chain-link fence: 0.070; of 209 other cut-outs none over 0). 0 without the detector's box.
   */
  bands: number;
  /**
   * Leaves where the detector's box reaches past the cut-out's side (more than BEYOND_STRIP of the car's width): the
   * share of that strip's photo pixels whose green stands out over red and blue by more than LEAF_GREEN and whose
   * luma changes from pixel to pixel (LEAF_TEXTURE). The side the cut-out lost is hidden by a branch in front of the
   * car (us-wts-lg-000048: 0.37 over a 0.103 strip); of 209 other cut-outs' strips (grey paint, a van's flank, grass),
   * 0.21 at most (us-car2, a 0.034 strip). 0 without the detector's box or the photo.
   */
  leavesBeyond: number;
}

/** Limits, set on the fixture photos and on cut-outs broken on purpose (docs/renderer.md, step 7). */
export const CHECK_LIMITS = {
  aboveRoof: 0.015,
  cutPiece: 0.06,
  roofPost: 0,
  besideBox: 0.02,
  boxBeyond: 0.07,
  squareBeyond: 0.032,
  roofOut: 0.65,
  // Measured on 73 parking-lot photos: tyres touching the bottom 0.10-0.24, cars cut below the bumper 0.41-0.90.
  bottomOut: 0.35,
  // Tuning-half parking-lot photos: every car with a side run of 0.48 or more was a dealer's retake; a car's end below its waist is under 0.4.
  sideOut: 0.45,
  cutBeside: 0.05,
  sideImbalance: 0.04,
  sideBulge: 0.1,
  mirrorsLost: 0,
  largestHole: 0.012,
  straightCut: 0.2,
  flatTop: 0.25,
  topNotch: 0.05,
  stripedBottom: 0.02,
  flatBottom: 0.5,
  groundMiddle: 0.15,
  belowMask: 0.1,
  tyreLift: 0.06,
  groundBeyond: 0.02,
  otherPaint: 0.001,
  roofBackground: 0.08,
  bands: 0.03,
  leavesBeyond: 0.3,
  upscale: 2,
};

const SOLID = 128;
/**
 * A front or rear view whose roof centre is further than this (of the car's width) off its bumper's is not square on.
 * The white Fiat Uno head-on (br-NYM7544) sat 5.7% off and showed both mirrors; the turntable's frames turned 15
 * degrees from the front or rear sit 8.0% to 10.5% off, their far mirror hidden.
 */
export const OFF_AXIS = 0.07;
/**
 * A door mirror steps out of the outline within this share of the car's height below the pillar or window edge above
 * it; a bonnet's or wing's shoulder widens over more rows. The white Fiat Uno head-on (br-NYM7544, its roof 5.7% off
 * its bumper's centre): its kept mirror stepped out 7.9% of its width, the other side (its mirror lost) 1.3%.
 */
const MIRROR_STEP_ROWS = 0.02;
/**
 * Seen from the front, at least one door mirror steps out of the outline by this much of the car's width: square on
 * both do, turned the near one does more (fronts with a mirror kept: 0.063 to 0.21 on the parking-lot, web and
 * turntable photos). Cut-outs that lost both: 0.021 to 0.027 on the parking-lot fronts, 0.033 to 0.043 on the six
 * Corolla renders whose black mirrors u2netp drops. Seen from behind, the rear wings hide them on a close photo (clean
 * parking-lot rears 0.014 to 0.023), so rear views are not judged.
 */
const MIRRORS_SEEN = 0.055;
/**
 * A car seen from the front is less than this many times as wide as it is high; a longer outline called front is a
 * side or three-quarter view (the Acura three-quarter rear in new3: 2.7, its one mirror against its window, 0.039).
 */
const HEAD_ON_ASPECT = 2;
/**
 * A rear view whose two tyres sit further in from the body's edge on one side than the other by more than this (of
 * the car's width) is turned a little towards that side (`nearSide`).
 */
const TURNED_REAR = 0.035;

export function measureCar(mask: CleanMask, main?: NormBox, angle?: Angle, photo?: PhotoPixels): CarMeasures {
  const { alpha, width: w, height: h, box } = mask;
  let area = 0;
  let above = 0;
  let beside = 0;
  const top = main ? Math.floor(main.top * h) : -1;
  const left = main ? Math.floor(main.left * w) : -1;
  const right = main ? Math.ceil(main.right * w) : w + 1;
  for (let y = box.top; y < box.bottom; y++)
    for (let x = box.left; x < box.right; x++) {
      if (alpha[y * w + x]! < SOLID) continue;
      area++;
      if (y < top) above++;
      else if (x < left || x >= right) beside++;
    }
  const a = Math.max(1, area);
  const rows = rowExtents(mask);
  // A front or rear view square to the camera: its centre line (bumper to roof), read once for the measures that judge it.
  const axis = angle === 'front' || angle === 'rear' ? squareAxis(rows, box.right - box.left) : undefined;
  const beyond = main ? boxBeyond(mask, main) : 0;
  return {
    aboveRoof: above / a,
    cutPiece: cutPiece(mask),
    roofPost: photo ? roofPost(mask, photo) : 0,
    besideBox: beside / a,
    boxBeyond: beyond,
    squareBeyond: angle === 'front' || angle === 'rear' ? beyond : 0,
    roofOut: roofOut(mask),
    bottomOut: bottomOut(mask),
    sideOut: sideOut(mask),
    cutBeside: main ? cutBeside(mask, rows, main) : 0,
    sideImbalance: axis ? sideImbalance(mask, rows, axis, angle!) : 0,
    sideBulge: axis ? sideBulge(mask, rows, axis, angle!) : 0,
    mirrorsLost: angle === 'front' ? mirrorsLost(mask, rows) : 0,
    largestHole: largestHole(mask) / a,
    ...straightCuts(mask, rows),
    stripedBottom: stripedBottom(mask),
    // A front or rear view whose bumper hides its tyres (a close shot from above) ends in a flat line too.
    ...(photo && (angle === 'front' || angle === 'rear') && underCorners(mask, photo) >= HIDDEN_TYRES ? { flatBottom: 0, groundMiddle: 0 } : groundContact(mask, axis !== undefined)),
    belowMask: main ? Math.max(0, (main.bottom * h - box.bottom) / Math.max(1, box.bottom - box.top)) : 0,
    tyreLift: angle === 'front' || angle === 'rear' ? tyreLift(mask, main) : 0,
    groundBeyond: groundBeyond(rows, box.right - box.left),
    otherPaint: photo ? otherPaint(mask, photo) : 0,
    roofBackground: photo ? roofBackground(mask, photo) : 0,
    bands: main ? bands(mask, main) : 0,
    leavesBeyond: main && photo ? leavesBeyond(mask, main, photo) : 0,
  };
}

/** How far the detector's box reaches past the cut-out's left or right end, as a share of the cut-out's width. */
function boxBeyond(mask: CleanMask, main: NormBox): number {
  const { width: w, box } = mask;
  return Math.max(0, box.left - main.left * w, main.right * w - box.right) / Math.max(1, box.right - box.left);
}

/** A row of the cut-out covering less than this share of the detector's box width is a gap between bands. */
const BAND_GAP = 0.2;
/** A row covering this share of the box width or more is a band of the car. */
const BAND_SOLID = 0.4;
/** Each band (above and below the gap) holds at least this share of the car's height of such rows. */
const BAND_PIECE = 0.1;

function bands(mask: CleanMask, main: NormBox): number {
  const { alpha, width: w, box } = mask;
  const left = Math.max(box.left, Math.floor(main.left * w));
  const right = Math.min(box.right, Math.ceil(main.right * w));
  const n = box.bottom - box.top;
  if (right - left < 1 || n < 1) return 0;
  const cover = new Float32Array(n);
  for (let r = 0; r < n; r++) {
    let solid = 0;
    for (let x = left; x < right; x++) if (alpha[(box.top + r) * w + x]! >= SOLID) solid++;
    cover[r] = solid / (right - left);
  }
  // Well-covered rows above each row (inclusive) and below it.
  const above = new Int32Array(n);
  const below = new Int32Array(n);
  for (let r = 0, c = 0; r < n; r++) above[r] = c += cover[r]! >= BAND_SOLID ? 1 : 0;
  for (let r = n - 1, c = 0; r >= 0; r--) below[r] = c += cover[r]! >= BAND_SOLID ? 1 : 0;
  let run = 0;
  let longest = 0;
  for (let r = 0; r < n; r++) {
    run = cover[r]! < BAND_GAP && above[r]! >= BAND_PIECE * n && below[r]! >= BAND_PIECE * n ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest / n;
}

/** The car's lowest rows, as a share of its height, whose reach `groundBeyond` compares with its body's. */
const GROUND_ROWS = 0.04;

/** See CarMeasures.groundBeyond, read from the rows' solid extents. */
function groundBeyond({ lefts, rights }: RowExtents, bw: number): number {
  const n = lefts.length;
  if (n < 20 || bw < 20) return 0;
  // The leftmost and rightmost solid columns of rows [from, to) of the car's height.
  const extent = (from: number, to: number) => {
    let left = Infinity;
    let right = -Infinity;
    for (let r = Math.floor(from * n); r < Math.floor(to * n); r++) if (lefts[r]! >= 0) (left = Math.min(left, lefts[r]!)), (right = Math.max(right, rights[r]!));
    return { left, right };
  };
  const body = extent(0.4, 0.85);
  const ground = extent(1 - GROUND_ROWS, 1);
  return Math.max(0, body.left - ground.left, ground.right - body.right) / bw;
}

/** The strip of the detector's box past the cut-out's side is judged when wider than this share of the car's width. */
const BEYOND_STRIP = 0.03;
/** A leaf's pixel: its green over the larger of its red and blue by more than this ... */
const LEAF_GREEN = 10;
/** ... and its luma this far from its right and lower neighbours' (summed). */
const LEAF_TEXTURE = 8;

function leavesBeyond(mask: CleanMask, main: NormBox, photo: PhotoPixels): number {
  const { width: w, height: h, box } = mask;
  const { rgb } = photo;
  const luma = (i: number) => 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;
  const bw = Math.max(1, box.right - box.left);
  const top = Math.max(0, Math.floor(main.top * h));
  const bottom = Math.min(h - 1, Math.ceil(main.bottom * h));
  let most = 0;
  for (const [from, to] of [
    [Math.max(0, Math.floor(main.left * w)), box.left],
    // The last column and row have no neighbour on the right or below.
    [box.right, Math.min(w - 1, Math.ceil(main.right * w))],
  ] as const) {
    if ((to - from) / bw <= BEYOND_STRIP) continue;
    let leaves = 0;
    for (let y = top; y < bottom; y++)
      for (let x = from; x < to; x++) {
        const i = y * w + x;
        const green = rgb[i * 3 + 1]! - Math.max(rgb[i * 3]!, rgb[i * 3 + 2]!);
        // Leaves are green and broken (light and shade from pixel to pixel); a green car's paint is smooth.
        if (green > LEAF_GREEN && Math.abs(luma(i) - luma(i + 1)) + Math.abs(luma(i) - luma(i + w)) > LEAF_TEXTURE) leaves++;
      }
    most = Math.max(most, leaves / Math.max(1, (to - from) * (bottom - top)));
  }
  return most;
}

/** Leftmost and rightmost solid x of each row of the car's box (-1 where the row is empty). */
interface RowExtents {
  lefts: Int32Array;
  rights: Int32Array;
}

function rowExtents(mask: CleanMask): RowExtents {
  const { alpha, width: w, box } = mask;
  const n = box.bottom - box.top;
  const lefts = new Int32Array(n).fill(-1);
  const rights = new Int32Array(n).fill(-1);
  for (let r = 0; r < n; r++) {
    const row = (box.top + r) * w;
    for (let x = box.left; x < box.right; x++)
      if (alpha[row + x]! >= SOLID) {
        lefts[r] = x;
        break;
      }
    for (let x = box.right - 1; x >= box.left; x--)
      if (alpha[row + x]! >= SOLID) {
        rights[r] = x;
        break;
      }
  }
  return { lefts, rights };
}

/**
 * A front or rear view is near symmetric about the centre of its lower body (bumper and wheels). Door mirrors stick
 * out at about a third to a half of the car's height: the furthest reach left and right of that centre there must
 * match; a mirror cut off (or a piece of something kept on one side) makes them differ. A view turned a little (up to
 * OFF_AXIS) leans its cabin to one side: the centre line runs from the bumper's centre to the roof's, and each row's
 * reach is measured from that line at its height (the fixture iX3, its roof 4% of its width left of its bumper's
 * centre, reached 6.5% further on its left at its mirrors from the bumper's centre, both mirrors kept). On a small
 * car the body at its lamps reaches as far out as its mirrors, so a lost mirror does not change the furthest reach:
 * the mirror's own step out from the pillar above it is compared too (`mirrorStep`), the larger of the two counts.
 */
function sideImbalance(mask: CleanMask, { lefts, rights }: RowExtents, axis: SquareAxis, angle: Angle): number {
  const n = lefts.length;
  const bw = mask.box.right - mask.box.left;
  if (n < 20 || bw < 20) return 0;
  const centreAt = centreLine(axis, n);
  let reachLeft = 0;
  let reachRight = 0;
  for (let r = Math.floor(n * 0.25); r < Math.floor(n * 0.6); r++) {
    if (lefts[r]! < 0) continue;
    reachLeft = Math.max(reachLeft, centreAt(r) - lefts[r]!);
    reachRight = Math.max(reachRight, rights[r]! - centreAt(r));
  }
  const [stepLeft, stepRight] = mirrorSteps({ lefts, rights });
  const reach = reachRight - reachLeft;
  const step = stepRight - stepLeft;
  // A rear turned a little shows its near mirror and hides the far one behind the body: only the far side reaching
  // further counts there (a piece kept), the near side's mirror is no sign of a lost one.
  const near = angle === 'rear' ? nearSide({ lefts, rights }, bw) : 0;
  if (near !== 0) return Math.max(0, -near * reach, -near * step) / bw;
  return Math.max(Math.abs(reach), Math.abs(step)) / bw;
}

/** The centre line at row r of n: the bumper's centre at 75% of the height, the roof's at 7.5%, straight between. */
function centreLine({ centre, lean }: SquareAxis, n: number): (r: number) => number {
  return (r) => centre + lean * Math.min(1, Math.max(0, (0.75 * n - r) / (0.675 * n)));
}

/** One side reaches out from the centre line further than the other by more than this share of the car's width (`sideBulge`). */
const BULGE = 0.05;

/** See CarMeasures.sideBulge; the centre line as `sideImbalance` draws it. */
function sideBulge(mask: CleanMask, { lefts, rights }: RowExtents, axis: SquareAxis, angle: Angle): number {
  const n = lefts.length;
  const bw = mask.box.right - mask.box.left;
  if (n < 20 || bw < 20) return 0;
  const centreAt = centreLine(axis, n);
  const near = angle === 'rear' ? nearSide({ lefts, rights }, bw) : 0;
  let run = 0;
  let side = 0;
  let longest = 0;
  for (let r = Math.floor(n * 0.15); r < Math.floor(n * 0.75); r++) {
    const d = lefts[r]! < 0 ? 0 : (rights[r]! - centreAt(r) - (centreAt(r) - lefts[r]!)) / bw;
    const s = Math.abs(d) > BULGE && Math.sign(d) !== near ? Math.sign(d) : 0;
    run = s !== 0 && s === side ? run + 1 : s !== 0 ? 1 : 0;
    side = s;
    longest = Math.max(longest, run);
  }
  return longest / n;
}

/**
 * Which side of a rear view is nearer the camera (-1 left, 1 right, 0 square on): seen a little from one side, that
 * side's flank (its wheel arch, the body running forward) reaches out past its rear tyre, while the far tyre sits flush
 * under the body's edge. Each tyre's inset is the body's furthest reach (55% to 85% down) less the outline's at 88% to
 * 95% down (the tyres). Parking-lot rears turned a little: insets differing by 0.046 to 0.104 of the car's width, the
 * larger on the side whose mirror shows; square rears, mirror lost or not: 0.022 at most.
 */
function nearSide({ lefts, rights }: RowExtents, bw: number): number {
  const n = lefts.length;
  let bodyLeft = Infinity;
  let bodyRight = -Infinity;
  for (let r = Math.floor(n * 0.55); r < Math.floor(n * 0.85); r++)
    if (lefts[r]! >= 0) (bodyLeft = Math.min(bodyLeft, lefts[r]!)), (bodyRight = Math.max(bodyRight, rights[r]!));
  const insets: number[] = [];
  for (let r = Math.floor(n * 0.88); r < Math.floor(n * 0.95); r++)
    if (lefts[r]! >= 0) insets.push(bodyRight - rights[r]! - (lefts[r]! - bodyLeft));
  if (!insets.length) return 0;
  insets.sort((p, q) => p - q);
  const gap = insets[insets.length >> 1]! / bw;
  return Math.abs(gap) > TURNED_REAR ? Math.sign(gap) : 0;
}

/** How far the larger mirror step falls short of MIRRORS_SEEN (of the car's width); 0 for a car too small or too long to tell. */
function mirrorsLost(mask: CleanMask, rows: RowExtents): number {
  const bw = mask.box.right - mask.box.left;
  if (rows.lefts.length < 20 || bw < 20 || bw > HEAD_ON_ASPECT * rows.lefts.length) return 0;
  return Math.max(0, MIRRORS_SEEN - Math.max(...mirrorSteps(rows)) / bw);
}

/**
 * Each side's sharpest step out of the outline (left, right; in pixels) within MIRROR_STEP_ROWS of the car's height,
 * 10% to 50% down: a door mirror out of the pillar or window edge above it.
 */
function mirrorSteps({ lefts, rights }: RowExtents): [number, number] {
  const n = lefts.length;
  const step = (reach: (r: number) => number) => {
    const d = Math.max(2, Math.round(MIRROR_STEP_ROWS * n));
    let most = 0;
    for (let r = Math.max(d, Math.floor(n * 0.1)); r < Math.floor(n * 0.5); r++)
      if (lefts[r]! >= 0 && lefts[r - d]! >= 0) most = Math.max(most, reach(r) - reach(r - d));
    return most;
  };
  return [step((r) => -lefts[r]!), step((r) => rights[r]!)];
}

/** How far the roof's centre (the top 15% of the rows) lies right of `centre`, in pixels; undefined without a roof. */
function leanOf({ lefts, rights }: RowExtents, centre: number): number | undefined {
  const roof: number[] = [];
  for (let r = 0; r < Math.floor(lefts.length * 0.15); r++) if (lefts[r]! >= 0) roof.push((lefts[r]! + rights[r]!) / 2);
  roof.sort((p, q) => p - q);
  return roof.length ? roof[roof.length >> 1]! - centre : undefined;
}

/** The centre of the lower body (bumper and wheels, 60% to 90% down): the median of its rows' middles. */
function lowerCentre({ lefts, rights }: RowExtents): number | undefined {
  const n = lefts.length;
  const centres: number[] = [];
  for (let r = Math.floor(n * 0.6); r < Math.floor(n * 0.9); r++) if (lefts[r]! >= 0) centres.push((lefts[r]! + rights[r]!) / 2);
  centres.sort((p, q) => p - q);
  return centres.length ? centres[centres.length >> 1]! : undefined;
}

/** The centre line of a front or rear view: its lower body's centre, and how far right of it the roof's lies (pixels). */
interface SquareAxis {
  centre: number;
  lean: number;
}

/**
 * The centre line of a view square to the camera: its roof's centre within OFF_AXIS of its lower body's; undefined
 * otherwise. An off-axis view (a front three-quarter called front) is lopsided by itself: its roof sits off the
 * bumper's centre, and its far mirror hides behind the body. Only a view square to the camera is judged.
 */
function squareAxis(rows: RowExtents, bw: number): SquareAxis | undefined {
  const centre = lowerCentre(rows);
  const lean = centre === undefined ? undefined : leanOf(rows, centre);
  return lean !== undefined && Math.abs(lean) / bw <= OFF_AXIS ? { centre: centre!, lean } : undefined;
}

/** The largest region of background the car encloses (no path to the box's border), in pixels. */
function largestHole(mask: CleanMask): number {
  const { alpha, width: w, box } = mask;
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  if (bw < 3 || bh < 3) return 0;
  // 0: background not reached yet, 1: car, 2: background reached from the border (or counted).
  const seen = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) for (let x = 0; x < bw; x++) if (alpha[(box.top + y) * w + box.left + x]! >= SOLID) seen[y * bw + x] = 1;
  // A typed stack (each pixel goes on it at most once): a growing array of numbers cost most of this check's time.
  const stack = new Int32Array(bw * bh);
  const fill = (start: number): number => {
    let count = 0;
    let sp = 0;
    stack[sp++] = start;
    seen[start] = 2;
    while (sp > 0) {
      const i = stack[--sp]!;
      count++;
      const x = i % bw;
      const y = (i - x) / bw;
      if (x > 0 && seen[i - 1] === 0) (seen[i - 1] = 2), (stack[sp++] = i - 1);
      if (x < bw - 1 && seen[i + 1] === 0) (seen[i + 1] = 2), (stack[sp++] = i + 1);
      if (y > 0 && seen[i - bw] === 0) (seen[i - bw] = 2), (stack[sp++] = i - bw);
      if (y < bh - 1 && seen[i + bw] === 0) (seen[i + bw] = 2), (stack[sp++] = i + bw);
    }
    return count;
  };
  for (let x = 0; x < bw; x++) {
    if (seen[x] === 0) fill(x);
    if (seen[(bh - 1) * bw + x] === 0) fill((bh - 1) * bw + x);
  }
  for (let y = 0; y < bh; y++) {
    if (seen[y * bw] === 0) fill(y * bw);
    if (seen[y * bw + bw - 1] === 0) fill(y * bw + bw - 1);
  }
  let largest = 0;
  for (let i = 0; i < seen.length; i++) if (seen[i] === 0) largest = Math.max(largest, fill(i));
  return largest;
}

/**
 * The longest straight, axis-aligned stretch of the outline cut hard: a mirror or a strip cut off square leaves one,
 * a line where the alpha jumps from nothing to solid in one pixel; the cut-out's own outline is soft (a few pixels of
 * partial alpha), even along a car's straight edges. Measured on the rows' left and right ends (vertical cuts) and the
 * columns' tops (a roof sliced flat), away from the frame edges (a car cut by the frame is the frame check's business).
 */
function straightCuts(mask: CleanMask, { lefts, rights }: RowExtents): { straightCut: number; flatTop: number; topNotch: number } {
  const { alpha, width: w, height: h, box } = mask;
  const bh = box.bottom - box.top;
  const bw = box.right - box.left;
  if (bh < 20 || bw < 20) return { straightCut: 0, flatTop: 0, topNotch: 0 };
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= w || y >= h ? 0 : alpha[y * w + x]!);
  const HARD_IN = 250;
  const HARD_OUT = 5;
  const longestRun = (values: Int32Array, hard: (i: number, v: number) => boolean) => {
    let best = 0;
    let run = 0;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (v >= 0 && i > 0 && v === values[i - 1] && hard(i, v)) run++;
      else run = 0;
      best = Math.max(best, run);
    }
    return best;
  };
  const hardLeft = (r: number, x: number) => x > 1 && at(x, box.top + r) >= HARD_IN && at(x - 1, box.top + r) <= HARD_OUT;
  const hardRight = (r: number, x: number) => x < w - 2 && at(x, box.top + r) >= HARD_IN && at(x + 1, box.top + r) <= HARD_OUT;
  const vertical = Math.max(longestRun(lefts, hardLeft), longestRun(rights, hardRight)) / bh;
  const tops = solidTops(mask);
  const hardTop = (c: number, y: number) => y > 1 && at(box.left + c, y) >= HARD_IN && at(box.left + c, y - 1) <= HARD_OUT;
  return { straightCut: vertical, flatTop: longestRun(tops, hardTop) / bw, topNotch: topNotch(tops, hardTop, bh) / bw };
}

/** How far (of the car's width) beyond a notch's ends the outline is looked at, and how much higher (of its height) it rises there. */
const NOTCH_REACH = 0.02;
const NOTCH_DEPTH = 0.03;

/**
 * See CarMeasures.topNotch: the widest run of columns whose top is cut hard, with the outline just beyond both its
 * ends (within NOTCH_REACH of the car's width) higher than the run's highest top by NOTCH_DEPTH of the car's height.
 */
function topNotch(tops: Int32Array, hardTop: (c: number, y: number) => boolean, bh: number): number {
  const bw = tops.length;
  const reach = Math.max(2, Math.round(NOTCH_REACH * bw));
  const depth = NOTCH_DEPTH * bh;
  // The highest top (smallest row) among columns [from, to).
  const highest = (from: number, to: number) => {
    let most = Infinity;
    for (let c = Math.max(0, from); c < Math.min(bw, to); c++) if (tops[c]! >= 0) most = Math.min(most, tops[c]!);
    return most;
  };
  let widest = 0;
  for (let c = 0; c < bw; ) {
    if (tops[c]! < 0 || !hardTop(c, tops[c]!)) {
      c++;
      continue;
    }
    const from = c;
    while (c < bw && tops[c]! >= 0 && hardTop(c, tops[c]!)) c++;
    const floor = highest(from, c);
    if (highest(from - reach, from) <= floor - depth && highest(c, c + reach) <= floor - depth) widest = Math.max(widest, c - from);
  }
  return widest;
}

/** Hard-cut solid runs in one row that make it striped: a car's own lower rows hold 2 at most (the fixtures, 135 photos). */
const STRIPS = 5;

/**
 * See CarMeasures.stripedBottom. Three parking-lot rear views (br-JSK5419, br-OZV6697, held-out br-JSQ1413) came out
 * with their bumpers' lower halves cut into vertical strips, 11 to 13 hard-cut runs across a row over 4.6% to 14% of
 * their heights, their tyres lost between the strips; the card said "looks good" on two of them. A car's own lower
 * rows (tyres, bumper, exhaust) hold a few runs with u2netp's soft edges; no other photo had more than 2 hard-cut runs.
 */
function stripedBottom(mask: CleanMask): number {
  const { alpha, width: w, box } = mask;
  const bh = box.bottom - box.top;
  if (bh < 20 || box.right - box.left < 20) return 0;
  let striped = 0;
  for (let y = box.top + Math.floor(0.6 * bh); y < box.bottom; y++) {
    let hard = 0;
    for (let x = Math.max(1, box.left); x < box.right; x++) if (alpha[y * w + x]! >= 250 && alpha[y * w + x - 1]! <= 5) hard++;
    if (hard >= STRIPS) striped++;
  }
  return striped / bh;
}

/** How far (of the car's width) beyond the detector's box a cut must lie to be beside the car (the box is drawn loosely). */
const BESIDE_MARGIN = 0.01;

/**
 * See CarMeasures.cutBeside. The green Skoda 120 from the front (eu-test_051) kept a red car parked behind-left of it:
 * its windscreen, bonnet and wing, a quarter of the image, cut square 23 px left of the detector's box over 14% of the
 * car's height. The detector's box took in most of the red car, so only 1.8% of the pixels lay beside it (under
 * `besideBox`'s 2%); the pale green is no strong paint, so `otherPaint` does not judge the car (and the red pieces, 2%
 * and 3% of the car, are smaller than a lit tail-lamp pair's red on a dark SUV, 8%); `straightCut` looks for a strip cut
 * off the car's own end anywhere, so its limit is 20%. Beyond the box, no other of 190 cut-outs (fixtures, turntable,
 * web and parking-lot photos) ran straight and hard over more than 2.1% of the car's height (a door mirror's end past a
 * short box, eu-test_092) but three whose box lay on another car (87% to 96%, reviewed already). The cut's solid side
 * must be solid to 250, as `straightCut`'s: the crop pass leaves a car's own side that reaches past a short box at
 * half alpha (128 to 130) beside nothing (br-PXP8172, br-PJJ4955). A side at the photo's frame is the frame check's.
 */
function cutBeside(mask: CleanMask, { lefts, rights }: RowExtents, main: NormBox): number {
  const { alpha, width: w, box } = mask;
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  if (bw < 20 || bh < 20) return 0;
  const margin = BESIDE_MARGIN * bw;
  const longest = (ends: Int32Array, side: -1 | 1, beyond: (x: number) => boolean) => {
    let best = 0;
    let run = 0;
    for (let r = 0; r < ends.length; r++) {
      const x = ends[r]!;
      const row = (box.top + r) * w;
      const cut = x >= 0 && x + side >= 0 && x + side < w && beyond(x) && alpha[row + x]! >= 250 && alpha[row + x + side]! <= 5;
      run = cut ? (run > 0 && ends[r - 1] === x ? run + 1 : 1) : 0;
      best = Math.max(best, run);
    }
    return best;
  };
  const left = longest(lefts, -1, (x) => x < main.left * w - margin);
  const right = longest(rights, 1, (x) => x > main.right * w + margin);
  return Math.max(left, right) / bh;
}

/** How far (of the car's width) the car must go on beyond a cut for what stands at the cut to be over its own top. */
const CUT_ONWARD = 0.25;
/** How wide (of the car's width) the block at a cut must be: wider than an aerial or a mirror's stalk. */
const CUT_BLOCK = 0.04;

/**
 * See CarMeasures.cutPiece. u2netp's outline is soft; a hard vertical cut is a clean-up step's (the other-car step
 * splits a car behind off along columns). At the car's own ends such a cut is its pillar or tailgate parted from a car
 * behind (the truth bench's Kadjar: the car went on 13% of its width beyond it, its rear lamp), and a strip cut off the
 * car's end is `straightCut`'s. Where the car goes on beyond the cut for a quarter of its width and more, the outline
 * drops there onto the car's own top (roof, bonnet or boot): what stands over it at the cut, a block wider than an
 * aerial or a mirror, is what the split left of the car behind (a dark E-Class's roof and windscreen standing beside a
 * white Mercedes SL's windscreen, cut 12% of its height, the SL's bonnet going on 39% of its width beyond).
 */
function cutPiece(mask: CleanMask): number {
  const { alpha, width: w, box } = mask;
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  if (bw < 20 || bh < 20) return 0;
  const upper = box.top + Math.floor(bh / 2);
  const block = Math.max(2, Math.round(CUT_BLOCK * bw));
  let longest = 0;
  for (let x = Math.max(1, box.left); x < Math.min(w - 1, box.right); x++)
    for (const side of [-1, 1]) {
      // `side`: where the background lies; the car goes on beyond the cut on that side.
      const onward = side > 0 ? box.right - 1 - x : x - box.left;
      const back = x - side * block;
      if (onward < CUT_ONWARD * bw || back < 0 || back >= w) continue;
      let run = 0;
      for (let y = box.top; y < upper; y++) {
        const i = y * w + x;
        run = alpha[i]! >= 250 && alpha[i + side]! <= 5 && alpha[y * w + back]! >= SOLID ? run + 1 : 0;
        longest = Math.max(longest, run);
      }
    }
  return longest / bh;
}

/** The band over the silhouette's lowest point where a car on its wheels has only its tyres' contacts (of its height). */
const GROUND_BAND = 0.03;

/**
 * See CarMeasures.flatBottom and groundMiddle (`squareOn`: a front or rear view square to the camera). The silver
 * VW Gol from behind (br-AZJ6991, shot through a windscreen): its dark tyres in the shade lost, it stood on its bumper, 27% of its width
 * on the ground in its middle half (clean rear views have 0 there, the fixtures' and web photos' front and rear views
 * at most 0.10, a Corvette head-on whose spoiler is as low as its tyres), while the
 * flat line along its whole width was 46%, under `flatBottom`'s half (its bumper curves up at its corners), and the
 * detector's box ended 5.6% below it (its box too ended near the bumper).
 */
function groundContact(mask: CleanMask, squareOn: boolean): { flatBottom: number; groundMiddle: number } {
  const { alpha, width: w, height: h, box } = mask;
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  // Cut by the frame's bottom: the wheels are out of the photo, which the frame check reports.
  if (bw < 20 || bh < 20 || box.bottom > h - Math.max(1, Math.ceil(FRAME_BAND * h))) return { flatBottom: 0, groundMiddle: 0 };
  const from = box.bottom - Math.max(1, Math.round(GROUND_BAND * bh));
  let low = 0;
  let middle = 0;
  for (let x = box.left; x < box.right; x++)
    for (let y = box.bottom - 1; y >= from; y--)
      if (alpha[y * w + x]! >= SOLID) {
        low++;
        if (x >= box.left + bw / 4 && x < box.right - bw / 4) middle++;
        break;
      }
  return { flatBottom: low / bw, groundMiddle: squareOn ? middle / bw : 0 };
}

/** Under a front or rear view's outer parts, a band at least this share as bright as the ground further down shows no tyre. */
const HIDDEN_TYRES = 0.6;
/** A band under a front or rear view's outer part darker than this (luma, 0-255) may be a tyre in the car's shadow. */
const TYRE_DARK = 60;

/**
 * A front or rear view: how bright the photo is just under the silhouette's outer parts (where its tyres stand) against
 * the ground further down, the darker side's ratio; 0 without the ground (out of the frame). A tyre the cut-out lost is
 * left there, nearly black; at HIDDEN_TYRES or more the photo shows the ground there: the bumper hides the tyres (a
 * close front shot from above), and a flat bottom is no sign of wheels cut off. Per side (5% to 25% of the car's width
 * in from each end), the median luma of the photo from 2 px under each column's lowest solid pixel down 6% of the car's
 * height, against the same columns 12% to 20% further down (the ground beyond any tyre). Tyres the cut-out lost
 * (the parking-lot rears and fronts: br-OKT3896, br-AZJ6991, br-JPQ9870, br-NYM7544, br-PAG5219, us-wts-lg-000018,
 * eu-test_064) read 0.06 to 0.53 of the ground on each side (0.38 at most on the darker of both), their bands' luma 42
 * at most on the darker side; close fronts whose bumper hides them (br-PJU2853, br-OKP7250) 0.70 and 0.77, the floor's
 * tiles and concrete (luma 111 and more). A rear in deep shade (br-JIT7463, luma 15 under its bumper, 25 further down)
 * read 0.61: hence TYRE_DARK.
 */
export function underCorners(mask: CleanMask, photo: PhotoPixels): number {
  const { alpha, width: w, height: h, box } = mask;
  if (photo.width !== w || photo.height !== h) return 0;
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  if (bw < 20 || bh < 20) return 0;
  const { rgb } = photo;
  const median = (values: number[]) => (values.sort((p, q) => p - q), values[values.length >> 1]!);
  const side = (from: number, to: number) => {
    const near: number[] = [];
    const far: number[] = [];
    for (let x = box.left + Math.round(from * bw); x < box.left + Math.round(to * bw); x++) {
      let low = box.bottom - 1;
      while (low >= box.top && alpha[low * w + x]! < SOLID) low--;
      if (low < box.top) continue;
      const rows = (d0: number, d1: number, into: number[]) => {
        for (let y = low + 2 + Math.round(d0 * bh); y < Math.min(h, low + 2 + Math.round(d1 * bh)); y++) {
          const i = 3 * (y * w + x);
          into.push(0.3 * rgb[i]! + 0.59 * rgb[i + 1]! + 0.11 * rgb[i + 2]!);
        }
      };
      rows(0, 0.06, near);
      rows(0.12, 0.2, far);
    }
    // The ground out of the frame (or too few of its rows in it): nothing to compare with. A band as dark as a tyre in
    // the shade may hold one, however dark the ground in the car's shadow is.
    if (!near.length || far.length < 0.04 * bh * 0.1 * bw) return 0;
    const under = median(near);
    return under < TYRE_DARK ? 0 : under / Math.max(1, median(far));
  };
  return Math.min(side(0.05, 0.25), side(0.75, 0.95));
}

/**
 * The frame's sides along which the car's silhouette is cut: its solid pixels run along the side (within the band
 * where `vision/frame-contact.ts` judges it touching) for at least a tenth of the car's width or
 * height. A tip (an aerial, a mirror's corner) reaching the frame is not a cut.
 */
export function cutByFrame(mask: CleanMask): { top: boolean; left: boolean; right: boolean; bottom: boolean } {
  const { alpha, width: w, height: h, box } = mask;
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  const bandX = Math.max(1, Math.ceil(FRAME_BAND * w));
  const bandY = Math.max(1, Math.ceil(FRAME_BAND * h));
  const rowRun = (y: number) => {
    let n = 0;
    for (let x = box.left; x < box.right; x++) if (alpha[y * w + x]! >= SOLID) n++;
    return n;
  };
  const columnRun = (x: number) => {
    let n = 0;
    for (let y = box.top; y < box.bottom; y++) if (alpha[y * w + x]! >= SOLID) n++;
    return n;
  };
  const cut = (lines: number[], run: (i: number) => number, extent: number) => lines.some((i) => run(i) >= 0.1 * extent);
  const range = (from: number, n: number) => Array.from({ length: n }, (_, k) => from + k);
  return {
    top: box.top < bandY && cut(range(box.top, bandY - box.top), rowRun, bw),
    bottom: box.bottom > h - bandY && cut(range(h - bandY, box.bottom - (h - bandY)), rowRun, bw),
    left: box.left < bandX && cut(range(box.left, bandX - box.left), columnRun, bh),
    right: box.right > w - bandX && cut(range(w - bandX, box.right - (w - bandX)), columnRun, bh),
  };
}

/** A pixel of strong paint: this much chroma (max - min of R, G, B) and this much brightness. */
const PAINT_CHROMA = 60;
const PAINT_VALUE = 70;
/** The car has a paint of its own when this share of it is strong paint within one 60-degree band of hue. */
const OWN_PAINT_SHARE = 0.25;
/** A hue this far (degrees) from the centre of the car's band is another paint: the band is ±30, so 30 degrees of margin. */
const OTHER_HUE = 60;
/**
 * The hues of the lamps every car carries at its ends (red tail lamps and reflectors, amber indicators): never taken
 * for another car's paint. On a blue, green or yellow car they reach the outline at its ends (a blue side view's tail
 * lamp was flagged without this); the cost is that a red or orange car kept with one of another colour goes unseen.
 */
const isLampHue = (h: number) => h >= 335 || h <= 45;
/**
 * A patch darker than this share of the car's own paint (the median brightness, max of R, G, B, of its band), lying
 * between that paint (GLASS_ROWS), is tinted glass, not paint: the red BMW 1-series' blue panoramic roof reads 98
 * against its paint's 172 (0.57), and reaches the outline along the roof; another car's paint in the same light is
 * about as bright as the main car's.
 */
const GLASS_SHARE = 0.7;
/** How far (of the car's height) above or below a dark cell the car's own paint on both sides of it is looked for. */
const GLASS_ROWS = 0.03;

/**
 * A piece of another car kept with the main one, told by its paint: the main car's own paint is the strongest band of
 * hue over its cut-out; solid patches of a strong colour far from it (a blue car's bumper on a red car's roof) are
 * another car's. Only a car with a strong paint of its own is judged: on a white, grey or black car the strong colours
 * are lights, badges and the sky's reflections. Measured on every second pixel of every second row (a quarter of the
 * work, the same answer for patches this size); a cell counts when its four neighbours are also of the other paint,
 * so thin edges, reflections and stray pixels do not.
 */
function otherPaint(mask: CleanMask, photo: PhotoPixels): number {
  const { alpha, width: w, box } = mask;
  if (photo.width !== w || photo.height !== mask.height) return 0;
  const gw = Math.ceil((box.right - box.left) / 2);
  const gh = Math.ceil((box.bottom - box.top) / 2);
  if (gw < 3 || gh < 3) return 0;
  // Per grid cell: -2 outside the car, -1 car but no strong paint, else the hue (0..359).
  const hue = new Int16Array(gw * gh).fill(-2);
  const value = new Uint8Array(gw * gh);
  const bands = new Float64Array(24);
  let area = 0;
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      const i = (box.top + 2 * gy) * w + box.left + 2 * gx;
      if (alpha[i]! < SOLID) continue;
      area++;
      const r = photo.rgb[3 * i]!;
      const g = photo.rgb[3 * i + 1]!;
      const b = photo.rgb[3 * i + 2]!;
      const max = Math.max(r, g, b);
      const c = max - Math.min(r, g, b);
      if (c < PAINT_CHROMA || max < PAINT_VALUE) {
        hue[gy * gw + gx] = -1;
        continue;
      }
      const h6 = max === r ? (g - b) / c : max === g ? (b - r) / c + 2 : (r - g) / c + 4;
      const h = Math.floor((h6 * 60 + 360) % 360);
      hue[gy * gw + gx] = h;
      value[gy * gw + gx] = max;
      const bin = Math.floor(h / 15);
      bands[bin] = bands[bin]! + 1;
    }
  // The car's own band: the four neighbouring 15-degree bins holding the most strong paint.
  let best = 0;
  let bestAt = 0;
  for (let b = 0; b < 24; b++) {
    const n = bands[b]! + bands[(b + 1) % 24]! + bands[(b + 2) % 24]! + bands[(b + 3) % 24]!;
    if (n > best) (best = n), (bestAt = b);
  }
  if (area === 0 || best / area < OWN_PAINT_SHARE) return 0;
  const centre = bestAt * 15 + 30;
  const offHue = (h: number) => {
    const d = Math.abs(h - centre) % 360;
    return Math.min(d, 360 - d);
  };
  // One pass over the car's own paint: its median brightness (a histogram of its cells) and, per row, its span.
  // Glass lies between the car's own paint (a roof's front and rear ends, the pillars) in its rows or the rows just
  // below or above; a dark piece of another car in shade, kept beyond the car's end, lies outside that span.
  const brightness = new Uint32Array(256);
  const ownLeft = new Int32Array(gh).fill(gw);
  const ownRight = new Int32Array(gh).fill(-1);
  let own = 0;
  for (let k = 0; k < hue.length; k++) {
    if (hue[k]! < 0 || offHue(hue[k]!) > 30) continue;
    brightness[value[k]!]!++;
    own++;
    const gy = Math.floor(k / gw);
    const gx = k - gy * gw;
    ownLeft[gy] = Math.min(ownLeft[gy]!, gx);
    ownRight[gy] = Math.max(ownRight[gy]!, gx);
  }
  let seen = 0;
  let median = 0;
  while (median < 255 && (seen += brightness[median]!) < own / 2) median++;
  const glass = GLASS_SHARE * median;
  const reachRows = Math.max(1, Math.round(GLASS_ROWS * gh));
  const spanLeft = new Int32Array(gh);
  const spanRight = new Int32Array(gh);
  for (let gy = 0; gy < gh; gy++) {
    let l = gw;
    let r = -1;
    for (let y = Math.max(0, gy - reachRows); y <= Math.min(gh - 1, gy + reachRows); y++) (l = Math.min(l, ownLeft[y]!)), (r = Math.max(r, ownRight[y]!));
    spanLeft[gy] = l;
    spanRight[gy] = r;
  }
  const isGlass = (k: number) => {
    const gy = Math.floor(k / gw);
    const gx = k - gy * gw;
    return value[k]! < glass && gx > spanLeft[gy]! && gx < spanRight[gy]!;
  };
  const other = (k: number) => {
    const h = hue[k]!;
    return h >= 0 && !isLampHue(h) && offHue(h) > OTHER_HUE && !isGlass(k);
  };
  // Another car's piece reaches the cut-out's outline (it stands out of the car's shape); a colour inside the car
  // (the sky's reflection in the glass, a sticker) is enclosed by the car's own paint and glass. Flood from the other-
  // paint cells within two cells of the outline through other-paint cells.
  const reached = new Uint8Array(gw * gh);
  const stack = new Int32Array(gw * gh);
  let sp = 0;
  const outside = (gx: number, gy: number) => gx < 0 || gy < 0 || gx >= gw || gy >= gh || hue[gy * gw + gx] === -2;
  for (let gy = 0; gy < gh; gy++)
    for (let gx = 0; gx < gw; gx++) {
      const k = gy * gw + gx;
      if (!other(k)) continue;
      let near = false;
      for (let dy = -2; dy <= 2 && !near; dy++) for (let dx = -2; dx <= 2 && !near; dx++) near = outside(gx + dx, gy + dy);
      if (near) (reached[k] = 1), (stack[sp++] = k);
    }
  const reach = (n: number) => {
    if (!reached[n] && other(n)) (reached[n] = 1), (stack[sp++] = n);
  };
  while (sp > 0) {
    const k = stack[--sp]!;
    const gx = k % gw;
    if (gx > 0) reach(k - 1);
    if (gx < gw - 1) reach(k + 1);
    if (k >= gw) reach(k - gw);
    if (k + gw < gw * gh) reach(k + gw);
  }
  // Each region reached (4-connected) is judged on its mean colour: one barely a colour on the whole (CIELAB chroma under
  // GLASS_CHROMA) is glass mirroring a blue sky or white stripes in its light (the orange Ford GT's windscreen, side
  // window and headlamps, a*b* chroma 13 to 25), the cut-out's own rule (vision/local/other-cars.ts); single cells stray.
  const region = new Int32Array(gw * gh).fill(-1);
  const coloured: boolean[] = [];
  for (let s = 0; s < gw * gh; s++) {
    if (!reached[s] || region[s]! >= 0) continue;
    const id = coloured.length;
    const sum = [0, 0, 0];
    let size = 0;
    region[s] = id;
    stack[sp++] = s;
    while (sp > 0) {
      const k = stack[--sp]!;
      size++;
      const gx = k % gw;
      const i = 3 * ((box.top + 2 * ((k - gx) / gw)) * w + box.left + 2 * gx);
      for (let c = 0; c < 3; c++) sum[c]! += photo.rgb[i + c]!;
      for (const n of [gx > 0 ? k - 1 : -1, gx < gw - 1 ? k + 1 : -1, k >= gw ? k - gw : -1, k + gw < gw * gh ? k + gw : -1])
        if (n >= 0 && reached[n] && region[n]! < 0) (region[n] = id), (stack[sp++] = n);
    }
    const [, a, b] = srgbToLab(sum[0]! / size, sum[1]! / size, sum[2]! / size);
    coloured.push(Math.hypot(a, b) >= GLASS_CHROMA);
  }
  let patches = 0;
  for (let gy = 1; gy < gh - 1; gy++)
    for (let gx = 1; gx < gw - 1; gx++) {
      const k = gy * gw + gx;
      if (reached[k] && coloured[region[k]!] && other(k - 1) && other(k + 1) && other(k - gw) && other(k + gw)) patches++;
    }
  return patches / area;
}

/** Per column of the car's box, its first solid row from the top (-1 where the column holds none). */
function solidTops({ alpha, width: w, box }: CleanMask): Int32Array {
  const tops = new Int32Array(box.right - box.left).fill(-1);
  for (let c = 0; c < tops.length; c++)
    for (let y = box.top; y < box.bottom; y++)
      if (alpha[y * w + box.left + c]! >= SOLID) {
        tops[c] = y;
        break;
      }
  return tops;
}

/** The outline's top is smoothed over twice this share of the car's width (a 1-D opening): a post is taken off whole. */
const POST_WIDE = 0.04;
/**
 * A post is at most this share of the car's width wide: eu-test_036's sign post 0.021; the two pillars a close-up's
 * clean-up left standing under its lost roof (br-ODJ1599) 0.037 and 0.040.
 */
const POST_MAX = 0.03;
/**
 * And at least this share: a whip aerial is thinner (the Kadjar's on the truth bench, its tip against a dark street,
 * read as a post at 0.17 without it), eu-test_036's sign post 0.021.
 */
const POST_MIN = 0.01;
/** A post rises this share of the car's height (3 px at least) over the smoothed top; a roof's own curve does not. */
const POST_RISE = 0.03;
/** The photo goes on over a post's top: its 2 rows inside and the 2 rows above differ by less than this (any channel, 0-255). */
const POST_GOES_ON = 20;
/** A post's colour is not the roof's: its mean and the roof's under it differ by this much (any channel, 0-255). */
const POST_UNLIKE = 40;

/** See CarMeasures.roofPost. */
function roofPost(mask: CleanMask, photo: PhotoPixels): number {
  const { alpha, width: w, height: h, box } = mask;
  if (photo.width !== w || photo.height !== h) return 0;
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  // A car cut by the frame's top has no roof line to stand on: what rises over its top there is its own (the pillars
  // or a lamp the clean-up left under a cut: br-ODJ1599, us-wts-lg-000023, both close-ups the card asks to retake).
  if (bw < 20 || bh < 20 || cutByFrame(mask).top) return 0;
  // Per column of the car's box: its top row, and how high it stands over the box's bottom.
  const tops = solidTops(mask);
  const heights = Float64Array.from(tops, (y) => (y < 0 ? 0 : box.bottom - y));
  // An opening over twice POST_WIDE: a post up to POST_WIDE wide is taken off whole, the roof's width is not.
  const k = Math.max(2, Math.round(bw * POST_WIDE));
  const smooth = within(within(heights, k, Math.min), k, Math.max);
  const rise = Math.max(3, POST_RISE * bh);
  const { rgb } = photo;
  // The mean colour of the photo over columns [x0, x1) and rows [y0, y1), clipped to the frame.
  const mean = (x0: number, x1: number, y0: number, y1: number) => {
    let r = 0;
    let g = 0;
    let b = 0;
    let n = 0;
    for (let y = Math.max(0, y0); y < Math.min(h, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(w, x1); x++) {
        const p = 3 * (y * w + x);
        (r += rgb[p]!), (g += rgb[p + 1]!), (b += rgb[p + 2]!), n++;
      }
    return n ? [r / n, g / n, b / n] : undefined;
  };
  const differ = (a: number[] | undefined, b: number[] | undefined) => (a && b ? Math.max(...a.map((v, i) => Math.abs(v - b[i]!))) : 0);
  let tallest = 0;
  for (let c = 0; c < bw; ) {
    if (heights[c]! - smooth[c]! < rise) {
      c++;
      continue;
    }
    const from = c;
    let top = h;
    let base = 0;
    for (; c < bw && heights[c]! - smooth[c]! >= rise; c++) (top = Math.min(top, tops[c]!)), (base = Math.max(base, box.bottom - Math.round(smooth[c]!)));
    if (c - from > bw * POST_MAX || c - from < bw * POST_MIN || base > box.top + bh / 2 || top < 3) continue;
    const x0 = box.left + from;
    const x1 = box.left + c;
    // A sliver along the frame's side is the frame's cut (us-e73fd200: a pickup cut by the right edge, 2 px), not a post.
    if (x0 <= 1 || x1 >= w - 1) continue;
    const goesOn = differ(mean(x0, x1, top + 1, top + 3), mean(x0, x1, top - 3, top - 1)) < POST_GOES_ON;
    const roofUnder = mean(x0 - 2, x1 + 2, base + 2, base + 2 + Math.max(3, Math.round(POST_RISE * bh)));
    if (goesOn && differ(mean(x0, x1, top + 1, base), roofUnder) >= POST_UNLIKE) tallest = Math.max(tallest, (base - top) / bh);
  }
  return tallest;
}

/** Alpha levels of a top edge: where it starts, where it is half solid, where it is solid. */
const EDGE_START = 32;
const EDGE_SOLID = 224;
/** A top edge is see-through when its alpha climbs from EDGE_START to EDGE_SOLID over more than this share of the car's height (6 px at least); a car's own soft edge takes 2 to 5 px. */
const SEE_THROUGH = 0.02;
/** The photo shows no edge at the outline when its mean colours just outside and just inside differ by less than this (any channel, 0-255). */
const SEAMLESS = 20;
/** Columns either side of one whose outline tops are compared: a steeper outline (a pillar, a bumper's end) is not read from above. */
const LEVEL_SPAN = 3;
/** An edge in the photo: a channel changing by this much over 2 px; looked for up to EDGE_REACH px above and below the cut-out's top. */
const PHOTO_EDGE = 40;
const EDGE_REACH = 16;

/**
 * Background the cut-out kept along the top of the car (the orange wall and bare branches along a grey Ford S-Max's
 * roof): read on the photo at the cut-out's own outline, so it does not trust the clean-up that drew it. A car's top
 * edge is an edge in the photo (the roof against what lies behind it); where the cut-out's top runs through the
 * background, the photo just above it and just below it are the same colour, and the outline there is either cut hard
 * (the alpha jumps from nothing to solid: the clean-up cut through the background) or see-through over a thick band
 * (u2netp unsure of the sky and branches over the roof). The car's real top edge then lies below the cut-out's top:
 * the photo's nearest edge is nearer below it than above it (where the clean-up cut into the car's own roof instead,
 * a dark roof against a dark car behind, the nearest edge is above: the truth bench's good cut-outs of a red car under
 * a blue one). Only level stretches of the upper half of the car are read (the roof, the bonnet and boot lid), from
 * above; the longest run of such columns, with gaps of 2% of the car's width bridged (a roof rail's post, a branch), is
 * the measure.
 */
function roofBackground(mask: CleanMask, photo: PhotoPixels): number {
  const { alpha, width: w, box } = mask;
  if (photo.width !== w || photo.height !== mask.height) return 0;
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  if (bw < 20 || bh < 20) return 0;
  // Per column of the car's box: the first rows reaching EDGE_START, SOLID and EDGE_SOLID (-1 where none).
  const start = new Int32Array(bw).fill(-1);
  const half = new Int32Array(bw).fill(-1);
  const solid = new Int32Array(bw).fill(-1);
  for (let c = 0; c < bw; c++)
    for (let y = box.top; y < box.bottom; y++) {
      const a = alpha[y * w + box.left + c]!;
      if (a >= EDGE_START && start[c]! < 0) start[c] = y;
      if (a >= SOLID && half[c]! < 0) half[c] = y;
      if (a >= EDGE_SOLID) {
        solid[c] = y;
        break;
      }
    }
  const { rgb } = photo;
  // The largest channel difference of the mean colours of rows [outFrom, outFrom + 1] and [inFrom, inFrom + 1].
  const seam = (x: number, outFrom: number, inFrom: number) => {
    let most = 0;
    for (let k = 0; k < 3; k++) {
      const out = rgb[3 * (outFrom * w + x) + k]! + rgb[3 * ((outFrom + 1) * w + x) + k]!;
      const inside = rgb[3 * (inFrom * w + x) + k]! + rgb[3 * ((inFrom + 1) * w + x) + k]!;
      most = Math.max(most, Math.abs(out - inside) / 2);
    }
    return most;
  };
  // Rows from `y` on (step 1 down, -1 up) to the photo's first edge, EDGE_REACH + 1 where none is near.
  const edgeFrom = (x: number, y: number, step: 1 | -1) => {
    for (let d = 0; d <= EDGE_REACH; d++) {
      const y0 = y + step * d;
      const y1 = y0 + 2 * step;
      if (y1 < 0 || y1 >= mask.height) break;
      for (let k = 0; k < 3; k++) if (Math.abs(rgb[3 * (y0 * w + x) + k]! - rgb[3 * (y1 * w + x) + k]!) >= PHOTO_EDGE) return d;
    }
    return EDGE_REACH + 1;
  };
  const thick = Math.max(6, SEE_THROUGH * bh);
  const upper = box.top + 0.5 * bh;
  const kept = (c: number) => {
    const top = half[c]!;
    if (top < 0 || top > upper || solid[c]! < 0 || start[c]! < 2 || half[c - LEVEL_SPAN]! < 0 || half[c + LEVEL_SPAN]! < 0) return false;
    if (Math.abs(half[c + LEVEL_SPAN]! - half[c - LEVEL_SPAN]!) > LEVEL_SPAN) return false;
    const x = box.left + c;
    if (seam(x, start[c]! - 2, top) >= SEAMLESS) return false;
    const hard = alpha[top * w + x]! >= 250 && alpha[(top - 1) * w + x]! <= 5;
    if (!hard && solid[c]! - start[c]! <= thick) return false;
    return edgeFrom(x, start[c]!, 1) < edgeFrom(x, start[c]! - 1, -1);
  };
  const bridge = Math.round(0.02 * bw);
  let longest = 0;
  let from = -1;
  let last = -1;
  for (let c = LEVEL_SPAN; c < bw - LEVEL_SPAN; c++) {
    if (!kept(c)) continue;
    if (from < 0 || c - last > bridge + 1) from = c;
    last = c;
    longest = Math.max(longest, last - from + 1);
  }
  return longest / bw;
}

/**
 * How much the studio will enlarge the car of a photo, from the detector's box and the photo's own size (before any
 * shrinking for the check): what the package form is told before anything is charged.
 */
export function predictedEnlargement(main: NormBox, original: { width: number; height: number }): number {
  const carWidth = Math.max(1, (main.right - main.left) * original.width);
  const carHeight = Math.max(1, (main.bottom - main.top) * original.height);
  return studioScale(carWidth, carHeight, FULL_SIZE);
}

/** Something between the camera and the car (a fence's rails across it, a branch over its lost side): a retake. */
function inFront(m: Pick<CarMeasures, 'bands' | 'boxBeyond' | 'leavesBeyond'>): boolean {
  return m.bands > CHECK_LIMITS.bands || (m.boxBeyond > CHECK_LIMITS.boxBeyond && m.leavesBeyond > CHECK_LIMITS.leavesBeyond);
}

/**
 * Whether something stands in front of the car, read from the photo's cut-out (the main car's, other cars left out) as
 * the studio image's card reads it: the package form's photo check says it before the charge (vision/check-car-photo.ts).
 */
export function somethingInFrontOf(mask: CleanMask, main: NormBox, photo: PhotoPixels): boolean {
  return inFront({ bands: bands(mask, main), boxBeyond: boxBeyond(mask, main), leavesBeyond: leavesBeyond(mask, main, photo) });
}

/** The photo's edge cuts through the car (roof-out.ts): the card's close-up, which the form's check says before the charge too. */
export function cutThroughByFrame(mask: CleanMask): boolean {
  return cutThrough({ roofOut: roofOut(mask), bottomOut: bottomOut(mask), sideOut: sideOut(mask) });
}

const cutThrough = (m: Pick<CarMeasures, 'roofOut' | 'bottomOut' | 'sideOut'>) =>
  m.roofOut > CHECK_LIMITS.roofOut || m.bottomOut > CHECK_LIMITS.bottomOut || m.sideOut > CHECK_LIMITS.sideOut;

/** The verdict and its reasons, worst first. */
export function checkCar(input: CarCheckInput): CarCheck & { measures: CarMeasures } {
  const measures = measureCar(input.mask, input.main, input.angle, input.photo);
  const reasons: CarCheckReason[] = [];
  if (input.upscale > CHECK_LIMITS.upscale) reasons.push('carSmall');
  if (input.main && personInFront(input.main, input.people ?? [])) reasons.push('personInFront');
  // A close-up: the roof out of the photo and the car cut at a side or its bottom too (the car check before the render
  // refuses three edges; two slip through). Framed as shot, the photo's cut is the image's.
  const cut = cutByFrame(input.mask);
  // A roof cut off below its flat top (through the windows), a car cut off below its bumper (no wheels under it) or
  // through its body at a side is a close-up too, whatever the other sides.
  if (!input.asShot && ((cut.top && (cut.left || cut.right || cut.bottom)) || cutThrough(measures))) reasons.push('closeUp');
  else if (input.cutByEdge && !input.asShot) reasons.push('touchesEdge');
  if (inFront(measures)) reasons.push('somethingInFront');
  if (measures.aboveRoof > CHECK_LIMITS.aboveRoof || measures.cutPiece > CHECK_LIMITS.cutPiece || measures.roofPost > CHECK_LIMITS.roofPost) reasons.push('somethingOnRoof');
  if (measures.besideBox > CHECK_LIMITS.besideBox || measures.cutBeside > CHECK_LIMITS.cutBeside) reasons.push('somethingBeside');
  if (measures.otherPaint > CHECK_LIMITS.otherPaint) reasons.push('otherPaint');
  if (measures.boxBeyond > CHECK_LIMITS.boxBeyond || measures.squareBeyond > CHECK_LIMITS.squareBeyond) reasons.push('sideLost');
  if (measures.roofBackground > CHECK_LIMITS.roofBackground) reasons.push('backgroundOnRoof');
  if (measures.sideImbalance > CHECK_LIMITS.sideImbalance || measures.sideBulge > CHECK_LIMITS.sideBulge) reasons.push('mirrorMissing');
  else if (measures.mirrorsLost > CHECK_LIMITS.mirrorsLost) reasons.push('mirrorsMissing');
  if (measures.largestHole > CHECK_LIMITS.largestHole) reasons.push('hole');
  if (measures.straightCut > CHECK_LIMITS.straightCut || measures.flatTop > CHECK_LIMITS.flatTop || measures.topNotch > CHECK_LIMITS.topNotch || measures.stripedBottom > CHECK_LIMITS.stripedBottom) reasons.push('cutSquare');
  // A slab of ground kept under the car ends it in a flat line too: that flat bottom is no sign of wheels cut off.
  const slab = measures.groundBeyond > CHECK_LIMITS.groundBeyond;
  if (slab) reasons.push('groundKept');
  if ((!slab && (measures.flatBottom > CHECK_LIMITS.flatBottom || measures.groundMiddle > CHECK_LIMITS.groundMiddle)) || measures.belowMask > CHECK_LIMITS.belowMask) reasons.push('wheelsCut');
  // One tyre lost (the other kept): named apart from both wheels cut off, which reads the bottom as a whole.
  else if (measures.tyreLift > CHECK_LIMITS.tyreLift) reasons.push('tyreLost');
  return { verdict: verdictOf(reasons), reasons: reasons.map((r) => CAR_CHECK_REASONS[r].text), measures };
}

/**
 * How personInFront reads a person's box against the main car's: it covers at least `share` of the car's box, its
 * bottom (the feet, or the frame) is no higher than the car's lowest part less `feet` of the car's height, and it
 * reaches out of the car's box by `out` of the car's height or width (a box wholly inside is as often a part of the car
 * read as a person); a box this much the same as the car's (`sameBox`, IoU) is the car itself read as a person.
 * Measured on 390 photos with a car (docs/benchmarks/car-check.md, "a person in front of the car").
 */
export const PERSON_IN_FRONT = { share: 0.05, feet: 0.15, out: 0.05, sameBox: 0.5 };

/**
 * A person standing between the camera and the car: their box covers a good part of the car's and their feet stand
 * at or below the car's ground line. Their body hides the car, and the cut-out keeps them or loses the car behind
 * them: a dealer cannot publish that image. A person beside the car (not over its box) or behind it (feet above its
 * ground line) is not in front.
 */
export function personInFront(main: NormBox, people: readonly NormBox[]): boolean {
  const width = main.right - main.left;
  const height = main.bottom - main.top;
  return people.some((p) => {
    const out = Math.max((main.top - p.top) / height, (p.bottom - main.bottom) / height, (main.left - p.left) / width, (p.right - main.right) / width);
    return (
      intersection(p, main) >= PERSON_IN_FRONT.share * boxArea(main) &&
      p.bottom >= main.bottom - PERSON_IN_FRONT.feet * height &&
      out >= PERSON_IN_FRONT.out &&
      iou(p, main) < PERSON_IN_FRONT.sameBox
    );
  });
}
