/**
 * A dark sill the model saw at half strength. Over dark ground, u2netp gives a car's black side skirt between the
 * tyres only 60-200 of 255, patchy (the Kadjar's black cladding over the Sunset scene's dark sand), and the clean-up
 * (solid at 128, opened by ~1% of the frame) drops the whole strip: the car is shown with a bite out of its lower
 * side. Here, per column of the kept car, the run of that half-strength mask straight under the kept body is taken
 * back, solid, when it ends where the photo shows a crisp edge (the sill's lower edge against the ground: a step of
 * tone within a few rows) and the mask ends with it. A dark ground shadow taken for car fades into the lit ground
 * with no such step (and the ground band, which runs after this, still cuts a slow ramp under a bumper); a run
 * reaching the car's lowest rows (the tyres' line) is ground, not a sill, and is left out. A stretch as long as a
 * door's sill is read more loosely than a short one (LONG_STRETCH). A stretch is taken only when it ends well above
 * the line through the tyres' feet (ABOVE_FEET) and is a strip, not a patch (WIDE): without those two the step took
 * the shade under a silver E30's skirt and left its tilted photo 4 degrees crooked (d28b083).
 */
import { solidExtent, type CleanMask } from './mask-cleanup';
import type { CutoutPhoto } from './port';

/** The half-strength mask: soft at least this all down the run. */
const HALF = 48;
/** The run's mean soft at least this: the model leaned to car, not the faint glow round an edge. */
const MEAN = 90;
/** A run longer than this share of the car's height is more than a sill. */
const LONGEST = 0.16;
/** Shorter runs than this many rows are the edge's own fade, kept by the clean-up already. */
const SHORTEST = 4;
/** The run must end at least this share of the car's height above the car's lowest row (the tyres' contacts). */
const ABOVE_GROUND = 0.03;
/** The crisp edge: the tone two rows below and two rows above a row at the run's end differ by this (levels, 0-255). */
const STEP = 30;
/** The edge lies at most this many rows above the run's end, or BELOW_END under it (the 320 px mask, stretched, stops a
 * few rows short of a dark edge over dark ground: 5-9 rows at 1536 px on the Kadjar's sill). */
const NEAR = 4;
const BELOW_END = 8;
/** Taken columns in a stretch narrower than this share of the car's width are dropped (a speck, not a sill). */
const STRETCH = 0.03;
/** A sill's lower edge is a smooth line: in a stretch, at least this share of neighbouring columns' edges lie within
 * EDGE_JUMP rows of each other (the speckle of asphalt in a shadow gives ragged "edges": the BMW iX3 seen head-on). */
const SMOOTH = 0.8;
const EDGE_JUMP = 2;
/** A long stretch (this share of the car's width) may be read more loosely: soft LOOSE_HALF and a mean of LOOSE_MEAN
 * (a skirt with a chrome strip, where the model's mask dips to the 40s under the strip: `0054 beside` of the truth
 * bench). Slivers that loose (along a tyre's foot, a spoiler's lip: the E30 show photo) are never that long. */
const LONG_STRETCH = 0.08;
const LOOSE_HALF = 40;
const LOOSE_MEAN = 75;
/** A taken stretch's lower edge lies at least this share of the car's height above the line through the tyres' feet
 * (the lowest solid point in the car's left and in its right third): the shade under a skirt reaches down to the
 * ground line between the tyres (the silver E30's tilted show photo), a sill ends well above it. */
const ABOVE_FEET = 0.04;
/** A taken stretch is at least this many times as wide as the rows it takes back are tall: a sill is a long strip;
 * a patch as tall as it is wide is a shadow or a tyre's side. */
const WIDE = 3;

export function recoverSill(mask: CleanMask, soft: Uint8Array, photo: CutoutPhoto): CleanMask {
  const { width: w, height: h, box } = mask;
  const carH = box.bottom - box.top;
  const carW = box.right - box.left;
  if (carH <= 0 || carW <= 0) return mask;
  const { rgb } = photo;
  // A pixel's tone: the mean over it and its left and right neighbours, for JPEG's noise.
  const tone = (x: number, y: number) => {
    let sum = 0;
    for (let X = Math.max(0, x - 1); X <= Math.min(w - 1, x + 1); X++) sum += rgb[3 * (y * w + X)]! + rgb[3 * (y * w + X) + 1]! + rgb[3 * (y * w + X) + 2]!;
    return sum / (3 * (Math.min(w - 1, x + 1) - Math.max(0, x - 1) + 1));
  };
  const runs: Array<[number, number] | undefined> = [];
  const loose: Array<[number, number] | undefined> = [];
  for (let x = box.left; x < box.right; x++) {
    let b = -1;
    for (let y = box.bottom - 1; y >= box.top; y--)
      if (mask.alpha[y * w + x]! >= 128) {
        b = y;
        break;
      }
    runs.push(b < 0 ? undefined : sillRun(x, b, HALF, MEAN));
    loose.push(b < 0 ? undefined : sillRun(x, b, LOOSE_HALF, LOOSE_MEAN));
  }
  const feetAt = feetLine(mask);
  const alpha = Uint8Array.from(mask.alpha);
  let added = 0;
  // Only stretches of columns as wide as a piece of sill: a lone column is noise.
  take(runs, Math.max(3, Math.round(carW * STRETCH)));
  take(loose, Math.round(carW * LONG_STRETCH));
  if (!added) return mask;
  const { box: newBox, area } = solidExtent(alpha, w, h);
  return { ...mask, alpha, box: newBox, areaFraction: area / (w * h) };

  /** Takes back the stretches of `runs` at least `minStretch` columns wide whose edges run as a smooth line. */
  function take(runs: Array<[number, number] | undefined>, minStretch: number): void {
    for (let i = 0; i < runs.length; ) {
      if (!runs[i]) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j]) j++;
      let smooth = 0;
      for (let k = i + 1; k < j; k++) if (Math.abs(runs[k]![1] - runs[k - 1]![1]) <= EDGE_JUMP) smooth++;
      let tallest = 0;
      let nearFeet = false;
      for (let k = i; k < j; k++) {
        tallest = Math.max(tallest, runs[k]![1] - runs[k]![0] + 1);
        if (feetAt(box.left + k) - runs[k]![1] < ABOVE_FEET * carH) nearFeet = true;
      }
      if (j - i >= minStretch && smooth >= SMOOTH * (j - i - 1) && !nearFeet && j - i >= WIDE * tallest)
        for (let k = i; k < j; k++) {
          const [from, to] = runs[k]!;
          for (let y = from; y <= to; y++) {
            const p = y * w + box.left + k;
            if (alpha[p]! < 255) (alpha[p] = 255), added++;
          }
        }
      i = j;
  }
  }

  /** The rows under the body's lowest solid row `b` to take back in column `x`, or none. */
  function sillRun(x: number, b: number, half: number, mean: number): [number, number] | undefined {
    let y = b + 1;
    let sum = 0;
    while (y < h && soft[y * w + x]! >= half) (sum += soft[y * w + x]!), y++;
    const end = y - 1;
    const len = end - b;
    if (len < SHORTEST || len > carH * LONGEST || sum / len < mean) return undefined;
    if (end > box.bottom - 1 - carH * ABOVE_GROUND) return undefined;
    // The sill's lower edge: the row of the largest step of tone near the run's end; the run is taken down to it.
    let edge = -1;
    let best = STEP - 1;
    for (let r = Math.max(b + 3, end - NEAR); r <= Math.min(h - 3, end + BELOW_END); r++) {
      const step = Math.abs(tone(x, r + 2) - tone(x, r - 2));
      if (step > best) (best = step), (edge = r);
    }
    if (edge < 0) return undefined;
    // The step spans 4 rows: the sill ends at the last of them whose tone is nearer the sill's than the ground's.
    const above = tone(x, edge - 2), below = tone(x, edge + 2);
    let last = edge - 2;
    for (let y = edge - 1; y <= edge + 1; y++) if (Math.abs(tone(x, y) - above) < Math.abs(tone(x, y) - below)) last = y;
    return last > box.bottom - 1 - carH * ABOVE_GROUND ? undefined : [b + 1, last];
  }
}

/** The line through the tyres' feet: the lowest solid point in the car's left third and in its right third (the row at
 * column x, straight between them). */
function feetLine(mask: CleanMask): (x: number) => number {
  const { alpha, width: w, box } = mask;
  const third = Math.max(1, Math.floor((box.right - box.left) / 3));
  const lowest = (from: number, to: number): [number, number] => {
    let best: [number, number] = [from, box.top];
    for (let x = from; x < to; x++)
      for (let y = box.bottom - 1; y > best[1]; y--)
        if (alpha[y * w + x]! >= 128) {
          best = [x, y];
          break;
        }
    return best;
  };
  const [xl, yl] = lowest(box.left, box.left + third);
  const [xr, yr] = lowest(box.right - third, box.right);
  return (x) => (xr === xl ? Math.max(yl, yr) : yl + ((yr - yl) * (x - xl)) / (xr - xl));
}
