/**
 * The cut-out and the detector's answers kept on disk by the photo's content, for the vision benches (eval:vision,
 * bench:angle-turntable): a rerun measures a changed classifier in seconds instead of running the networks again.
 * `dir` keeps one model's (or one setting's) answers apart from another's.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { CarCutout } from '../../functions/src/renderer/cutout/port';
import { solidExtent, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import type { DecodedPhoto } from '../../functions/src/renderer/photo-validation';
import type { CenterNetDetector } from '../../functions/src/vision/local/centernet-detector';
import type { VehicleDetector } from '../../functions/src/vision/local/local-vision';
import type { Detection } from '../../functions/src/vision/port';

const keyOf = (photo: DecodedPhoto) => createHash('sha256').update(photo.rgb).update(`${photo.width}x${photo.height}`).digest('hex').slice(0, 32);

/** A mask as the cut-out gives it, from its alpha alone. */
export function maskFromAlpha(alpha: Uint8Array, width: number, height: number): CleanMask {
  const { box, area } = solidExtent(alpha, width, height);
  return { alpha, width, height, box, areaFraction: area / (width * height), removedFraction: 0 };
}

/** The cut-out, its mask kept as a PNG in `dir`. */
export function cachedCutOut(cutout: CarCutout, dir: string): (photo: DecodedPhoto) => Promise<CleanMask> {
  return async (photo) => {
    const file = join(dir, `${keyOf(photo)}.png`);
    if (existsSync(file)) {
      const { data, info } = await sharp(file).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
      return maskFromAlpha(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height);
    }
    const mask = await cutout.cutOut(photo);
    await mkdir(dir, { recursive: true });
    await sharp(Buffer.from(mask.alpha), { raw: { width: mask.width, height: mask.height, channels: 1 } }).png().toFile(file);
    return mask;
  };
}

/** The detector, its answers kept as JSON in `dir`. */
export function cachedDetector(detector: CenterNetDetector, dir: string): VehicleDetector {
  return {
    warmUp: () => detector.warmUp(),
    async detectVehicles(photo) {
      const file = join(dir, `${keyOf(photo)}.vehicles.json`);
      if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Detection[];
      const vehicles = await detector.detectVehicles(photo);
      await mkdir(dir, { recursive: true });
      await writeFile(file, JSON.stringify(vehicles));
      return vehicles;
    },
  };
}
