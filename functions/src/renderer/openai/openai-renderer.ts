/**
 * The cloud renderer: OpenAI's image edit with the dealer's photos as references.
 * It renders only angles a photo shows (tagged), or their mirror image (the side/corner opposite a
 * tagged one, asked of the model with the mirrored photo); it never invents an unseen angle.
 * Each generated image is compared with the photo's car (fidelity/): a car that changed is generated
 * once more, and refused if it changed again. Without a car masker the check is skipped and said so.
 */
import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import type { CarPicture } from '../text/blur-text';
import type { TextBox } from '../text/text-detector';
import { ANGLE_LABELS, ANGLES, MIRROR_TEXT_BLURRED, MIRRORED_ANGLE, type Angle } from '@shared/angles';
import { PLATE_ANGLES, PLATE_MESSAGES, plateWarnings, type PlateTreatment } from '@shared/plates';
import { decodePhoto, type DecodedPhoto } from '../photo-validation';
import {
  FULL_SIZE,
  RenderPermanentError,
  RenderRetryableError,
  WEB_SIZE,
  OPENAI_REFERENCE_PHOTOS,
  PhotoRejectedError,
  type PackageRequest,
  type PackageResult,
  type PreparedPhotoInfo,
  type SourcePhoto,
  type RenderMetadata,
  type RenderRequest,
  type RenderedImage,
  type Renderer,
} from '../port';
import { CAR_FIDELITY } from '@shared/messages';
import type { CarMask, CarMasker } from '../fidelity/car-masker';
import { carBox, carChanged, FIDELITY_THRESHOLD, fidelityMetadata, measureCarFidelity, type CarFidelity } from '../fidelity/car-fidelity';
import { placeLogo } from '../logo';
import { planAngle } from '../angle-planner';
import { classifyOpenAiError } from './error-classification';
import { VisionUnavailableError, type CarSighting, type CarVision } from '../../vision/port';
import { buildPrompt } from './prompts';
import { disclosureXmp } from '../../content-credentials/disclosure';

export interface OpenAiRendererOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  /** Edits take 30-150 s; the default allows 180 s. */
  timeoutMs?: number;
  /** At most this many reference photos per call. */
  maxReferences?: number;
  /** Finds the car in the photo and in each generated image; without one, fidelity is not measured. */
  carMasker?: CarMasker;
  /** Below this similarity the generated car counts as changed (default FIDELITY_THRESHOLD). */
  fidelityThreshold?: number;
  /** The car check and angle recognition of prepare (OpenAI vision); without it prepare checks bytes only. */
  vision?: CarVision;
  /**
   * Blurs the text found on a picture (renderer/text/blur-text.ts), for mirror images; passed in so that only the
   * render tasks' bundles hold the text detector and onnxruntime. Without it a mirror image cannot be made.
   */
  blurText?: (picture: CarPicture) => Promise<TextBox[]>;
  /** Treats the number plate (renderer/text/plates.ts), passed in as blurText is; without it a plate cannot be treated. */
  treatPlates?: (picture: CarPicture, treatment: Exclude<PlateTreatment, 'keep'>, logo?: Buffer) => Promise<{ boxes: unknown[]; blurredInstead?: boolean }>;
}

/** A generated image gets one more try when its car changed; the second refusal is final. */
const MAX_ATTEMPTS = 2;

export class OpenAiRenderer implements Renderer {
  readonly name = 'openai' as const;
  get photosPerRender() {
    return this.options.maxReferences ?? OPENAI_REFERENCE_PHOTOS;
  }
  private readonly client: OpenAI;
  /** Source masks by photo bytes: a package's angles from one photo mask it once. */
  private readonly sourceMasks = new WeakMap<Buffer, Promise<CarMask>>();

  constructor(private readonly options: OpenAiRendererOptions) {
    // Retries belong to the state machine (it retries on RenderRetryableError), not to the SDK.
    this.client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, timeout: options.timeoutMs ?? 180_000, maxRetries: 0 });
  }

  /**
   * Checks each photo's bytes, then (with a vision adapter) that it shows one main car, and recognises the angle of
   * untagged photos. A failing vision service is retried by the state machine (RenderRetryableError).
   */
  async prepare(photos: SourcePhoto[]): Promise<PreparedPhotoInfo[]> {
    const out: PreparedPhotoInfo[] = [];
    for (const p of photos) {
      let decoded: DecodedPhoto;
      try {
        decoded = await decodePhoto(p.bytes, p.id);
      } catch (error) {
        if (!(error instanceof PhotoRejectedError)) throw error;
        out.push({ id: p.id, angle: null, classified: false, refused: { reason: error.reason, message: error.message } });
        continue;
      }
      if (!this.options.vision) {
        out.push({ id: p.id, angle: p.angle ?? null, classified: false });
        continue;
      }
      let sighting: CarSighting;
      try {
        sighting = await this.options.vision.look(decoded, { angle: !p.angle });
      } catch (error) {
        if (error instanceof VisionUnavailableError) throw new RenderRetryableError(error.message);
        throw error;
      }
      if (!sighting.ok) out.push({ id: p.id, angle: null, classified: false, refused: { reason: sighting.reason, message: sighting.message } });
      else if (p.angle) out.push({ id: p.id, angle: p.angle, classified: false, warnings: sighting.warnings });
      else out.push({ id: p.id, angle: sighting.angle, classified: sighting.angle !== null, confidence: sighting.confidence, warnings: sighting.warnings });
    }
    return out;
  }

  async render(request: RenderRequest): Promise<RenderedImage> {
    const t0 = performance.now();
    const decoded: DecodedPhoto[] = [];
    for (const p of request.photos) decoded.push(await decodePhoto(p.bytes, p.id));
    const validateMs = performance.now() - t0;
    const tagged = request.photos.map((p) => p.angle);
    const plan = planAngle(request.angle, tagged, request);
    if (!('photoIndex' in plan)) throw new RenderPermanentError(plan.reason);
    // The photo that shows the angle first, then the others as extra references.
    const order = [plan.photoIndex, ...request.photos.map((_, i) => i).filter((i) => i !== plan.photoIndex)].slice(0, this.photosPerRender);
    const files = await Promise.all(
      order.map(async (i, n) => {
        const d = decoded[i]!;
        let img = sharp(d.rgb, { raw: { width: d.width, height: d.height, channels: 3 } });
        if (n === 0 && plan.mirrored) img = img.flop();
        return toFile(await img.jpeg({ quality: 92 }).toBuffer(), `${request.photos[i]!.id.replace(/[^\w.-]/g, '_')}.jpg`, { type: 'image/jpeg' });
      }),
    );
    const prompt = buildPrompt(request.angle, request.background, files.length);
    const photo = request.photos[plan.photoIndex]!;
    const masker = this.options.carMasker;
    const threshold = this.options.fidelityThreshold ?? FIDELITY_THRESHOLD;
    // The photo's car is found while the model works (an edit takes 30-150 s).
    const sourceMask = masker ? this.sourceMask(masker, photo.bytes, decoded[plan.photoIndex]!) : undefined;
    const warnings: string[] = [];
    let editMs = 0;
    let fidelityMs = 0;
    let attempts = 0;
    let rgb: Buffer;
    let fidelity: CarFidelity | undefined;
    for (;;) {
      attempts++;
      const t1 = performance.now();
      rgb = await this.edit(files, prompt);
      editMs += performance.now() - t1;
      if (!masker || !sourceMask) {
        warnings.push(CAR_FIDELITY.notMeasured);
        break;
      }
      const t2 = performance.now();
      const measured = await this.measure(masker, sourceMask, decoded[plan.photoIndex]!, rgb, plan.mirrored);
      fidelityMs += performance.now() - t2;
      if (measured === 'not measured') {
        warnings.push(CAR_FIDELITY.notMeasured);
        break;
      }
      fidelity = measured;
      if (!carChanged(fidelity, threshold)) break;
      if (attempts >= MAX_ATTEMPTS) throw new RenderPermanentError(CAR_FIDELITY.changed(fidelity.score, threshold));
      warnings.push(CAR_FIDELITY.regenerated(fidelity.score));
    }
    // A mirror image's text would read backwards: blurred wherever the detector finds it (the generated picture has no
    // separate car layer, so the whole frame is searched).
    const blurredText = plan.mirrored ? await this.blurMirroredText(rgb) : [];
    if (blurredText.length) warnings.push(MIRROR_TEXT_BLURRED(blurredText.length));
    // The plate as the package asks, looked for in the generated picture (its boxes are not in the photo's pixels).
    const plate = await this.treatPlate(rgb, request.plate ?? 'keep', tagged[plan.photoIndex], request.plateLogo);
    warnings.push(...plateWarnings(plate));
    // Our own encoding of an image already decoded: a failure here is ours, not the image service's (no catch).
    if (request.logo) {
      const withLogo = await placeLogo(sharp(rgb, { raw: { ...FULL_SIZE, channels: 3 } }), FULL_SIZE.width, FULL_SIZE.height, request.logo);
      if (withLogo) rgb = withLogo;
      else warnings.push('The dealer logo could not be read and was left out.');
    }
    const base = sharp(rgb, { raw: { ...FULL_SIZE, channels: 3 } });
    // The AI disclosure (IPTC digital source type, software agent) goes into both files as they are encoded.
    const xmp = disclosureXmp('openai', this.options.model);
    const [full, web] = await Promise.all([base.clone().jpeg({ quality: 90 }).withXmp(xmp).toBuffer(), base.clone().resize(WEB_SIZE.width, WEB_SIZE.height).webp({ quality: 80 }).withXmp(xmp).toBuffer()]);
    if (plan.mirrored) warnings.push(`Derived from the mirrored ${ANGLE_LABELS[MIRRORED_ANGLE[request.angle]]} photo.`);
    return {
      full,
      web,
      metadata: {
        renderer: 'openai',
        model: this.options.model,
        angle: request.angle,
        background: request.background,
        sourcePhotoId: photo.id,
        mirrored: plan.mirrored,
        ...(plan.mirrored ? { blurredText: blurredText.map((b) => [b.x, b.y, b.width, b.height]) } : {}),
        plate,
        timings: { validateMs, cutoutMs: 0, composeMs: editMs, ...(masker ? { fidelityMs } : {}), totalMs: performance.now() - t0 },
        warnings,
        ...(fidelity ? fidelityMetadata(fidelity) : {}),
        attempts,
      },
    };
  }

  private async treatPlate(rgb: Buffer, treatment: PlateTreatment, photoAngle: Angle | undefined, logo: Buffer | undefined): Promise<NonNullable<RenderMetadata['plate']>> {
    if (treatment === 'keep' || !photoAngle || !PLATE_ANGLES.has(photoAngle)) return { treatment };
    if (!this.options.treatPlates) throw new RenderPermanentError('The number plate cannot be treated here.');
    if (treatment === 'logo' && !logo) throw new RenderPermanentError(PLATE_MESSAGES.logoNeeded);
    const { boxes, blurredInstead } = await this.options.treatPlates({ rgb, ...FULL_SIZE, carAlpha: new Uint8Array(FULL_SIZE.width * FULL_SIZE.height).fill(255) }, treatment, logo);
    return { treatment, found: boxes.length > 0, ...(blurredInstead ? { blurredInstead } : {}) };
  }

  private blurMirroredText(rgb: Buffer): Promise<TextBox[]> {
    if (!this.options.blurText) throw new RenderPermanentError('A mirror image cannot be made here: its text could not be blurred.');
    return this.options.blurText({ rgb, ...FULL_SIZE, carAlpha: new Uint8Array(FULL_SIZE.width * FULL_SIZE.height).fill(255) });
  }

  /** One images.edit call; the generated image as RGB at FULL_SIZE. */
  private async edit(files: Awaited<ReturnType<typeof toFile>>[], prompt: string): Promise<Buffer> {
    let b64: string | undefined;
    try {
      const response = await this.client.images.edit({
        model: this.options.model,
        image: files,
        prompt,
        size: `${FULL_SIZE.width}x${FULL_SIZE.height}` as '1536x1024',
        n: 1,
      });
      b64 = response.data?.[0]?.b64_json ?? undefined;
    } catch (error) {
      throw classifyOpenAiError(error);
    }
    if (!b64) throw new RenderRetryableError('The image service answered without an image; the render will be retried.');
    try {
      return await sharp(Buffer.from(b64, 'base64')).resize(FULL_SIZE.width, FULL_SIZE.height, { fit: 'cover' }).removeAlpha().raw().toBuffer();
    } catch {
      throw new RenderRetryableError('The image service returned an image that could not be decoded; the render will be retried.');
    }
  }

  private sourceMask(masker: CarMasker, bytes: Buffer, photo: DecodedPhoto): Promise<CarMask> {
    let mask = this.sourceMasks.get(bytes);
    if (!mask) {
      mask = masker.maskCar(photo);
      this.sourceMasks.set(bytes, mask);
      // A failed masking is retried by the next render, and never left as an unhandled rejection.
      mask.catch(() => this.sourceMasks.delete(bytes));
    }
    return mask;
  }

  /**
   * The generated car against the photo's. 'not measured' when the photo shows no car to compare or the
   * masker failed: the image is then delivered with that said, rather than refused for our own fault.
   */
  private async measure(masker: CarMasker, sourceMask: Promise<CarMask>, photo: DecodedPhoto, rgb: Buffer, mirrored: boolean): Promise<CarFidelity | 'not measured'> {
    try {
      const source = await sourceMask;
      if (!carBox(source)) return 'not measured';
      const output = { rgb, ...FULL_SIZE };
      return await measureCarFidelity({ source: photo, sourceMask: source, output, outputMask: await masker.maskCar(output), mirrored });
    } catch {
      return 'not measured';
    }
  }

  /** Renders the angles the tagged photos show (or, with the mirror fill, mirror); untagged photos only serve as references. */
  async renderPackage(request: PackageRequest): Promise<PackageResult> {
    const t = performance.now();
    const images: RenderedImage[] = [];
    const unavailable: PackageResult['unavailable'] = [];
    for (const angle of request.angles ?? ANGLES) {
      const plan = planAngle(angle, request.photos.map((p) => p.angle), request);
      if (!('photoIndex' in plan)) {
        unavailable.push({ angle, reason: `${plan.reason} (the cloud renderer uses tagged photos only)` });
        continue;
      }
      images.push(await this.render({ photos: request.photos, angle, background: request.background, logo: request.logo, fillMissingSides: request.fillMissingSides }));
    }
    return { images, unavailable, classifiedAngles: {}, totalMs: performance.now() - t };
  }
}
