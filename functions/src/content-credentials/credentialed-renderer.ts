/**
 * Content credentials through the renderer port: every image any renderer makes (car packages now, batches and
 * trials later) leaves it signed. Wraps a renderer; signs the full JPEG and the web WebP with a C2PA manifest
 * whose parent ingredient is the dealer's photo that served the angle.
 */
import { imageLabel } from '@shared/angles';
import { type PackageRequest, type RenderedImage, type Renderer, type RenderRequest, type SourcePhoto } from '../renderer/port';
import { signAsset } from './c2pa';
import { parentIngredient, studioManifest } from './manifest';
import type { ContentSigner } from './ports';

export interface CredentialOptions {
  signer: ContentSigner;
  /** The car fidelity threshold the renderer applies (recorded with the score). */
  fidelityThreshold: number;
  now?: () => Date;
}

const LOGO_LEFT_OUT = /logo could not be read/i;

export async function signRenderedImage(image: RenderedImage, photos: SourcePhoto[], logo: Buffer | undefined, options: CredentialOptions): Promise<RenderedImage> {
  const started = performance.now();
  const m = image.metadata;
  const photo = photos.find((p) => p.id === m.sourcePhotoId);
  if (!photo) throw new Error(`The photo ${m.sourcePhotoId} that served ${m.angle} is not among the render's photos`);
  const common = {
    metadata: m,
    photo,
    logoPlaced: !!logo && !m.warnings.some((w) => LOGO_LEFT_OUT.test(w)),
    fidelityThreshold: options.fidelityThreshold,
    when: options.now?.() ?? new Date(),
  };
  const title = `${imageLabel(m.angle, m.mirrored)} (${m.background})`;
  const parent = { definition: parentIngredient(photo), bytes: photo.bytes };
  // One after the other: the library runs on one WASM instance. No catch-all here: the signer says itself when it
  // could not be reached (RenderRetryableError, e.g. KMS), anything else is our own failure and stays one.
  const full = await signAsset({ signer: options.signer, asset: image.full, parent, manifest: studioManifest({ ...common, format: 'image/jpeg', title: `${title}.jpg` }) });
  const web = await signAsset({ signer: options.signer, asset: image.web, parent, manifest: studioManifest({ ...common, format: 'image/webp', title: `${title}.webp` }) });
  return { full, web, metadata: { ...m, timings: { ...m.timings, credentialsMs: performance.now() - started } } };
}

export function withContentCredentials(inner: Renderer, options: CredentialOptions): Renderer {
  return {
    name: inner.name,
    get photosPerRender() {
      return inner.photosPerRender;
    },
    prepare: (photos) => inner.prepare(photos),
    render: async (request: RenderRequest) => signRenderedImage(await inner.render(request), request.photos, request.logo, options),
    renderPackage: async (request: PackageRequest) => {
      const result = await inner.renderPackage(request);
      const images: RenderedImage[] = [];
      for (const image of result.images) images.push(await signRenderedImage(image, request.photos, request.logo, options));
      return { ...result, images };
    },
  };
}
