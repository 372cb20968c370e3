/** Cuts the car out of a decoded photo: ISNet mask at 1024x1024, stretched back, then cleaned. */
import sharp from 'sharp';
import type { CutoutPhoto } from '../cutout/port';
import { ISNET_RESOLUTION, predictMask } from './isnet-session';
import { cleanMask, type CleanMask } from '../cutout/mask-cleanup';

export async function cutOut(photo: CutoutPhoto): Promise<CleanMask> {
  const raw = { raw: { width: photo.width, height: photo.height, channels: 3 as const } };
  const square = await sharp(photo.rgb, raw).resize(ISNET_RESOLUTION, ISNET_RESOLUTION, { fit: 'fill' }).raw().toBuffer();
  const small = await predictMask(square);
  const soft = await sharp(Buffer.from(small.buffer, small.byteOffset, small.length), { raw: { width: ISNET_RESOLUTION, height: ISNET_RESOLUTION, channels: 1 } })
    .resize(photo.width, photo.height, { fit: 'fill' })
    .extractChannel(0) // sharp widens 1-channel raw input to sRGB otherwise
    .raw()
    .toBuffer();
  return cleanMask(new Uint8Array(soft.buffer, soft.byteOffset, soft.length), photo.width, photo.height);
}
