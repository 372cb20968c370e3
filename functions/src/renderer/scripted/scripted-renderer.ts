/**
 * A renderer for measuring and testing the workflow around the port, selected by configuration only
 * (RENDERER=scripted): it takes a fixed time per image (bench:package's fan-out measurement) and can fail
 * chosen angles in chosen ways (the workflow's fault tests). Its images are real: the serving photo scaled
 * onto a grey plate and encoded as the port's JPEG and WebP, so uploads, sizes and downloads are as usual.
 * Angles are planned from tagged photos only; untagged photos count as front corners.
 */
import sharp from 'sharp';
import { ANGLES } from '@shared/angles';
import { sha256 } from '../../lib/ids';
import { PromiseMemo } from '../../lib/promise-memo';
import { planAngle } from '../angle-planner';
import { placeLogo } from '../logo';
import { decodePhoto } from '../photo-validation';
import { disclosureXmp } from '../../content-credentials/disclosure';
import {
  FULL_SIZE,
  PhotoRejectedError,
  RenderPermanentError,
  RenderRetryableError,
  WEB_SIZE,
  type PackageRequest,
  type PackageResult,
  type PreparedPhotoInfo,
  type RenderRequest,
  type RenderedImage,
  type Renderer,
  type SourcePhoto,
} from '../port';

const SCRIPTED_MODEL = 'scripted';

/** `internal`: an unexpected exception (a bug of ours), as a TypeError from our own code would be. */
export type ScriptedOutcome = 'ok' | 'retryable' | 'permanent' | 'internal';

export interface RenderScript {
  /** Time each render takes (the image model's time), ms. */
  delayMs?: number;
  /**
   * Outcomes per angle, one per call in order; the last one repeats. "*" applies to every angle not named.
   * E.g. { "front": ["retryable", "ok"], "*": ["permanent"] }. A key naming the serving photo's id (a batch photo:
   * "batch-photo-3") comes before its angle, so one photo of a batch can be failed.
   */
  outcomes?: Record<string, ScriptedOutcome[]>;
}

export function renderScriptFromEnv(env: NodeJS.ProcessEnv = process.env): RenderScript {
  if (!env.RENDERER_SCRIPT) return {};
  try {
    return JSON.parse(env.RENDERER_SCRIPT) as RenderScript;
  } catch {
    throw new Error(`RENDERER_SCRIPT must be JSON (got "${env.RENDERER_SCRIPT}")`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class ScriptedRenderer implements Renderer {
  readonly name = 'scripted' as const;
  readonly photosPerRender = 1;
  /** Calls so far per package-angle key (the photo set + angle), for scripted sequences. */
  private readonly calls = new Map<string, number>();
  private readonly images = new PromiseMemo<{ full: Buffer; web: Buffer }>(32);

  constructor(private readonly script: RenderScript = {}) {}

  async prepare(photos: SourcePhoto[]): Promise<PreparedPhotoInfo[]> {
    // Every photo decoded at once, as a remote model's service would check them side by side.
    return Promise.all(
      photos.map(async (p): Promise<PreparedPhotoInfo> => {
        try {
          await decodePhoto(p.bytes, p.id);
          return { id: p.id, angle: p.angle ?? 'front_left_corner', classified: !p.angle };
        } catch (error) {
          if (!(error instanceof PhotoRejectedError)) throw error;
          return { id: p.id, angle: null, classified: false, refused: { reason: error.reason, message: error.message } };
        }
      }),
    );
  }

  private outcome(request: RenderRequest): ScriptedOutcome {
    const byPhoto = request.photos.length === 1 ? this.script.outcomes?.[request.photos[0]!.id] : undefined;
    const sequence = byPhoto ?? this.script.outcomes?.[request.angle] ?? this.script.outcomes?.['*'] ?? ['ok'];
    const key = `${request.photos.map((p) => p.id).join(',')}|${request.angle}`;
    const n = this.calls.get(key) ?? 0;
    this.calls.set(key, n + 1);
    return sequence[Math.min(n, sequence.length - 1)] ?? 'ok';
  }

  /**
   * The image for a photo (mirrored or not, with or without a logo), made once: the stand-in's own CPU stays out
   * of what it measures, so a render takes its fixed delay and little else, as a remote image model does.
   */
  private image(source: SourcePhoto, mirrored: boolean, logo: Buffer | undefined): Promise<{ full: Buffer; web: Buffer }> {
    const digest = sha256(source.bytes);
    return this.images.get(`${digest}|${mirrored}|${logo ? sha256(logo) : ''}`, async () => {
      const photo = await decodePhoto(source.bytes, source.id, digest);
      let img = sharp(photo.rgb, { raw: { width: photo.width, height: photo.height, channels: 3 } }).resize(FULL_SIZE.width, FULL_SIZE.height, {
        fit: 'contain',
        background: { r: 200, g: 200, b: 204 },
      });
      if (mirrored) img = img.flop();
      let rgb: Buffer = await img.removeAlpha().raw().toBuffer();
      // The dealer's logo, placed as the other renderers place it.
      if (logo) rgb = (await placeLogo(sharp(rgb, { raw: { ...FULL_SIZE, channels: 3 } }), FULL_SIZE.width, FULL_SIZE.height, logo)) ?? rgb;
      const base = sharp(rgb, { raw: { ...FULL_SIZE, channels: 3 } });
      const xmp = disclosureXmp('scripted', SCRIPTED_MODEL);
      const [full, web] = await Promise.all([base.clone().jpeg({ quality: 85 }).withXmp(xmp).toBuffer(), base.clone().resize(WEB_SIZE.width, WEB_SIZE.height).webp({ quality: 75 }).withXmp(xmp).toBuffer()]);
      return { full, web };
    });
  }

  async render(request: RenderRequest): Promise<RenderedImage> {
    const t0 = performance.now();
    const plan = planAngle(request.angle, request.photos.map((p) => p.angle ?? 'front_left_corner'), request);
    if (!('photoIndex' in plan)) throw new RenderPermanentError(plan.reason);
    const source = request.photos[plan.photoIndex]!;
    const [{ full, web }] = await Promise.all([this.image(source, plan.mirrored, request.logo), sleep(this.script.delayMs ?? 0)]);
    const outcome = this.outcome(request);
    if (outcome === 'retryable') throw new RenderRetryableError('The scripted image service is busy (scripted).', 503);
    if (outcome === 'permanent') throw new RenderPermanentError('The scripted image service refused this angle (scripted).', 400);
    if (outcome === 'internal') throw new TypeError("Cannot read properties of undefined (reading 'scripted')");
    const totalMs = performance.now() - t0;
    return {
      full,
      web,
      metadata: {
        renderer: 'scripted',
        model: SCRIPTED_MODEL,
        angle: request.angle,
        background: request.background,
        sourcePhotoId: source.id,
        mirrored: plan.mirrored,
        // The stand-in looks for no plate: it records what was asked, as the compositor does before it looks.
        plate: { treatment: request.plate ?? 'keep' },
        timings: { validateMs: 0, cutoutMs: 0, composeMs: totalMs, totalMs },
        warnings: [],
      },
    };
  }

  async renderPackage(request: PackageRequest): Promise<PackageResult> {
    const t = performance.now();
    const images: RenderedImage[] = [];
    const unavailable: PackageResult['unavailable'] = [];
    for (const angle of request.angles ?? ANGLES) {
      try {
        images.push(await this.render({ photos: request.photos, angle, background: request.background, logo: request.logo, fillMissingSides: request.fillMissingSides }));
      } catch (error) {
        if (!(error instanceof RenderPermanentError)) throw error;
        unavailable.push({ angle, reason: error.message });
      }
    }
    return { images, unavailable, classifiedAngles: {}, totalMs: performance.now() - t };
  }
}
