/**
 * The local angle classifier: a few readable rules on the car's silhouette and pixels (angle-features.ts), chosen on
 * the evaluation's tune split (npm run eval:vision says which photos, and how it does on the held-out ones).
 *
 * 1. Narrow and mirror-symmetric: an end view. Tail lights (red at both outer thirds, not in the middle) make it the
 *    rear, else the front. On a red car the lamps do not stand out: front, said to be unsure.
 * 2. Otherwise the nose's direction: the cabin sits behind the middle of a car, so the roof's centre lies towards the
 *    rear; red tail lights at one end, when clear, say so directly. A nose at the image's left shows the left flank.
 * 3. Long and fairly symmetric in outline, with its wheels standing level: a side. Otherwise a corner, of the rear
 *    when the tail end (away from the nose) shows red lamps, else of the front.
 * The confidence is the smallest margin among the rules used, so a photo near any threshold says it is unsure.
 */
import type { Angle } from '@shared/angles';
import type { AngleFeatures } from './angle-features';

export interface AngleGuess {
  angle: Angle;
  confidence: number;
}

/** Maps a margin (how far past its threshold a value is, in the rule's own units) to 0.5..1. */
const sure = (margin: number, scale: number) => Math.min(1, 0.5 + Math.max(0, margin) / scale / 2);

/** Lamp red share at which tail lights count as present (tune split: rears 0.02-0.04, fronts 0-0.01). */
const LAMPS = 0.012;

export function classifyAngle(f: AngleFeatures): AngleGuess {
  const clamp = (c: number) => Math.round(Math.min(0.95, Math.max(0.2, c)) * 100) / 100;

  // 1. End views.
  const endMargin = Math.min(1.55 - f.aspect, f.shapeSymmetry - 0.88);
  if (endMargin > 0) {
    const groupConf = sure(endMargin, 0.1);
    if (f.redBody > 0.25) return { angle: 'front', confidence: clamp(Math.min(groupConf, 0.4)) };
    const lamps = Math.min(f.redLeft, f.redRight);
    const lampMargin = lamps - Math.max(LAMPS, 2 * f.redMiddle);
    if (lampMargin > 0) return { angle: 'rear', confidence: clamp(Math.min(groupConf, sure(lampMargin, 0.01))) };
    return { angle: 'front', confidence: clamp(Math.min(groupConf, sure(-lampMargin, 0.008))) };
  }

  // 2. Which way the nose points.
  const redAtLeft = f.redBody < 0.25 && f.redLeft >= LAMPS && f.redLeft > 3 * f.redRight;
  const redAtRight = f.redBody < 0.25 && f.redRight >= LAMPS && f.redRight > 3 * f.redLeft;
  let noseLeft = f.roofCentre > 0.5;
  let dirConf = sure(Math.abs(f.roofCentre - 0.5), 0.1);
  if (redAtLeft !== redAtRight) {
    // Tail lights seen at one end: that end is the rear.
    const lampsSayLeft = redAtRight;
    dirConf = lampsSayLeft === noseLeft ? Math.max(dirConf, 0.9) : 0.55;
    noseLeft = lampsSayLeft;
  }

  // 3. Side or corner. A side's wheels stand level; a corner's nearer wheels stand lower (tilt).
  const levelMargin = 0.04 - Math.abs(f.tilt);
  const sideMargin = Math.min(Math.max(f.aspect - 2.4, Math.min(f.aspect - 2.15, f.shapeSymmetry - 0.76) * 2), levelMargin);
  const groupConf = sure(Math.abs(sideMargin), 0.15);
  if (sideMargin > 0) return { angle: noseLeft ? 'left_side' : 'right_side', confidence: clamp(Math.min(groupConf, dirConf)) };
  const tail = noseLeft ? f.redRight : f.redLeft;
  const nose = noseLeft ? f.redLeft : f.redRight;
  const rear = f.redBody < 0.25 && tail >= LAMPS && tail > 2 * nose;
  const endConf = f.redBody >= 0.25 ? 0.45 : sure(Math.abs(tail - LAMPS), 0.01);
  const angle: Angle = rear ? (noseLeft ? 'rear_left_corner' : 'rear_right_corner') : noseLeft ? 'front_left_corner' : 'front_right_corner';
  return { angle, confidence: clamp(Math.min(groupConf, dirConf, endConf)) };
}
