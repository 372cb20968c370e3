/**
 * The car check on the detector's vehicles: no car, a car too small or mostly outside the frame is refused; with
 * several cars the main one (largest, most complete, most central, most certain) is kept when it clearly dominates,
 * else the photo is refused asking for one car per photo. A main car touching a frame edge gets a warning.
 */
import { CAR_CHECK_MESSAGES } from '@shared/messages';
import type { CarRefusal, Detection, NormBox } from './port';
import { boxArea } from './boxes';

/** A box within this of a frame edge touches it (fractions of the frame). */
const EDGE = 0.012;
/** The main car must cover at least this much of the frame. */
export const MIN_CAR_AREA = 0.04;
/** The main car's prominence must be this many times the runner-up's. */
export const DOMINANCE = 1.8;

export function edgesTouched(b: NormBox): { left: boolean; top: boolean; right: boolean; bottom: boolean; count: number } {
  const e = { left: b.left <= EDGE, top: b.top <= EDGE, right: b.right >= 1 - EDGE, bottom: b.bottom >= 1 - EDGE };
  return { ...e, count: Number(e.left) + Number(e.top) + Number(e.right) + Number(e.bottom) };
}

/** How much a vehicle looks like the photo's subject: size, wholeness, closeness to the centre, certainty. */
export function prominence(d: Detection): number {
  const cx = (d.box.left + d.box.right) / 2;
  const cy = (d.box.top + d.box.bottom) / 2;
  const offCentre = Math.min(1, Math.hypot(cx - 0.5, (cy - 0.5) * 0.7) / 0.6);
  const cut = edgesTouched(d.box).count;
  return boxArea(d.box) * (1 - 0.6 * offCentre) * (cut === 0 ? 1 : cut === 1 ? 0.7 : 0.45) * Math.min(1, d.score / 0.5);
}

export type CheckResult =
  | { ok: true; main: Detection; others: Detection[]; cutByEdge: boolean }
  | { ok: false; reason: CarRefusal; message: string; cars: number };

/** `dominance`: how many times the runner-up's prominence the main car needs (lower only where the photo's subject settles it). */
export function checkCars(vehicles: Detection[], dominance = DOMINANCE): CheckResult {
  const refuse = (reason: CarRefusal, message: string): CheckResult => ({ ok: false, reason, message, cars: vehicles.length });
  if (vehicles.length === 0) return refuse('not_a_car', CAR_CHECK_MESSAGES.noCar);
  const ranked = vehicles.flatMap(twoSideBySide).sort((a, b) => prominence(b) - prominence(a));
  const main = ranked[0]!;
  const edges = edgesTouched(main.box);
  // Three edges, a car running from one edge to the opposite one, or a car filling the frame while cut by two edges
  // means the photo holds only part of the car. A whole car cropped tightly (one edge touched, as dealers often frame
  // it) is not refused.
  const { left, top, right, bottom } = main.box;
  const spans = (right - left >= 0.98 && edges.left && edges.right) || (bottom - top >= 0.98 && edges.top && edges.bottom);
  if (edges.count >= 3 || spans || (boxArea(main.box) > 0.92 && edges.count >= 2)) {
    return refuse('car_outside_frame', CAR_CHECK_MESSAGES.carOutsideFrame);
  }
  if (boxArea(main.box) < MIN_CAR_AREA) {
    // A small car beside a large cut-off one is still a close-up of the large one.
    return refuse('car_too_small', CAR_CHECK_MESSAGES.carTooSmall);
  }
  const runnerUp = ranked[1];
  if (runnerUp && prominence(main) < dominance * prominence(runnerUp)) return refuse('several_cars', CAR_CHECK_MESSAGES.severalCars);
  return { ok: true, main, others: ranked.slice(1), cutByEdge: edges.count > 0 };
}

/**
 * One box round two cars side by side (the detector took a car and its neighbour, its front overlapping the main car's,
 * as one vehicle) shows in its weaker boxes: one over each car, each at one end of the box, neither reaching the
 * other's middle. The vehicle is then those two cars, each with the box's evidence, and the car check picks the main
 * one as between any two cars (larger, more central, less cut by the frame).
 */
export function twoSideBySide(d: Detection): Detection[] {
  const { box: m, nearby = [] } = d;
  // Only a box that could be the main car's (a small car far off is left as it is).
  if (boxArea(m) < MIN_CAR_AREA) return [d];
  const mw = m.right - m.left;
  const mh = m.bottom - m.top;
  const tall = (b: NormBox) => b.bottom - b.top >= PAIR.height * mh;
  const atLeft = nearby.filter((b) => tall(b) && Math.abs(b.left - m.left) <= PAIR.end * mw);
  const atRight = nearby.filter((b) => tall(b) && Math.abs(b.right - m.right) <= PAIR.end * mw);
  for (const l of atLeft)
    for (const r of atRight) {
      const lw = l.right - l.left;
      const rw = r.right - r.left;
      // Each short of the whole box, and overlapping by less than most of the narrower one.
      if (lw > PAIR.width * mw || rw > PAIR.width * mw) continue;
      if (l.right - r.left > PAIR.overlap * Math.min(lw, rw)) continue;
      // Two cars that make the box fill most of it between them; slivers at its ends are neighbours peeking in at
      // the frame's edges beside a car that fills the photo (a VW Gol from behind refused as "several cars").
      if (lw + rw < PAIR.cover * mw) continue;
      const { nearby: _, ...rest } = d;
      return [
        { ...rest, box: l },
        { ...rest, box: r },
      ];
    }
  return [d];
}

/**
 * twoSideBySide's reading of the weak boxes (shares of the whole box): how near an end, how narrow, how tall, and how
 * much of the box the two cover together (two cars side by side 1.1 or more; neighbours' slivers on lot photos 0.14 to 0.46).
 */
export const PAIR = { end: 0.1, width: 0.9, height: 0.6, overlap: 0.6, cover: 0.7 };
