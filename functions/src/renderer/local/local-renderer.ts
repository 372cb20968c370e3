/**
 * The offline renderer: validate, check for a car, cut out once per photo (ISNet), compose each angle.
 * Local mode only (the ISNet weights are AGPL-3.0): never bundled into a Lambda.
 */
import sharp from 'sharp';
import { ANGLES, type Angle } from '@shared/angles';
import type { Background } from '@shared/backgrounds';
import { decodePhoto, type DecodedPhoto } from '../photo-validation';
import {
  FULL_SIZE,
  PhotoRejectedError,
  RenderPermanentError,
  WEB_SIZE,
  type PackageRequest,
  type PackageResult,
  type RenderRequest,
  type RenderedImage,
  type Renderer,
  type SourcePhoto,
} from '../port';
import { PHOTO_REFUSALS } from '@shared/messages';
import { backgroundPlate } from './backgrounds';
import { checkCar } from './car-check';
import { composeCar, type Composed } from './compositor';
import { cutOut } from './cutout';
import { classifyAngle, planAngle } from '../angle-planner';
import type { CleanMask } from './mask-cleanup';
import { measureShape, type MaskShape } from './mask-shape';
import { fidelityMetadata, measureCarFidelity } from '../fidelity/car-fidelity';

export const LOCAL_MODEL = 'isnet-medium (onnxruntime-node) + drawn backgrounds';

export interface PreparedPhoto {
  source: SourcePhoto;
  photo: DecodedPhoto;
  mask: CleanMask;
  shape: MaskShape;
  angle: Angle;
  classified: boolean;
  validateMs: number;
  cutoutMs: number;
}

/** Validates every photo first (cheap, no model), then cuts each out once. */
export async function preparePhotos(sources: SourcePhoto[]): Promise<PreparedPhoto[]> {
  if (sources.length === 0) throw new RenderPermanentError('No photos were given.');
  const decoded: Array<{ photo: DecodedPhoto; ms: number }> = [];
  for (const source of sources) {
    const t = performance.now();
    decoded.push({ photo: await decodePhoto(source.bytes, source.id), ms: performance.now() - t });
  }
  const prepared: PreparedPhoto[] = [];
  for (const [i, source] of sources.entries()) {
    const t = performance.now();
    const { photo, ms } = decoded[i]!;
    const mask = await cutOut(photo);
    const shape = measureShape(mask);
    const check = checkCar(mask, shape);
    if (!check.ok) throw new PhotoRejectedError('not_a_car', PHOTO_REFUSALS.notACar, source.id);
    prepared.push({ source, photo, mask, shape, angle: source.angle ?? classifyAngle(shape), classified: !source.angle, validateMs: ms, cutoutMs: performance.now() - t });
  }
  return prepared;
}

export async function encodeOutputs(composed: Composed): Promise<{ full: Buffer; web: Buffer }> {
  const base = sharp(composed.rgb, { raw: { width: composed.width, height: composed.height, channels: 3 } });
  const [full, web] = await Promise.all([
    base.clone().resize(FULL_SIZE.width, FULL_SIZE.height).jpeg({ quality: 90 }).toBuffer(),
    base.clone().resize(WEB_SIZE.width, WEB_SIZE.height).webp({ quality: 80 }).toBuffer(),
  ]);
  return { full, web };
}

export async function renderPrepared(prepared: PreparedPhoto[], angle: Angle, background: Background, logo?: Buffer): Promise<RenderedImage & { composed: Composed }> {
  const plan = planAngle(angle, prepared.map((p) => p.angle));
  if (!('photoIndex' in plan)) throw new RenderPermanentError(plan.reason);
  const source = prepared[plan.photoIndex]!;
  const t = performance.now();
  const composed = await composeCar(source.photo, source.mask, await backgroundPlate(background), { mirror: plan.mirrored, logo });
  const { full, web } = await encodeOutputs(composed);
  const composeMs = performance.now() - t;
  // The car as placed (the compositor's alpha) against the source cut-out already made: no second ISNet pass.
  const tf = performance.now();
  const fidelity = await measureCarFidelity({
    source: source.photo,
    sourceMask: source.mask,
    output: composed,
    outputMask: { alpha: composed.carAlpha, width: composed.width, height: composed.height },
    mirrored: plan.mirrored,
  });
  const fidelityMs = performance.now() - tf;
  const warnings = [...composed.warnings];
  if (source.classified) warnings.push(`The angle of photo ${source.source.id} was recognised automatically as ${source.angle}.`);
  if (plan.mirrored) warnings.push(`Derived by mirroring the ${source.angle} photo.`);
  if (source.mask.removedFraction > 0.01) warnings.push('Objects touching the car (a sign, another car) were removed from the cut-out.');
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
      timings: { validateMs: source.validateMs, cutoutMs: source.cutoutMs, composeMs, fidelityMs, totalMs: source.validateMs + source.cutoutMs + composeMs + fidelityMs },
      warnings,
      ...fidelityMetadata(fidelity),
    },
  };
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
    const plan = planAngle(angle, prepared.map((p) => p.angle));
    if (!('photoIndex' in plan)) {
      unavailable.push({ angle, reason: plan.reason });
      continue;
    }
    images.push(strip(await renderPrepared(prepared, angle, request.background, request.logo)));
  }
  const classifiedAngles: Record<string, Angle> = {};
  for (const p of prepared) if (p.classified) classifiedAngles[p.source.id] = p.angle;
  return { images, unavailable, classifiedAngles, totalMs: performance.now() - t };
}

export class LocalRenderer implements Renderer {
  readonly name = 'local' as const;

  async render(request: RenderRequest): Promise<RenderedImage> {
    const prepared = await preparePhotos(request.photos);
    return strip(await renderPrepared(prepared, request.angle, request.background, request.logo));
  }

  /** All angles of a car package; each photo is cut out once, whatever the number of angles. */
  async renderPackage(request: PackageRequest): Promise<PackageResult> {
    const t = performance.now();
    const prepared = await preparePhotos(request.photos);
    const result = await renderPreparedPackage(prepared, request);
    return { ...result, totalMs: performance.now() - t };
  }
}
