/**
 * The angle the car check names, on real photos (tests/fixtures/cars), and on their mirror
 * images. Real models: the COCO detector and the product's cut-out (u2netp). Side views: car-angle-side.test.ts; rear
 * views: car-angle-rear.test.ts.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MIRRORED_ANGLE } from '@shared/angles';
import type { DecodedPhoto } from '../../functions/src/renderer/photo-validation';
import { car } from '../renderer/bad-photos';
import { decoded, useLocalVision } from './real-photo-vision';

// The product's u2netp (ISNet before): the E30's mirror image read a rear right corner on it only because the flipped
// photo kept the photo's digest, and the process's detector answered the unflipped photo's box (measured 2026-12-01).
const vision = useLocalVision();

describe('angle on real photos', () => {
  async function mirrored(photo: DecodedPhoto): Promise<DecodedPhoto> {
    // Other bytes than the photo's: without its digest, the process's detector does not answer the unflipped photo's boxes.
    return { ...photo, rgb: await sharp(photo.rgb, { raw: { width: photo.width, height: photo.height, channels: 3 } }).flop().raw().toBuffer(), sourceSha256: undefined };
  }

  it.each([
    ['bmw-2002-silver-front34-grass.jpg', 'front_left_corner'],
    ['bmw-e30-silver-front34-show-5220px.jpg', 'front_right_corner'],
  ] as const)('%s and its mirror image get mirrored angles', async (name, angle) => {
    const photo = await decoded(car(name));
    const straight = await vision.look(photo);
    const flipped = await vision.look(await mirrored(photo));
    expect(straight).toMatchObject({ ok: true, angle });
    expect(flipped).toMatchObject({ ok: true, angle: MIRRORED_ANGLE[angle] });
  }, 60_000);
});
