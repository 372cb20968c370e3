/**
 * For review (`npm run render -- … --masks`): the studio compositor's images, signed as the renderer signs them, each
 * with the car's alpha in both frames: `cutout` in the source photo's frame (its full size after EXIF orientation)
 * and `mask` in the output frame (1536x1024, where the car landed). The same functions the LocalRenderer runs.
 */
import type { PlateTreatment } from '@shared/plates';
import sharp from 'sharp';
import { ANGLES, type Angle } from '@shared/angles';
import type { Background } from '@shared/backgrounds';
import { signRenderedImage } from '../content-credentials/credentialed-renderer';
import { contentSignerFromEnv } from '../content-credentials/create-signer';
import { planAngle } from './angle-planner';
import { FIDELITY_THRESHOLD } from './fidelity/car-fidelity';
import { preparePhotos, renderPrepared } from './local/local-renderer';
import type { RenderedImage, SourcePhoto, UnavailableAngle } from './port';

export interface MaskedImage {
  image: RenderedImage;
  /** PNG, 8-bit grey: the car's alpha over the source photo as decoded (EXIF orientation applied), full size. */
  cutout: Buffer;
  /** PNG, 8-bit grey: the car's alpha in the output image. */
  mask: Buffer;
}

const greyPng = (alpha: Uint8Array, width: number, height: number, size?: { width: number; height: number }) => {
  const grey = sharp(Buffer.from(alpha.buffer, alpha.byteOffset, alpha.length), { raw: { width, height, channels: 1 } });
  return (size ? grey.resize(size.width, size.height, { fit: 'fill' }) : grey).toColourspace('b-w').png().toBuffer();
};

/**
 * Renders `angles` (the photos' own recognised or tagged angles when 'shown', or every angle a package would make when
 * 'package') from `photos`, with both masks of each image.
 */
export async function renderWithMasks(
  photos: SourcePhoto[],
  angles: 'shown' | 'package' | Angle[],
  options: { background: Background; logo?: Buffer; fillMissingSides?: boolean; plate?: PlateTreatment; plateLogo?: Buffer },
): Promise<{ images: MaskedImage[]; unavailable: UnavailableAngle[] }> {
  const prepared = await preparePhotos(photos);
  const wanted = angles === 'package' ? [...ANGLES] : angles === 'shown' ? [...new Set(prepared.map((p) => p.angle))] : angles;
  const signer = contentSignerFromEnv();
  const images: MaskedImage[] = [];
  const unavailable: UnavailableAngle[] = [];
  for (const angle of wanted) {
    const plan = planAngle(angle, prepared.map((p) => p.angle), options);
    if (!('photoIndex' in plan)) {
      unavailable.push({ angle, reason: plan.reason });
      continue;
    }
    const source = prepared[plan.photoIndex]!;
    const { full, web, metadata, composed } = await renderPrepared(prepared, angle, options.background, options.logo, undefined, options);
    const image = await signRenderedImage({ full, web, metadata }, [source.source], options.logo, { signer, fidelityThreshold: FIDELITY_THRESHOLD });
    const { mask, photo } = source;
    images.push({
      image,
      cutout: await greyPng(mask.alpha, mask.width, mask.height, { width: photo.originalWidth, height: photo.originalHeight }),
      mask: await greyPng(composed.carAlpha, composed.width, composed.height),
    });
  }
  return { images, unavailable };
}
