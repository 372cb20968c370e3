import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { CAR_CHECK_MESSAGES } from '@shared/messages';
import { checkCarPhoto } from './check-car-photo';
import type { CarVision, NormBox } from './port';

/**
 * The form's check of a photo with a vision that answers a given sighting (the detector's box of the main car, and
 * whether the car touches the frame, as the local adapter's silhouette tells it): what the dealer's row then says.
 */
async function rowSays(main: NormBox, cutByEdge: boolean, somethingInFront?: boolean, cutThrough?: boolean): Promise<string[]> {
  const vision: CarVision = {
    name: 'local',
    model: 'given sighting',
    look: async () => ({
      ok: true,
      cars: 1,
      main,
      others: [],
      cutByEdge,
      ...(somethingInFront === undefined ? {} : { somethingInFront }),
      ...(cutThrough === undefined ? {} : { cutThrough }),
      angle: 'rear',
      confidence: 0.9,
      warnings: cutByEdge ? [CAR_CHECK_MESSAGES.cutByEdge] : [],
    }),
  };
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#777' } }).jpeg().toBuffer();
  const answer = await checkCarPhoto({ vision }, { photo: photo.toString('base64'), original_size: { width: 4000, height: 3000 } });
  if (!answer.car) throw new Error(answer.message);
  return answer.warnings;
}

describe("the form's photo check, before the charge", () => {
  it('a close-up (the roof and a side cut by the frame) gets the retake words of the studio image\'s card instead of "touches the edge"', async () => {
    expect(await rowSays({ left: 0.2, top: 0, right: 1, bottom: 0.85 }, true)).toEqual([CAR_CHECK_REASONS.closeUp.text]);
    // The roof and the bottom: the same.
    expect(await rowSays({ left: 0.1, top: 0.005, right: 0.9, bottom: 1 }, true)).toEqual([CAR_CHECK_REASONS.closeUp.text]);
  });

  it('a car whose roof or bottom the photo cuts through (read from the cut-out) gets the retake words at one edge too', async () => {
    expect(await rowSays({ left: 0.2, top: 0.3, right: 0.8, bottom: 1 }, true, false, true)).toEqual([CAR_CHECK_REASONS.closeUp.text]);
    expect(await rowSays({ left: 0.2, top: 0.3, right: 0.8, bottom: 1 }, true, false, false)).toEqual([CAR_CHECK_MESSAGES.cutByEdge]);
  });

  it('a car cut at one edge keeps the edge warning; a box reaching two edges round a car whose silhouette stays clear says nothing', async () => {
    expect(await rowSays({ left: 0, top: 0.3, right: 0.7, bottom: 0.9 }, true)).toEqual([CAR_CHECK_MESSAGES.cutByEdge]);
    expect(await rowSays({ left: 0.1, top: 0, right: 0.9, bottom: 0.8 }, true)).toEqual([CAR_CHECK_MESSAGES.cutByEdge]);
    expect(await rowSays({ left: 0, top: 0, right: 0.7, bottom: 0.8 }, false)).toEqual([]);
  });

  it('something the cut-out shows in front of the car (a fence, a branch) gets the retake words of the card, before the edge warning', async () => {
    expect(await rowSays({ left: 0.2, top: 0.3, right: 0.8, bottom: 0.9 }, false, true)).toEqual([CAR_CHECK_REASONS.somethingInFront.text]);
    expect(await rowSays({ left: 0, top: 0.3, right: 0.7, bottom: 0.9 }, true, true)).toEqual([CAR_CHECK_REASONS.somethingInFront.text, CAR_CHECK_MESSAGES.cutByEdge]);
    // A clear view, or an adapter that cannot tell (the cloud model): nothing said.
    expect(await rowSays({ left: 0.2, top: 0.3, right: 0.8, bottom: 0.9 }, false, false)).toEqual([]);
    expect(await rowSays({ left: 0.2, top: 0.3, right: 0.8, bottom: 0.9 }, false)).toEqual([]);
  });
});
