/**
 * The local vision adapter: the COCO detector decides whether there is a car, which one is the main one and whether
 * it is whole; the cut-out's silhouette of that car (other cars left out) gives the angle. The studio compositor uses it
 * in both homes (in a Lambda the render tasks get the detector's two model files and TensorFlow.js from the render
 * model layer); the photo-check functions in AWS use the OpenAI adapter instead.
 */
import type { Angle } from '@shared/angles';
import { CAR_CHECK_MESSAGES } from '@shared/messages';
import type { CarAppearance } from '@shared/same-car';
import type { DecodedPhoto } from '../../renderer/photo-validation';
import type { CleanMask } from '../../renderer/cutout/mask-cleanup';
import { cutThroughByFrame, somethingInFrontOf } from '../../renderer/checks/car-checks';
import { classifyAngle } from '../angle-classifier';
import { angleFeatures, type AngleFeatures } from '../angle-features';
import { carAppearance, carShape } from '../car-appearance';
import { checkCars, type CheckResult } from '../car-check';
import { silhouetteTouchesFrame } from '../frame-contact';
import { iou } from '../boxes';
import type { CarRefusal, CarSighting, CarVision, Detection, LookOptions, NormBox } from '../port';
import { PromiseMemo } from '../../lib/promise-memo';
import { CenterNetDetector, DETECTOR_MODEL, detectorSqueeze } from './centernet-detector';
import { mainBoxCover, maskOnMainCar, MIN_CAR_COVER } from './main-car-focus';
import { cropPhoto, squarePhoto } from './photo-crop';
import { removeOtherCars } from './other-cars';
import { removeRoofPieces } from './roof-pieces';
import { LOOK_AGAIN_OUTSIDE, subjectAgainstMain, unseenCloseCar } from './unseen-subject';
import { SUBJECT_DOMINANCE, subjectIsMainCar } from './subject-among-cars';
import { ownBoxBeside } from './wide-main-box';
import { readCarPlate } from '../plate-text/car-plate';

export interface LocalLookOptions extends LookOptions {
  /** The photo's cut-out when the caller has made it already (the local renderer). */
  mask?: CleanMask;
  /**
   * Measure the main car's paint and shape for the same-car comparison (default true). The renderer reads only the
   * verdict, angle and mask: without them its first image is 40-100 ms of this thread's CPU shorter.
   */
  appearance?: boolean;
  /** Read the car's number plate into the appearance (default true; the benchmark measures without it too). */
  plate?: boolean;
}

export interface LocalSighting {
  sighting: CarSighting;
  vehicles: Detection[];
  /** The cut-out with the other cars left out (when an angle was asked for). */
  mask?: CleanMask;
  features?: AngleFeatures;
  detectMs: number;
}

/** What finds the vehicles in a photo (the CenterNet detector; the evaluation wraps it in a cache). */
export interface VehicleDetector {
  warmUp(): Promise<void>;
  detectVehicles(photo: DecodedPhoto): Promise<Detection[]>;
}

/**
 * The detections of the uploads seen last, by the SHA-256 of their bytes. In the local home one process checks each
 * upload as it lands and then prepares the package: the detector (about a quarter of a second a photo) need not look
 * at the same file twice. In AWS the upload check (OpenAI vision) and prepare run apart, and prepare's detector looks
 * itself. Pixels decoded without their file's digest are always looked at.
 */
export class RememberingDetector implements VehicleDetector {
  private readonly seen: PromiseMemo<Detection[]>;

  constructor(
    private readonly detector: VehicleDetector,
    size = 32,
  ) {
    this.seen = new PromiseMemo(size);
  }

  warmUp(): Promise<void> {
    return this.detector.warmUp();
  }

  async detectVehicles(photo: DecodedPhoto): Promise<Detection[]> {
    if (!photo.sourceSha256) return this.detector.detectVehicles(photo);
    const found = await this.seen.get(`${photo.sourceSha256}:${photo.width}x${photo.height}`, () => this.detector.detectVehicles(photo));
    // Copies: a caller may change what it was given.
    return found.map((d) => ({
      ...d,
      box: { ...d.box },
      ...(d.nearby ? { nearby: d.nearby.map((b) => ({ ...b })) } : {}),
      ...(d.look ? { look: [...d.look] } : {}),
      ...(d.people ? { people: d.people.map((p) => ({ ...p, box: { ...p.box } })) } : {}),
    }));
  }

  forget(): void {
    this.seen.clear();
  }
}

/** One detector and its memory per process: the upload checks' LocalVision and the renderer's share it. */
let sharedDetector: RememberingDetector | undefined;
const processDetector = () => (sharedDetector ??= new RememberingDetector(new CenterNetDetector()));

/** Forgets every remembered detection, as a new Lambda container starts with none (tests, benchmarks). */
export const forgetDetections = () => sharedDetector?.forget();

export class LocalVision implements CarVision {
  readonly name = 'local' as const;
  readonly model = `${DETECTOR_MODEL} + cut-out silhouette`;

  /**
   * `cutOut` makes the car's mask when the caller has none (the cut-out port's configured adapter in the local home).
   * The detector runs first, so a photo refused for its car (too small, cut by the frame, several cars) costs no
   * cut-out; one where the detector sees no vehicle at all costs one, for the second look (lookCloser). With
   * `cutOutAlongside` (the cut-out's network has a thread of its own: u2netp-session.ts) the cut-out starts with the
   * detector instead: a refused photo then costs that thread's work but no time, and a car's cut-out is ready sooner.
   */
  constructor(
    private readonly cutOut: (photo: DecodedPhoto) => Promise<CleanMask>,
    private readonly detector: VehicleDetector = processDetector(),
    private readonly options: { cutOutAlongside?: boolean } = {},
  ) {}

  /** Loads the detector now rather than at the first photo. */
  warmUp(): Promise<void> {
    return this.detector.warmUp();
  }

  async look(photo: DecodedPhoto, options: LocalLookOptions = {}): Promise<CarSighting> {
    return (await this.lookClosely(photo, options)).sighting;
  }

  /** The sighting with what it was made from (the renderer keeps the cleaned mask; the evaluation the features). */
  async lookClosely(photo: DecodedPhoto, options: LocalLookOptions = {}): Promise<LocalSighting> {
    const t = performance.now();
    // Alongside: the cut-out's network works on its thread while the detector holds this one.
    const cutting = this.options.cutOutAlongside && options.angle !== false && !options.mask ? this.cutOut(photo) : undefined;
    cutting?.catch(() => undefined); // awaited below unless the check refuses the photo
    let vehicles = await this.detector.detectVehicles(photo);
    let check = checkCars(vehicles);
    // No vehicle seen in the whole photo: a car standing small in a wide street, or seen head-on with another car
    // behind it, can read as too little vehicle evidence. The cut-out's silhouette says where the photo's subject is;
    // the detector looks again at it alone (what it sees there must cover that subject).
    let cut: CleanMask | undefined;
    if (!check.ok && check.reason === 'not_a_car') {
      cut = options.mask ?? (await (cutting ?? this.cutOut(photo)));
      const closer = await lookCloser(this.detector, photo, cut, { square: true });
      if (closer.length > 0) (vehicles = closer), (check = checkCars(closer));
    }
    // Several cars of close size: the cut-out's subject says whether the photo is of the main one (subject-among-cars.ts).
    let subjectCut: CleanMask | undefined;
    if (!check.ok && check.reason === 'several_cars') {
      const lowered = checkCars(vehicles, SUBJECT_DOMINANCE);
      if (lowered.ok && lowered.others[0]) {
        subjectCut = options.mask ?? (await (cutting ?? this.cutOut(photo)));
        if (subjectIsMainCar(subjectCut, lowered.main.box, lowered.others[0].box)) check = lowered;
      }
    }
    const detectMs = performance.now() - t;
    if (!check.ok) return { sighting: check, vehicles, detectMs };
    const refused = (reason: CarRefusal, message: string): LocalSighting => ({ sighting: { ok: false, reason, message, cars: vehicles.length }, vehicles, detectMs });
    if (options.angle === false) return { sighting: { ...sightingBase(check, vehicles.length), angle: null, confidence: 0 }, vehicles, detectMs };
    const lookedCloser = cut !== undefined;
    const made = cut ?? subjectCut ?? options.mask ?? (await (cutting ?? this.cutOut(photo)));
    // The photo's subject (the cut-out) mostly outside the main car's box: the detector may have missed the car the
    // photo is of, taking its neighbour for the main car (unseen-subject.ts). It looks again at the subject alone
    // (unless it just did: no vehicle at all); a close car it still does not see is refused as a car that does not fit.
    const subject = lookedCloser ? undefined : subjectAgainstMain(made, check.main.box);
    if (subject && subject.outside >= LOOK_AGAIN_OUTSIDE) {
      const missed = (await lookCloser(this.detector, photo, made)).filter((d) => vehicles.every((v) => iou(v.box, d.box) < 0.5));
      const again = missed.length > 0 ? checkCars([...missed, ...vehicles]) : undefined;
      if (again && !again.ok) return { sighting: again, vehicles: [...missed, ...vehicles], detectMs };
      if (again?.ok) (vehicles = [...missed, ...vehicles]), (check = again);
      else if (unseenCloseCar(made, subject)) return refused('car_outside_frame', CAR_CHECK_MESSAGES.carOutsideFrame);
    }
    // A main box that took in the car beside it gives way to the detector's box over the main car alone
    // (wide-main-box.ts): the cut-out's split and the card's check then judge the main car's own box.
    const ownBox = ownBoxBeside(check.main.box, check.others.map((o) => o.box), check.main.nearby ?? []);
    if (ownBox) check = { ...check, main: { ...check.main, box: ownBox } };
    const base = sightingBase(check, vehicles.length);
    // A cut-out that found another subject than the main car is made again on the main car alone (main-car-focus.ts);
    // a mask the caller gives (a stored record) was made this way already.
    const { mask: onMain, cover } = options.mask ? { mask: made, cover: mainBoxCover(made, check.main.box) } : await maskOnMainCar(made, this.cutOut, photo, check.main.box);
    // Even on the main car alone the cut-out finds little of it: no outline of the car to sell (main-car-focus.ts).
    if (cover < MIN_CAR_COVER) return refused('not_a_car', CAR_CHECK_MESSAGES.noCar);
    const mask = removeRoofPieces(removeOtherCars(onMain, check.main.box, base.others, { photo, nearby: check.main.nearby }), check.main.box, photo);
    const features = angleFeatures(photo, mask, check.main.box);
    const { angle, confidence } = classifyAngle(features);
    const appearance = options.appearance === false ? undefined : await appearanceOf(photo, check.main, mask, angle, options.plate !== false);
    // Cut by the frame or not, from the car's silhouette rather than the detector's loose box (../frame-contact.ts):
    // the form's check of the shrunk photo and the render's of the upload give the same answer for the same photo.
    const cutByEdge = silhouetteTouchesFrame(mask);
    const framed = cutByEdge === base.cutByEdge ? base : { ...base, cutByEdge, warnings: [...(cutByEdge ? [CAR_CHECK_MESSAGES.cutByEdge] : []), ...base.warnings.filter((w) => w !== CAR_CHECK_MESSAGES.cutByEdge)] };
    // Something between the camera and the car, read from the cut-out as the studio image's card reads it: said before the charge.
    const somethingInFront = somethingInFrontOf(mask, check.main.box, photo);
    const cutThrough = cutThroughByFrame(mask);
    return { sighting: { ...framed, angle, confidence, somethingInFront, cutThrough, ...(appearance !== undefined ? { appearance } : {}) }, vehicles, mask, features, detectMs };
  }
}

/** What a sighting of an accepted photo says before its angle: the cars, the main one's box, the warnings. */
function sightingBase(check: Extract<CheckResult, { ok: true }>, cars: number) {
  const warnings: string[] = [];
  if (check.cutByEdge) warnings.push(CAR_CHECK_MESSAGES.cutByEdge);
  if (check.others.length > 0) warnings.push(CAR_CHECK_MESSAGES.otherCarsRemoved(check.others.length));
  // People over the main car's box: the car check tells whether one stands in front of it.
  const people = check.main.people?.map((p) => p.box);
  return { ok: true as const, cars, main: check.main.box, others: check.others.map((o) => o.box), cutByEdge: check.cutByEdge, ...(people ? { people } : {}), warnings };
}

/** The main car's paint, its silhouette's shape, the detector's look at it and its plate, for the same-car comparison. */
async function appearanceOf(photo: DecodedPhoto, main: Detection, mask: CleanMask, angle: Angle, withPlate: boolean): Promise<CarAppearance | null> {
  const paint = carAppearance(photo, main.box, mask.alpha);
  if (!paint) return paint;
  const shape = carShape(mask, angle);
  const look = main.look;
  const plate = withPlate ? await readCarPlate(photo, mask, angle) : null;
  // With the look, how the detector's square squeezed the photo: looks are compared only at like squeezes.
  const lookSqueeze = Math.round(detectorSqueeze(photo.width, photo.height) * 100) / 100;
  return { ...paint, ...(shape ? { shape } : {}), ...(look ? { look, lookSqueeze } : {}), ...(plate ? { plate } : {}) };
}

/** Margin round the subject's silhouette for the detector's second look, as a share of the silhouette's size. */
export const CLOSER_MARGIN = 0.15;
/** The second look's vehicle must cover the subject: its box and the silhouette's agree at least this much (IoU). */
export const CLOSER_AGREEMENT = 0.5;

/**
 * The detector's second look, at the photo's subject alone: the photo cropped to the cut-out's silhouette and a
 * margin round it, the vehicles found there mapped back to the whole photo. Only vehicles whose box covers the
 * silhouette count (a thing that is not a car, cropped, does not turn into one; a car elsewhere in the crop is not
 * the subject).
 */
export async function lookCloser(detector: VehicleDetector, photo: DecodedPhoto, cut: CleanMask, options: { square?: boolean } = {}): Promise<Detection[]> {
  const { box } = cut;
  if (box.right - box.left < 8 || box.bottom - box.top < 8) return [];
  const sx = photo.width / cut.width;
  const sy = photo.height / cut.height;
  const mx = (box.right - box.left) * CLOSER_MARGIN;
  const my = (box.bottom - box.top) * CLOSER_MARGIN;
  const left = Math.max(0, Math.floor((box.left - mx) * sx));
  const top = Math.max(0, Math.floor((box.top - my) * sy));
  const right = Math.min(photo.width, Math.ceil((box.right + mx) * sx));
  const bottom = Math.min(photo.height, Math.ceil((box.bottom + my) * sy));
  const width = right - left;
  const height = bottom - top;
  // The whole photo already: nothing closer to look at.
  if (width >= photo.width * 0.95 && height >= photo.height * 0.95) return [];
  const crop = cropPhoto(photo, left, top, right, bottom);
  const subject: NormBox = { left: box.left / cut.width, top: box.top / cut.height, right: box.right / cut.width, bottom: box.bottom / cut.height };
  // Boxes found on an image of `w` x `h` pixels whose origin lies at `x`, `y` of the crop, in the whole photo's [0, 1].
  const inPhoto = (found: Detection[], x: number, y: number, w: number, h: number) => {
    const back = (b: NormBox): NormBox => ({ left: (left + x + b.left * w) / photo.width, top: (top + y + b.top * h) / photo.height, right: (left + x + b.right * w) / photo.width, bottom: (top + y + b.bottom * h) / photo.height });
    // No look: the neck read on a crop sees the car at another scale than on a whole photo, and one car's looks from
    // the two are further apart than two cars' (docs/benchmarks/same-car.md, "Same car": a second pass on the car's box); the
    // same-car comparison then uses its paint and shape, as for a photo the cloud check looked at.
    return found
      .map(({ look: _, ...d }) => ({ ...d, box: back(d.box), ...(d.nearby ? { nearby: d.nearby.map(back) } : {}), ...(d.people ? { people: d.people.map((p) => ({ ...p, box: back(p.box) })) } : {}) }))
      .filter((d) => iou(d.box, subject) >= CLOSER_AGREEMENT);
  };
  const seen = inPhoto(await detector.detectVehicles(crop), 0, 0, width, height);
  if (!options.square || seen.length > 0 || Math.abs(width - height) < 0.05 * Math.max(width, height)) return seen;
  // `square` (no vehicle seen in the whole photo): the crop squeezed into the detector's square can hide a car it shows
  // at its own proportions (the truth bench's `0000 behind`: a head-on Kadjar with a car behind its roof, 0.53 on a
  // square, nothing squeezed): one more look, on the crop centred on a grey square. Its boxes must cover the subject as
  // above, with SQUARE_LOOK_SCORE: a third look is a third chance for a thing that is not a car. Not for a subject
  // beside the main car (below): there a car the crop does not show is a close car cut by the frame (unseenCloseCar).
  const square = squarePhoto(crop);
  const onSquare = (await detector.detectVehicles(square.photo)).filter((d) => d.score >= SQUARE_LOOK_SCORE);
  return inPhoto(onSquare, -square.left, -square.top, square.side, square.side);
}

/**
 * Evidence a vehicle needs on the square look (twice the detector's MIN_VEHICLE_SCORE). On the 1,000 ImageNet sample
 * photos (one a class) the square look took in a salamander at 0.49, a carton at 0.36 and a radiator at 0.28 at the
 * detector's own bar; at this one, no photo that is not a vehicle (docs/benchmarks/car-check.md, "A car seen only on a square").
 */
export const SQUARE_LOOK_SCORE = 0.5;
