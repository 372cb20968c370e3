/**
 * The local angle classifier, in two steps on the car's silhouette and pixels (angle-features.ts):
 *
 * 1. Which way the nose points (a readable rule): the cabin sits behind the middle of a car, so the roof's centre lies
 *    towards the rear; red tail lights at one end, when clear, say so directly. A nose at the image's left shows the
 *    car's left flank.
 * 2. What view it is (front, rear, side, front corner, rear corner): a small multinomial logistic regression on the
 *    features turned so that "nose end" and "tail end" replace left and right (so a photo and its mirror image give the
 *    same answer). Its weights (angle-model.ts) are fitted by `npm run eval:vision -- --train` on the evaluation's tune
 *    split only. On a red car, whose lamps do not stand out, an end view's front or rear is told by the grille band's
 *    darkness or a pair of white headlamps instead; on any other car, a lamp pair at both ends says rear (also where the
 *    model read a front corner), red across an end's middle is paint, whose lamps then count as unknown, and an end
 *    whose lamps stop short of one edge shows its flank there: a rear corner.
 *
 * The confidence is the model's probability for the view, capped by how sure the nose's direction is for the views
 * where the direction matters.
 */
import type { Angle } from '@shared/angles';
import type { AngleFeatures } from './angle-features';
import { ANGLE_MODEL } from './angle-model';

export interface AngleGuess {
  angle: Angle;
  confidence: number;
}

export const VIEWS = ['front', 'rear', 'side', 'front_corner', 'rear_corner'] as const;
export type View = (typeof VIEWS)[number];

export interface ViewModel {
  features: readonly string[];
  mean: readonly number[];
  std: readonly number[];
  /** One row per view of VIEWS, one weight per feature. */
  weights: readonly (readonly number[])[];
  bias: readonly number[];
  /** How it was fitted (for the record). */
  fittedOn: string;
}

/** Maps a margin (how far past its threshold a value is, in the rule's own units) to 0.5..1. */
const sure = (margin: number, scale: number) => Math.min(1, 0.5 + Math.max(0, margin) / scale / 2);

/** Lamp red share at which tail lights count as present (rears 0.02-0.04, fronts 0-0.01). */
const LAMPS = 0.012;

/** Share of red over the whole car from which it is a red car (its lamps cannot be told from its paint). */
const RED_CAR = 0.25;

/**
 * Share of dark pixels over the whole car from which it is a dark car: its paint is as dark as glass, grille and
 * tyres, so where the dark pixels sit says nothing about which end shows. Those features are then unknown (NaN),
 * which the model reads as the average photo's.
 */
export const DARK_CAR = 0.65;

/**
 * On a red car, the share of dark pixels in the grille band (angle-features.ts, darkGrille) from which an end view is
 * its front: fronts 0.37-0.61 and rears 0.09-0.24 on the tune split (the Changan and the BMW iX3); halfway.
 */
const GRILLE = 0.31;

/**
 * A tail lamp pair: red at both outer thirds (lampThirds, a dim lamp's dark red counted), this share at least in each
 * (rears misread as fronts on the tune split of the parking-lot photos 0.023-0.029, fronts at most 0.009) ...
 */
const LAMP_PAIR = 0.015;
/**
 * ... and the middle third (plate, badge, tailgate) nearly bare: under this part of the lesser end's (those rears 0.02
 * to 0.10). A brown paint is red-hued too and leaves some in the middle: the Toyota turntable's brown front, 0.01
 * against 0.03 at its ends, was named a rear with a third.
 */
const LAMP_PAIR_MIDDLE = 1 / 5;

/** A pair at the face's ends: at least `least` in each outer third, and the middle third under `middle` of the lesser end's. */
function pairAtEnds([left, centre, right]: readonly [number, number, number], least: number, middle: number): boolean {
  const ends = Math.min(left, right);
  return ends >= least && centre <= middle * ends;
}

/**
 * Red lamps at both ends and not between them: a rear or a rear corner (a front shows none, a side one at most). The
 * middle is read under the roof band: a third brake light at the roof is a rear's too (a white hatchback's, red in the
 * middle third, left its rear named a front).
 */
function tailLampPair(f: AngleFeatures): boolean {
  const [left, , right] = f.lampThirds;
  return f.redBody < RED_CAR && pairAtEnds([left, f.lampMiddleLow, right], LAMP_PAIR, LAMP_PAIR_MIDDLE);
}

/**
 * Two white headlamps at the ends of a red car's face: near-white pixels (brightThirds) in both outer thirds, this
 * share at least, and the middle third (grille, plate) under a third of that. A red car's rear keeps its white (plate,
 * reversing lamps) in the middle, and its lamps are red.
 */
const HEADLAMPS = 0.03;

/**
 * Near-white share (brightThirds) under which no third of a red car's face shows a headlamp: a front told by its dark
 * grille band alone is then a guess, "not sure" (a red hatchback's rear, its black bumper in the band and no white at
 * all, was named a front at 0.94; the tune split's red front without white 0.004 at most).
 */
const NO_HEADLAMP = 0.01;

function headlampPair(f: AngleFeatures): boolean {
  return pairAtEnds(f.brightThirds, HEADLAMPS, 1 / 3);
}

/**
 * Red-hued share in the middle third (lampThirds) from which, when the middle is at least as red as the lesser end, the
 * red is the paint's and not lamps': a rear's lamps sit at its ends, its middle shows plate, badge and tailgate (tune
 * rears whose middle reaches the lesser end's: 0.05-0.06). A red or maroon front under the red-car share (a dark red,
 * a bonnet in shade) was read as a rear by its "lamps": the tune split's red fronts 0.22 and 0.32 in the middle, 0.10
 * to 0.28 at their ends.
 */
const PAINT_MIDDLE = 0.1;

function redInTheMiddle(f: AngleFeatures): boolean {
  const [left, centre, right] = f.lampThirds;
  return centre >= PAINT_MIDDLE && centre >= Math.min(left, right);
}

/**
 * Red-hued share (lampThirds) under which no third of the face shows a tail lamp: a rear shows its red lamps, dim or
 * lit (tail lamps are red by law; the tune split's rears named rear reach at least 0.02 in some third), while fronts
 * without any red reach 0.008 at most. The parking-lot photos' white fronts named rear or rear corner had none at all.
 */
const NO_LAMPS = 0.01;

/** No red anywhere across the face (on a car whose paint is not red): the end that shows is no rear. */
function noTailLamps(f: AngleFeatures): boolean {
  return f.redBody < RED_CAR && Math.max(...f.lampThirds) < NO_LAMPS;
}

/**
 * Mirror agreement of the look (lookSymmetry) from which a corner the model read is an end view: the parking-lot
 * photos' corners of the tune split reach 0.61 where read as corners, eval:vision's 0.48; the ends read as corners
 * there 0.62 to 0.74.
 */
const END_LOOK = 0.62;

/**
 * Width over height under which a silhouette is no side view: a car's side is at least 1.7 times as long as it is tall
 * (a Smart ForTwo, the shortest; most cars 2.3 to 3), and eval:vision's and the Kadjar's sides measure 2.1 and over.
 * The parking-lot photos' ends and corners the model read as sides measure 0.4 to 1.4 (one rear, at 1.85, stays a side).
 */
const SIDE_ASPECT = 1.6;

/**
 * Share of the silhouette's width beyond the red lamps at one side from which an end the model read is a rear corner:
 * the flank seen beside the end. A rear's lamps reach both of its outer edges (the parking-lot photos' tune rears
 * named rear leave at most 0.24 at either side, a lamp set in from a wide bumper), a rear corner's far lamp stops where
 * its flank begins (the tune corners named rear 0.1 to 0.37). Not 0.25: eval:vision's Changan turned 15 degrees from
 * its rear, a rear by the nearest of the eight angles, leaves 0.27 (and 0.50 at 30 degrees).
 */
const FLANK_BESIDE_LAMPS = 0.28;
/** ... while the near lamp, at the corner itself, reaches the silhouette's other edge (within this share) ... */
const NEAR_LAMP_EDGE = 0.1;
/**
 * ... and the red spans the end, both lamps, over at least this share of the width (the tune corners 0.55 to 0.73): one
 * lamp alone at an edge is no end (a front corner shows its far tail lamp there).
 */
const LAMPS_ACROSS_END = 0.5;

/** The flank beside a rear's lamps: null when the lamps span the end, else whether it shows at the image's left. */
export function flankBesideLamps(f: AngleFeatures): { atLeft: boolean } | null {
  const [from, to] = f.lampSpan;
  const [left, right] = [from, 1 - to];
  if (f.redBody >= RED_CAR || to - from < LAMPS_ACROSS_END) return null;
  if (Math.max(left, right) < FLANK_BESIDE_LAMPS || Math.min(left, right) > NEAR_LAMP_EDGE) return null;
  return { atLeft: left > right };
}

/** Step 1: does the nose point to the image's left, and how sure is that. */
export function noseDirection(f: AngleFeatures): { noseLeft: boolean; confidence: number } {
  const redAtLeft = f.redBody < RED_CAR && f.redLeft >= LAMPS && f.redLeft > 3 * f.redRight;
  const redAtRight = f.redBody < RED_CAR && f.redRight >= LAMPS && f.redRight > 3 * f.redLeft;
  let noseLeft = f.roofCentre > 0.5;
  let confidence = sure(Math.abs(f.roofCentre - 0.5), 0.1);
  if (redAtLeft !== redAtRight) {
    // Tail lights seen at one end: that end is the rear.
    const lampsSayLeft = redAtRight;
    confidence = lampsSayLeft === noseLeft ? Math.max(confidence, 0.9) : 0.55;
    noseLeft = lampsSayLeft;
  }
  return { noseLeft, confidence };
}

/** The features for step 2, named, with left and right turned into nose end and tail end. */
export function viewFeatures(f: AngleFeatures, noseLeft: boolean, lampsUnreadable = false): Record<string, number> {
  const [n, t]: [0 | 2, 0 | 2] = noseLeft ? [0, 2] : [2, 0];
  // On a red car the lamps do not stand out from the paint: its red says nothing about which end shows. Unknown (NaN,
  // the average photo's) rather than zero: zero reads as "no tail lamps seen", which says front (a red rear was named
  // a front).
  const lampsReadable = f.redBody < RED_CAR && !lampsUnreadable;
  const red = lampsReadable ? [f.redLeft, f.redMiddle, f.redRight] : [Number.NaN, Number.NaN, Number.NaN];
  const dark = (v: number) => (f.darkBody < DARK_CAR ? v : Number.NaN);
  return {
    aspect: f.aspect,
    shapeSymmetry: f.shapeSymmetry,
    lookSymmetry: f.lookSymmetry,
    redBody: lampsReadable ? f.redBody : Number.NaN,
    redNose: red[n]!,
    redMiddle: red[1]!,
    redTail: red[t]!,
    darkTop: dark(f.darkTop),
    darkBottom: dark(f.darkBottom),
    darkTopNose: dark(f.darkTopThirds[n]),
    darkTopTail: dark(f.darkTopThirds[t]),
    darkBottomNose: dark(f.darkBottomThirds[n]),
    darkBottomMiddle: dark(f.darkBottomThirds[1]),
    darkBottomTail: dark(f.darkBottomThirds[t]),
    brightNose: f.brightThirds[n],
    brightMiddle: f.brightThirds[1],
    brightTail: f.brightThirds[t],
    tiltAbs: Math.abs(f.tilt),
    /** Positive when the nose end stands lower (nearer the camera). */
    tiltNose: noseLeft ? f.tilt : -f.tilt,
    heightNose: noseLeft ? f.heightLeft : f.heightRight,
    heightTail: noseLeft ? f.heightRight : f.heightLeft,
    /** Where the lowest point lies, 0 at the nose end, 1 at the tail end. */
    lowestFromNose: noseLeft ? f.lowestAt : 1 - f.lowestAt,
    roofOffCentre: Math.abs(f.roofCentre - 0.5),
    liftMiddle: f.liftMiddle,
    liftNose: noseLeft ? f.liftLeft : f.liftRight,
    liftTail: noseLeft ? f.liftRight : f.liftLeft,
  };
}

/** Step 2: the probability of each view. An unknown feature (NaN) counts as the average photo's. */
export function viewProbabilities(x: Record<string, number>, model: ViewModel = ANGLE_MODEL): number[] {
  const z = model.features.map((name, i) => (Number.isNaN(x[name]!) ? 0 : (x[name]! - model.mean[i]!) / model.std[i]!));
  const logits = model.weights.map((row, k) => row.reduce((s, w, i) => s + w * z[i]!, model.bias[k]!));
  const top = Math.max(...logits);
  const e = logits.map((l) => Math.exp(l - top));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

const ANGLE_OF: Record<View, (noseLeft: boolean) => Angle> = {
  front: () => 'front',
  rear: () => 'rear',
  side: (l) => (l ? 'left_side' : 'right_side'),
  front_corner: (l) => (l ? 'front_left_corner' : 'front_right_corner'),
  rear_corner: (l) => (l ? 'rear_left_corner' : 'rear_right_corner'),
};

/**
 * Red-hued share (lampThirds) from which every third of the face of a car under the red-car share is red: a dark red or
 * maroon paint, or a tailgate lit red by its brake lights. Its lamps cannot be told from the rest, and the end it is
 * named stays a guess (the parking-lot photos' tune split: a maroon SUV's front named a rear at 0.95; its rears like
 * that 0.10-0.75 at each end, as red as the fronts).
 */
const RED_EVERYWHERE = 0.1;
/**
 * ... and the middle third nearly as red as the lesser end (this part of it at least): red that thins out between the
 * ends still says lamps at the ends (the tune rears red all across: middle 0.5 to 0.92 of the lesser end, that front
 * 0.93).
 */
const EVEN_RED = 0.75;

/** Where the end named is a guess between front and rear: under LOW_CONFIDENCE, at which the form says "not sure". */
const UNSURE_END = 0.5;

function redAcrossTheFace(f: AngleFeatures): boolean {
  const [left, centre, right] = f.lampThirds;
  return f.redBody < RED_CAR && Math.min(left, centre, right) >= RED_EVERYWHERE && centre >= EVEN_RED * Math.min(left, right);
}

export function classifyAngle(f: AngleFeatures, model: ViewModel = ANGLE_MODEL): AngleGuess {
  const guess = classifyEnds(f, model);
  // A face red all across: which end it shows is not read from its lamps, so the form asks the dealer rather than
  // risking the wrong end on the Front View card.
  if (guess.angle.includes('_side') || !redAcrossTheFace(f)) return guess;
  return { angle: guess.angle, confidence: Math.min(guess.confidence, UNSURE_END) };
}

function classifyEnds(f: AngleFeatures, model: ViewModel): AngleGuess {
  const clamp = (c: number) => Math.round(Math.min(0.95, Math.max(0.2, c)) * 100) / 100;
  const direction = noseDirection(f);
  const p = viewProbabilities(viewFeatures(f, direction.noseLeft), model);
  let best = p.indexOf(Math.max(...p));
  // Too short for a side (a front's wide bumper under a narrow cabin, or a rear, was read as one): the likeliest other view.
  if (VIEWS[best] === 'side' && f.aspect < SIDE_ASPECT) best = p.indexOf(Math.max(...p.filter((_, i) => VIEWS[i] !== 'side')));
  // A corner shows one flank beside its end, so its look is not its own mirror image; a look this symmetric is an end
  // seen head-on whose outline the model misread (a black VW's windscreen cut at one top corner by the photographer's
  // own car put its roof line off centre, which reads as a corner). The model's likelier end then.
  if ((VIEWS[best] === 'front_corner' || VIEWS[best] === 'rear_corner') && f.lookSymmetry >= END_LOOK)
    best = p[VIEWS.indexOf('front')]! >= p[VIEWS.indexOf('rear')]! ? VIEWS.indexOf('front') : VIEWS.indexOf('rear');
  const view = VIEWS[best]!;
  const endView = view === 'front' || view === 'rear';
  const endConfidence = clamp(p[VIEWS.indexOf('front')]! + p[VIEWS.indexOf('rear')]!);
  // A red car's end: the model tells front from rear mostly by the tail lamps, unreadable in a red paint; the grille's
  // dark band or two white headlamps say it instead (a red rear was named a front, a red front filling the photo, its
  // grille a thin band under a large bonnet, a rear). As sure as the model is that an end shows.
  // Where the band alone says front and no white shows anywhere, the end is a guess: not sure.
  if (endView && f.redBody >= RED_CAR && f.darkBody < DARK_CAR) {
    const headlamps = headlampPair(f);
    const front = f.darkGrille >= GRILLE || headlamps;
    const unseen = front && !headlamps && Math.max(...f.brightThirds) < NO_HEADLAMP;
    return { angle: front ? 'front' : 'rear', confidence: unseen ? Math.min(endConfidence, UNSURE_END) : endConfidence };
  }
  // Tail lamps at both ends are a rear's, where the model read a front or a side (a silver rear's dark rear window over
  // a light tailgate, its lamps dim in a car park, was named a front; a side shows one end's lamp at most). A rear
  // corner is left to the model: it shows both lamps too.
  if ((view === 'front' || view === 'side') && tailLampPair(f)) return { angle: 'rear', confidence: endConfidence };
  // A front corner shows its headlamp at the near end and at most one tail lamp at the far end: a lamp at each end is a
  // tail seen near (a dark pickup's rear, turned a little, was named a front corner). The model's likelier of rear and
  // rear corner; the rear corner with the ends swapped (a front left corner's outline is a rear right corner's). As
  // sure as the model is of a rear end, which is little: it read a front.
  if (view === 'front_corner' && tailLampPair(f)) {
    const [rear, rearCorner] = [p[VIEWS.indexOf('rear')]!, p[VIEWS.indexOf('rear_corner')]!];
    return { angle: rear >= rearCorner ? 'rear' : ANGLE_OF.rear_corner(!direction.noseLeft), confidence: clamp(rear + rearCorner) };
  }
  // No red at all where the model read a rear end: a front (a white hatchback's face, its headlamps clear, was named a
  // rear). The rear corner's outline is the front corner's with the ends swapped, as above. As sure as the model is of a
  // front end, which is little: it read a rear.
  if ((view === 'rear' || view === 'rear_corner') && noTailLamps(f)) {
    const [front, frontCorner] = [p[VIEWS.indexOf('front')]!, p[VIEWS.indexOf('front_corner')]!];
    const angle = view === 'rear' ? 'front' : ANGLE_OF.front_corner(!direction.noseLeft);
    return { angle, confidence: clamp(front + frontCorner) };
  }
  // An end whose middle is as red as its ends: the red is paint, not lamps (a maroon front under the red-car share was
  // named a rear); the model's end again with the lamp features unknown, as on a red car.
  if (endView && f.redBody < RED_CAR && redInTheMiddle(f)) {
    const q = viewProbabilities(viewFeatures(f, direction.noseLeft, true), model);
    return { angle: q[VIEWS.indexOf('front')]! >= q[VIEWS.indexOf('rear')]! ? 'front' : 'rear', confidence: endConfidence };
  }
  // An end whose red lamps stop well short of one edge of the silhouette shows its flank there: a rear corner (silver
  // saloons turned a quarter from behind, their wheels and doors beside the boot, were named rears, two dark ones
  // fronts). The flank runs to the nose, so the nose points to that side. As sure as the model is of a rear end.
  const flank = endView ? flankBesideLamps(f) : null;
  if (flank) return { angle: ANGLE_OF.rear_corner(flank.atLeft), confidence: clamp(p[VIEWS.indexOf('rear')]! + p[VIEWS.indexOf('rear_corner')]!) };
  return { angle: ANGLE_OF[view](direction.noseLeft), confidence: clamp(endView ? p[best]! : Math.min(p[best]!, direction.confidence)) };
}
