/**
 * The offline renderer: validate, check for a car, cut out once per photo (the cut-out port:
 * u2netp by default, ISNet opt-in with CUTOUT_MODEL=isnet), compose each angle.
 * The studio compositor of both homes: the render task Lambdas load it through renderer/compositor-modules.ts (the
 * u2netp model and the runtimes from the render model layer); ISNet, AGPL-3.0, stays a local-home opt-in.
 */
import sharp from 'sharp';
import { ANGLE_LABELS, ANGLES, type Angle } from '@shared/angles';
import { BACKGROUND_LABELS, type Background } from '@shared/backgrounds';
import { decodePhoto, type DecodedPhoto } from '../photo-validation';
import {
  FULL_SIZE,
  PhotoRejectedError,
  RenderPermanentError,
  RetakeSuggestedError,
  WEB_SIZE,
  type PackageRequest,
  type PackageResult,
  type PreparedPhotoInfo,
  type RenderMetadata,
  type RenderRequest,
  type RenderedImage,
  type Renderer,
  type SceneChoice,
  type SourcePhoto,
} from '../port';
import { composeCar, type Composed } from './compositor';
import { levelCar } from './levelling';
import { sceneBackdrop, scenesConfigured } from '../scenes/scene-backdrop';
import { STAGE } from '../scenes/rendered-studio';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { createCutout } from '../cutout/create-cutout';
import { u2netpThreadWanted } from '../cutout/u2netp-session';
import { planAngle, type MirrorFill } from '../angle-planner';
import { blurTextOnCar } from '../text/blur-text';
import { treatPlates } from '../text/plates';
import { PLATE_ANGLES, PLATE_MESSAGES, plateWarnings, type PlateTreatment } from '@shared/plates';
import { MIRROR_TEXT_BLURRED } from '@shared/angles';
import { forgetDetections, LocalVision } from '../../vision/local/local-vision';
import type { CleanMask } from '../cutout/mask-cleanup';
import { measureShape, type MaskShape } from './mask-shape';
import { checkCar } from '../checks/car-checks';
import type { NormBox } from '../../vision/port';
import { fidelityMetadata, measureCarFidelity } from '../fidelity/car-fidelity';
import { disclosureXmp } from '../../content-credentials/disclosure';
import { decodeCutoutRecord, encodeCutoutRecord } from './cutout-record';
import { sha256 } from '../../lib/ids';
import { PromiseMemo } from '../../lib/promise-memo';

/** The configured cut-out (CUTOUT_MODEL: u2netp by default, isnet opt-in); exported so tests can count its calls. */
export const cutout = createCutout();
export const LOCAL_MODEL = `${cutout.name === 'isnet' ? 'isnet-medium' : 'u2netp'} (onnxruntime-node) + rendered studio${scenesConfigured() ? ' + photographic scenes' : ''}`;

export interface PreparedPhoto {
  source: SourcePhoto;
  photo: DecodedPhoto;
  mask: CleanMask;
  shape: MaskShape;
  angle: Angle;
  classified: boolean;
  validateMs: number;
  cutoutMs: number;
  /** The recognised angle's confidence (0..1), whether or not the dealer tagged one. */
  angleConfidence: number;
  /** The car check's warnings (cut by the frame edge, other cars left out), carried onto every image of the photo. */
  carWarnings: string[];
  /** The detector's box of the main car, and whether it touches the frame: what the rendered car is checked against. */
  main?: NormBox;
  cutByEdge: boolean;
  /** The detector's people over the main car's box (the check tells whether one stands in front of it). */
  people?: NormBox[];
}

/** The heavy part of a prepared photo: decoded pixels and the cleaned cut-out, the same for the same bytes. */
interface CutOutPhoto {
  photo: DecodedPhoto;
  mask: CleanMask;
  shape: MaskShape;
  validateMs: number;
  cutoutMs: number;
  recognised: Angle;
  angleConfidence: number;
  carWarnings: string[];
  main?: NormBox;
  cutByEdge: boolean;
  people?: NormBox[];
}

/**
 * The car check and angle (vision/): the detector first, so a photo refused for its car costs no cut-out (one where
 * the detector sees no vehicle costs one, for the second look); where u2netp has a thread of its own, its cut-out
 * starts alongside the detector.
 */
const vision = new LocalVision((photo) => cutout.cutOut(photo), undefined, { cutOutAlongside: cutout.name === 'u2netp' && u2netpThreadWanted() });

/**
 * Cut-outs by the photo's content hash. The render workflow prepares a package (every photo cut out once to check
 * it and find its angle), then renders each angle in its own task; in the local home those tasks run in this
 * process, so they find the cut-out here instead of running ISNet again (2-3 s a photo). Bounded: about 6 MB a
 * photo at working size.
 */
const CUTOUT_CACHE_SIZE = 16;
const cutOuts = new PromiseMemo<CutOutPhoto>(CUTOUT_CACHE_SIZE);

const contentKey = (source: SourcePhoto) => sha256(source.bytes);

/** A photo decoded once by its caller (the byte check before any model), with the time that took. */
interface Decoded {
  photo: DecodedPhoto;
  ms: number;
}

async function decodeTimed(source: SourcePhoto, key: string): Promise<Decoded> {
  const t = performance.now();
  const photo = await decodePhoto(source.bytes, source.id, key);
  return { photo, ms: performance.now() - t };
}

/** `key`: the photo's contentKey. A refused or failed photo is not kept. */
function cutOutOnce(source: SourcePhoto, key: string, decoded?: Decoded): Promise<CutOutPhoto> {
  return cutOuts.get(key, async () => {
    // A photo its caller decoded already is not decoded again (a 20 MP JPEG takes a few hundred ms).
    const { photo, ms: validateMs } = decoded ?? (await decodeTimed(source, key));
    const t = performance.now();
    // Prepare's stored cut-out of these very bytes and this model: the car check and the model need not run again.
    const stored = await decodeCutoutRecord(source.cutout, key, cutout.name, photo);
    if (stored) {
      const { mask, angle, confidence, warnings, main, cutByEdge, people } = stored;
      return { photo, mask, shape: measureShape(mask), validateMs, cutoutMs: performance.now() - t, recognised: angle, angleConfidence: confidence, carWarnings: warnings, main, cutByEdge, people };
    }
    // No paint or shape for the same-car comparison: nothing the renderer keeps reads them.
    const look = await vision.lookClosely(photo, { appearance: false });
    const { sighting } = look;
    if (!sighting.ok) throw new PhotoRejectedError(sighting.reason, sighting.message, source.id);
    const mask = look.mask!;
    const shape = measureShape(mask);
    return {
      photo,
      mask,
      shape,
      validateMs,
      cutoutMs: performance.now() - t,
      recognised: sighting.angle!,
      angleConfidence: sighting.confidence,
      carWarnings: sighting.warnings,
      main: sighting.main,
      cutByEdge: sighting.cutByEdge,
      people: sighting.people,
    };
  });
}

/** Empties the in-process cut-out cache and the detector's memory, as a fresh render task's container starts (tests). */
export function forgetCutOuts(): void {
  cutOuts.clear();
  forgetDetections();
}

function preparePhoto(source: SourcePhoto, cut: CutOutPhoto): PreparedPhoto {
  const { recognised, ...rest } = cut;
  return { source, ...rest, angle: source.angle ?? recognised, classified: !source.angle };
}

/** Validates every photo first (cheap, no model), then cuts each out once. */
export async function preparePhotos(sources: SourcePhoto[]): Promise<PreparedPhoto[]> {
  if (sources.length === 0) throw new RenderPermanentError('No photos were given.');
  // Bytes first, for every photo: a damaged photo is refused before any model runs. The decoded pixels go on to the
  // cut-out, so no photo is decoded twice.
  const keys = sources.map(contentKey);
  const decoded = new Map<number, Decoded>();
  for (const [i, source] of sources.entries()) if (!cutOuts.has(keys[i]!)) decoded.set(i, await decodeTimed(source, keys[i]!));
  const prepared: PreparedPhoto[] = [];
  for (const [i, source] of sources.entries()) {
    try {
      prepared.push(preparePhoto(source, await cutOutOnce(source, keys[i]!, decoded.get(i))));
    } catch (error) {
      // Same bytes under another id (a cached refusal in flight) still name this photo.
      if (error instanceof PhotoRejectedError) throw new PhotoRejectedError(error.reason, error.message, source.id);
      throw error;
    }
  }
  return prepared;
}

/**
 * The web image's WebP effort (0-6, sharp's default 4): on the bench's studio images effort 2 took 33 ms of CPU
 * instead of 59, for files of the same size and the same look (docs/benchmarks/render-and-package.md, "Render").
 */
export const WEBP_EFFORT = 2;

export async function encodeOutputs(composed: Composed): Promise<{ full: Buffer; web: Buffer }> {
  // One pipeline per file on the same pixels: sharp's clone() deep-copies its options, the 4.7 MB of raw pixels with
  // them (about 15 ms a copy).
  const base = () => sharp(composed.rgb, { raw: { width: composed.width, height: composed.height, channels: 3 } });
  // The AI disclosure (IPTC digital source type, software agent) goes into both files as they are encoded.
  const xmp = disclosureXmp('local', LOCAL_MODEL);
  const [full, web] = await Promise.all([
    base().resize(FULL_SIZE.width, FULL_SIZE.height).jpeg({ quality: 90 }).withXmp(xmp).toBuffer(),
    // Effort 2 of 6: the same quality setting, half the encoding time of the default 4 (WEBP_EFFORT below).
    base().resize(WEB_SIZE.width, WEB_SIZE.height).webp({ quality: 80, effort: WEBP_EFFORT }).withXmp(xmp).toBuffer(),
  ]);
  return { full, web };
}

export async function renderPrepared(
  prepared: PreparedPhoto[],
  angle: Angle,
  background: Background,
  logo?: Buffer,
  scene?: SceneChoice,
  options: MirrorFill & { plate?: PlateTreatment; plateLogo?: Buffer } = {},
): Promise<RenderedImage & { composed: Composed }> {
  const plan = planAngle(angle, prepared.map((p) => p.angle), options);
  if (!('photoIndex' in plan)) throw new RenderPermanentError(plan.reason);
  const served = prepared[plan.photoIndex]!;
  const t = performance.now();
  // The plate is blurred on the photo, before the car is placed (and before a mirror image's text is blurred).
  const { source: treated, plate } = await withPlateTreated(served, options.plate ?? 'keep', options.plateLogo);
  // A front, rear or side view whose two tyres' contacts slope (a car on a slope, a crooked phone) is levelled, photo
  // and cut-out together, so both tyres stand on the scene's ground line; the original location keeps its own ground.
  const level = background === 'original' ? undefined : levelCar(treated.photo, treated.mask, treated.angle);
  const source = level?.degrees ? { ...treated, photo: level.photo, mask: level.mask } : treated;
  // The rendered studio and showroom, the original location, an outdoor style's scene (the library is configured).
  const backdrop = await sceneBackdrop(background, angle, scene, { photo: source.photo, mask: source.mask, ...STAGE });
  // An outdoor style on a site without scenes: its forms do not offer it and its API refuses it (styles-offered.ts).
  if (!backdrop) throw new RenderPermanentError(CAR_PACKAGE_MESSAGES.styleNotOffered(BACKGROUND_LABELS[background]));
  const composed = await composeCar(source.photo, source.mask, backdrop, { mirror: plan.mirrored, logo });
  if (level?.degrees) composed.levelledDegrees = level.degrees;
  // A mirror image's text (plates, badges, stickers) would read backwards: it is blurred before anything is encoded
  // or measured (decisions.md, turn 4).
  const blurredText = plan.mirrored ? await blurTextOnCar(composed) : [];
  // Encoding (libvips threads) and the fidelity check (mostly JavaScript) need only the composed image: side by side.
  const timed = async <T>(work: Promise<T>) => {
    const start = performance.now();
    const value = await work;
    return { value, ms: performance.now() - start, end: performance.now() };
  };
  const encoding = Promise.all([
    timed(encodeOutputs(composed)),
    // The car as placed (the compositor's alpha) against the source cut-out already made: no second cut-out pass.
    timed(
      measureCarFidelity({
        source: source.photo,
        sourceMask: source.mask,
        output: composed,
        outputMask: { alpha: composed.carAlpha, width: composed.width, height: composed.height },
        mirrored: plan.mirrored,
      }),
    ),
  ]);
  // The car as placed, checked against the detector's box and its own outline (checks/car-checks.ts); the enlargement
  // is of the original photo's pixels. JavaScript on this thread: it runs while libvips' threads still encode.
  const { measures: _measures, ...check } = checkCar({
    // The cut-out as made (the detector's box is of the photo as shot, not levelled).
    mask: treated.mask,
    // The photo as shot (same frame; a dealer's plate drawn on it is no other car's paint).
    photo: served.photo,
    main: source.main,
    angle: source.angle,
    cutByEdge: source.cutByEdge,
    people: source.people,
    upscale: composed.carScale * (source.photo.width / source.photo.originalWidth),
    asShot: background === 'original',
  });
  const [encoded, measured] = await encoding;
  const { full, web } = encoded.value;
  const fidelity = measured.value;
  const fidelityMs = measured.ms;
  // Compose and encode (the fidelity check ran beside the encoding: the image's total below is the wall time).
  const composeMs = encoded.end - t;
  const warnings = [...composed.warnings];
  if (source.classified) warnings.push(`The angle of ${source.source.id.replace('photo-', 'photo ')} was recognised automatically as ${ANGLE_LABELS[source.angle]}.`);
  if (plan.mirrored) warnings.push(`Derived by mirroring the ${ANGLE_LABELS[source.angle]} photo.`);
  if (blurredText.length) warnings.push(MIRROR_TEXT_BLURRED(blurredText.length));
  warnings.push(...plateWarnings(plate));
  warnings.push(...source.carWarnings);
  if (source.mask.removedFraction > 0.01 && !source.carWarnings.some((w) => /other car/i.test(w))) warnings.push('Objects touching the car (a sign, another car) were removed from the cut-out.');
  return {
    full,
    web,
    composed,
    metadata: {
      renderer: 'local',
      model: LOCAL_MODEL,
      angle,
      background,
      sourcePhotoId: source.source.id,
      mirrored: plan.mirrored,
      ...(plan.mirrored ? { blurredText: blurredText.map((b) => [b.x, b.y, b.width, b.height]) } : {}),
      plate,
      timings: { validateMs: source.validateMs, cutoutMs: source.cutoutMs, composeMs, fidelityMs, totalMs: source.validateMs + source.cutoutMs + (performance.now() - t) },
      warnings,
      check,
      ...fidelityMetadata(fidelity),
      ...(composed.scene ? { scene: composed.scene } : {}),
    },
  };
}

/** A photo with its plate treated, by prepared photo and treatment: a photo that serves two angles is treated once. */
const platesTreated = new WeakMap<PreparedPhoto, Map<PlateTreatment, Promise<{ source: PreparedPhoto; plate: NonNullable<RenderMetadata['plate']> }>>>();

/**
 * The prepared photo with its number plate treated, and what was done: `keep` changes nothing and looks for nothing;
 * `blur` and `logo` look for the plate on a photo whose angle shows one and treat it on a copy of the photo's pixels.
 */
function withPlateTreated(prepared: PreparedPhoto, treatment: PlateTreatment, logo?: Buffer): Promise<{ source: PreparedPhoto; plate: NonNullable<RenderMetadata['plate']> }> {
  if (treatment === 'keep' || !PLATE_ANGLES.has(prepared.angle)) return Promise.resolve({ source: prepared, plate: { treatment } });
  if (treatment === 'logo' && !logo) throw new RenderPermanentError(PLATE_MESSAGES.logoNeeded);
  const byTreatment = platesTreated.get(prepared) ?? new Map();
  platesTreated.set(prepared, byTreatment);
  let treated = byTreatment.get(treatment);
  if (!treated) {
    treated = (async () => {
      const { photo, mask } = prepared;
      const rgb = Buffer.from(photo.rgb);
      const { boxes, blurredInstead } = await treatPlates({ rgb, width: photo.width, height: photo.height, carAlpha: mask.alpha }, treatment, logo);
      // In the source photo's own pixels (upright, full size), as a reviewer measures them on the photo.
      const k = photo.originalWidth / photo.width;
      const plate = {
        treatment,
        found: boxes.length > 0,
        boxes: boxes.map((b) => [b.x, b.y, b.width, b.height].map((v) => Math.round(v * k))),
        ...(blurredInstead ? { blurredInstead } : {}),
      };
      return { source: { ...prepared, photo: { ...photo, rgb } }, plate };
    })();
    byTreatment.set(treatment, treated);
  }
  return treated;
}

function strip(image: RenderedImage & { composed?: Composed }): RenderedImage {
  const { composed: _composed, ...rest } = image;
  return rest;
}

/** Renders every requested angle from photos already cut out. */
export async function renderPreparedPackage(prepared: PreparedPhoto[], request: Omit<PackageRequest, 'photos'>): Promise<PackageResult> {
  const t = performance.now();
  const images: RenderedImage[] = [];
  const unavailable: PackageResult['unavailable'] = [];
  for (const angle of request.angles ?? ANGLES) {
    const plan = planAngle(angle, prepared.map((p) => p.angle), request);
    if (!('photoIndex' in plan)) {
      unavailable.push({ angle, reason: plan.reason });
      continue;
    }
    images.push(strip(await renderPrepared(prepared, angle, request.background, request.logo, request.scene, request)));
  }
  const classifiedAngles: Record<string, Angle> = {};
  for (const p of prepared) if (p.classified) classifiedAngles[p.source.id] = p.angle;
  return { images, unavailable, classifiedAngles, totalMs: performance.now() - t };
}

export class LocalRenderer implements Renderer {
  readonly name = 'local' as const;
  /** Only the photo that serves the angle (mirrored or not). */
  readonly photosPerRender = 1;

  async prepare(photos: SourcePhoto[]): Promise<PreparedPhotoInfo[]> {
    const prepareOne = async (source: SourcePhoto): Promise<PreparedPhotoInfo> => {
      try {
        const key = contentKey(source);
        const cut = await cutOutOnce(source, key);
        const p = preparePhoto(source, cut);
        const record = await encodeCutoutRecord(key, cutout.name, { mask: cut.mask, angle: cut.recognised, confidence: cut.angleConfidence, warnings: cut.carWarnings, main: cut.main, cutByEdge: cut.cutByEdge, people: cut.people });
        return { id: source.id, angle: p.angle, classified: p.classified, confidence: p.angleConfidence, warnings: p.carWarnings, cutout: record };
      } catch (error) {
        if (!(error instanceof PhotoRejectedError)) throw error;
        return { id: source.id, angle: null, classified: false, refused: { reason: error.reason, message: error.message } };
      }
    };
    // Two photos at a time: one's detector (this thread) runs while the other's cut-out network works on its own
    // thread. More would only queue for the same two cores and hold more decoded photos in memory.
    const out: PreparedPhotoInfo[] = new Array(photos.length);
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < photos.length; i = next++) out[i] = await prepareOne(photos[i]!);
    };
    await Promise.all([lane(), lane()]);
    return out;
  }

  /** One angle, delivered only when its check does not ask for a retake (that angle then fails with the reason). */
  async render(request: RenderRequest): Promise<RenderedImage> {
    // With every photo's angle known (tagged, or found by prepare), only the photo serving this angle is cut out.
    const angles = request.photos.map((p) => p.angle);
    let photos = request.photos;
    if (angles.every((a) => a !== undefined)) {
      const plan = planAngle(request.angle, angles, request);
      if (!('photoIndex' in plan)) throw new RenderPermanentError(plan.reason);
      photos = [request.photos[plan.photoIndex]!];
    }
    const image = strip(await renderPrepared(await preparePhotos(photos), request.angle, request.background, request.logo, request.scene, request));
    const { check } = image.metadata;
    if (check?.verdict === 'retake') throw new RetakeSuggestedError(check.reasons);
    return image;
  }

  /** All angles of a car package; each photo is cut out once, whatever the number of angles. */
  async renderPackage(request: PackageRequest): Promise<PackageResult> {
    const t = performance.now();
    const prepared = await preparePhotos(request.photos);
    const result = await renderPreparedPackage(prepared, request);
    return { ...result, totalMs: performance.now() - t };
  }
}
