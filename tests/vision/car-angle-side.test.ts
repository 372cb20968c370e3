/**
 * The angle the car check names on real side photos (tests/fixtures/vision) and on their mirror images. Real models:
 * the COCO detector and the product's cut-out. Corner views: car-angle.test.ts; rear views: car-angle-rear.test.ts.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MIRRORED_ANGLE } from '@shared/angles';
import type { DecodedPhoto } from '../../functions/src/renderer/photo-validation';
import { decoded, fixture, useLocalVision } from './real-photo-vision';

const vision = useLocalVision();

describe('angle on real side photos', () => {
  async function mirrored(photo: DecodedPhoto): Promise<DecodedPhoto> {
    // Other bytes than the photo's: without its digest, the process's detector does not answer the unflipped photo's boxes.
    return { ...photo, rgb: await sharp(photo.rgb, { raw: { width: photo.width, height: photo.height, channels: 3 } }).flop().raw().toBuffer(), sourceSha256: undefined };
  }

  it.each([
    ['hyundai-genesis-black-side-hillside.jpg', 'left_side'],
    ['acura-tl-blue-side-lot.jpg', 'right_side'],
  ] as const)('%s: a side photo (a black car and a blue one) is called a side, and its mirror image the other side', async (name, angle) => {
    const photo = await decoded(fixture(name));
    expect(await vision.look(photo)).toMatchObject({ ok: true, angle });
    expect(await vision.look(await mirrored(photo))).toMatchObject({ ok: true, angle: MIRRORED_ANGLE[angle] });
  }, 60_000);
});
