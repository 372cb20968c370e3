/**
 * The cloud renderer: OpenAI's image edit with the dealer's photos as references.
 * It renders only angles a photo shows (tagged), or their mirror image (the side/corner opposite a
 * tagged one, asked of the model with the mirrored photo); it never invents an unseen angle.
 */
import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { ANGLES, MIRRORED_ANGLE } from '@shared/angles';
import { decodePhoto, type DecodedPhoto } from '../photo-validation';
import {
  FULL_SIZE,
  RenderPermanentError,
  RenderRetryableError,
  WEB_SIZE,
  type PackageRequest,
  type PackageResult,
  type RenderRequest,
  type RenderedImage,
  type Renderer,
} from '../port';
import { placeLogo } from '../logo';
import { planAngle } from '../local/angle-planner';
import { classifyOpenAiError } from './error-classification';
import { buildPrompt } from './prompts';

export interface OpenAiRendererOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  /** Edits take 30-150 s; the default allows 180 s. */
  timeoutMs?: number;
  /** At most this many reference photos per call. */
  maxReferences?: number;
}

export class OpenAiRenderer implements Renderer {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiRendererOptions) {
    // Retries belong to the state machine (it retries on RenderRetryableError), not to the SDK.
    this.client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, timeout: options.timeoutMs ?? 180_000, maxRetries: 0 });
  }

  async render(request: RenderRequest): Promise<RenderedImage> {
    const t0 = performance.now();
    const decoded: DecodedPhoto[] = [];
    for (const p of request.photos) decoded.push(await decodePhoto(p.bytes, p.id));
    const validateMs = performance.now() - t0;
    const tagged = request.photos.map((p) => p.angle);
    const plan = planAngle(request.angle, tagged);
    if (!('photoIndex' in plan)) throw new RenderPermanentError(plan.reason);
    // The photo that shows the angle first, then the others as extra references.
    const order = [plan.photoIndex, ...request.photos.map((_, i) => i).filter((i) => i !== plan.photoIndex)].slice(0, this.options.maxReferences ?? 4);
    const files = await Promise.all(
      order.map(async (i, n) => {
        const d = decoded[i]!;
        let img = sharp(d.rgb, { raw: { width: d.width, height: d.height, channels: 3 } });
        if (n === 0 && plan.mirrored) img = img.flop();
        return toFile(await img.jpeg({ quality: 92 }).toBuffer(), `${request.photos[i]!.id.replace(/[^\w.-]/g, '_')}.jpg`, { type: 'image/jpeg' });
      }),
    );
    const t1 = performance.now();
    let b64: string | undefined;
    try {
      const response = await this.client.images.edit({
        model: this.options.model,
        image: files,
        prompt: buildPrompt(request.angle, request.background, files.length),
        size: `${FULL_SIZE.width}x${FULL_SIZE.height}` as '1536x1024',
        n: 1,
      });
      b64 = response.data?.[0]?.b64_json ?? undefined;
    } catch (error) {
      throw classifyOpenAiError(error);
    }
    const editMs = performance.now() - t1;
    if (!b64) throw new RenderRetryableError('The image service answered without an image; the render will be retried.');
    let full: Buffer;
    let web: Buffer;
    const warnings: string[] = [];
    try {
      const bytes = Buffer.from(b64, 'base64');
      let rgb: Buffer = await sharp(bytes).resize(FULL_SIZE.width, FULL_SIZE.height, { fit: 'cover' }).removeAlpha().raw().toBuffer();
      if (request.logo) {
        const withLogo = await placeLogo(sharp(rgb, { raw: { ...FULL_SIZE, channels: 3 } }), FULL_SIZE.width, FULL_SIZE.height, request.logo);
        if (withLogo) rgb = withLogo;
        else warnings.push('The dealer logo could not be read and was left out.');
      }
      const base = sharp(rgb, { raw: { ...FULL_SIZE, channels: 3 } });
      [full, web] = await Promise.all([base.clone().jpeg({ quality: 90 }).toBuffer(), base.clone().resize(WEB_SIZE.width, WEB_SIZE.height).webp({ quality: 80 }).toBuffer()]);
    } catch {
      throw new RenderRetryableError('The image service returned an image that could not be decoded; the render will be retried.');
    }
    if (plan.mirrored) warnings.push(`Derived from the mirrored ${MIRRORED_ANGLE[request.angle]} photo.`);
    return {
      full,
      web,
      metadata: {
        renderer: 'openai',
        model: this.options.model,
        angle: request.angle,
        background: request.background,
        sourcePhotoId: request.photos[plan.photoIndex]!.id,
        mirrored: plan.mirrored,
        timings: { validateMs, cutoutMs: 0, composeMs: editMs, totalMs: performance.now() - t0 },
        warnings,
      },
    };
  }

  /** Renders the angles the tagged photos show (or mirror); untagged photos only serve as references. */
  async renderPackage(request: PackageRequest): Promise<PackageResult> {
    const t = performance.now();
    const images: RenderedImage[] = [];
    const unavailable: PackageResult['unavailable'] = [];
    for (const angle of request.angles ?? ANGLES) {
      const plan = planAngle(angle, request.photos.map((p) => p.angle));
      if (!('photoIndex' in plan)) {
        unavailable.push({ angle, reason: `${plan.reason} (the cloud renderer uses tagged photos only)` });
        continue;
      }
      images.push(await this.render({ photos: request.photos, angle, background: request.background, logo: request.logo }));
    }
    return { images, unavailable, classifiedAngles: {}, totalMs: performance.now() - t };
  }
}
