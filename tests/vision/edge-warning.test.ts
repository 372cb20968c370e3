/**
 * Issue 39, item 5: the edge warning gives the same answer for the same photo every time. A photo is checked twice on
 * its way: by the package form as soon as it is added (the browser shrinks it to PHOTO_CHECK_MAX_SIDE and sends it to
 * POST /api/car-photos/check) and by the render workflow's Prepare photos on the upload itself (decoded at 1536 px),
 * whose answer the studio image's check repeats ("Please check: the car touches the edge of the photo"). Real models:
 * the configured local vision (COCO detector, u2netp cut-out) as the local home runs both.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAR_CHECK_MESSAGES } from '@shared/messages';
import { PHOTO_CHECK_MAX_SIDE } from '@shared/schemas/car-photo-check';
import { forgetCutOuts, preparePhotos } from '../../functions/src/renderer/local/local-renderer';
import { checkCarPhoto } from '../../functions/src/vision/check-car-photo';
import { createVision } from '../../functions/src/vision/create-vision';
import { car } from '../renderer/bad-photos';

const vision = createVision({ vision: 'local' });
const X3 = car('bmw-x3-blue-front34-parked-4540px.jpg');

/** The form's path: shrunk as a browser canvas does (bilinear, JPEG 0.85) to `side`, checked, the edge warning read. */
async function formSaysCut(bytes: Buffer, side = PHOTO_CHECK_MAX_SIDE): Promise<boolean> {
  const { width, height } = await sharp(bytes).rotate().metadata().then((m) => ((m.orientation ?? 1) >= 5 ? { width: m.height!, height: m.width! } : { width: m.width!, height: m.height! }));
  const shrunk = await sharp(bytes).rotate().resize(side, side, { fit: 'inside', withoutEnlargement: true, kernel: 'linear' }).jpeg({ quality: 85 }).toBuffer();
  const answer = await checkCarPhoto({ vision }, { photo: shrunk.toString('base64'), original_size: { width, height } });
  if (!answer.car) throw new Error(`refused: ${answer.message}`);
  return answer.warnings.includes(CAR_CHECK_MESSAGES.cutByEdge);
}

/** The upload's path: the render workflow's Prepare photos on the photo's own bytes; its answer goes onto every image of the photo. */
async function uploadSaysCut(bytes: Buffer): Promise<boolean> {
  forgetCutOuts();
  const [prepared] = await preparePhotos([{ id: 'photo-1', bytes }]);
  expect(prepared!.carWarnings.includes(CAR_CHECK_MESSAGES.cutByEdge)).toBe(prepared!.cutByEdge);
  return prepared!.cutByEdge;
}

/** The X3 with `fraction` of its width cropped off the left: its front bumper then leaves the frame. */
async function croppedLeft(bytes: Buffer, fraction: number): Promise<Buffer> {
  const image = sharp(bytes).rotate();
  const { width, height } = await image.metadata();
  const cut = Math.round(width! * fraction);
  return sharp(bytes).rotate().extract({ left: cut, top: 0, width: width! - cut, height: height! }).jpeg({ quality: 92 }).toBuffer();
}

beforeAll(async () => {
  await formSaysCut(car('cupra-born-grey-front34-street.jpg')); // the models load once, before the timed tests
}, 120_000);

describe('the edge warning, the same for the same photo', () => {
  it('a car close to the frame but clear of it (the BMW X3, bumper 1.9% from the left edge): no warning on either path, at any size the form shrinks to', async () => {
    // Its detector box stood 0.93% to 1.3% from the edge depending on the size it was shown at: under 1.2% warned.
    const answers = [await formSaysCut(X3), await formSaysCut(X3, 1024), await formSaysCut(X3, 800), await uploadSaysCut(X3)];
    expect(answers).toEqual([false, false, false, false]);
  }, 90_000);

  it('a car cut by the frame (the same X3 with its front bumper cropped off): the warning on both paths', async () => {
    const cut = await croppedLeft(X3, 0.06);
    expect([await formSaysCut(cut), await uploadSaysCut(cut)]).toEqual([true, true]);
  }, 90_000);

  it('the same photo checked again gives the same answer, and the fixtures agree between the form and the upload', async () => {
    const photos = [car('cupra-born-grey-front34-street.jpg'), car('hyundai-ioniq5-silver-front34-grass.jpg')];
    for (const bytes of photos) {
      const first = await formSaysCut(bytes);
      expect(await formSaysCut(bytes)).toBe(first);
      expect(await uploadSaysCut(bytes)).toBe(first);
    }
  }, 90_000);
});
