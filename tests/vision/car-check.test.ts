/**
 * The car check on real photos: the committed ones (tests/fixtures/cars, tests/fixtures/vision). Real models: the COCO
 * detector and the product's cut-out (u2netp unless CUTOUT_MODEL says isnet, as functions/src/vision/create-vision.ts).
 * The angle it names is tested in car-angle.test.ts (a file of its own, so each stays well under the time a test file
 * may take).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAR_CHECK_MESSAGES, PHOTO_REFUSALS } from '@shared/messages';
import { createCutout } from '../../functions/src/renderer/cutout/create-cutout';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import type { CutoutPhoto } from '../../functions/src/renderer/cutout/port';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { checkCarPhoto } from '../../functions/src/vision/check-car-photo';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import type { CarVision } from '../../functions/src/vision/port';
import { DomainError } from '../../functions/src/lib/errors';
import { badPhotos, car } from '../renderer/bad-photos';

const VISION_DIR = resolve(import.meta.dirname, '../fixtures/vision');
const fixture = (name: string) => readFileSync(resolve(VISION_DIR, name));

let cutOuts = 0;
const cutout = createCutout();
const cutOut = (photo: CutoutPhoto) => cutout.cutOut(photo);
const vision = new LocalVision(async (photo) => (cutOuts++, cutOut(photo)));
const decoded = async (bytes: Buffer) => decodePhoto(bytes);
const u2netp = createCutout('u2netp');

beforeAll(() => vision.warmUp(), 60_000);

describe('car check on committed photos', () => {
  // Where the detector sees no vehicle it looks again at the cut-out's subject alone (local-vision.ts, lookCloser: a
  // small car in a wide street); a thing that is not a car is still refused, at the cost of that one cut-out (u2netp's
  // here whatever CUTOUT_MODEL says: ISNet's would take most of this file's time).
  const light = new LocalVision(async (photo) => (cutOuts++, u2netp.cutOut(photo)));
  it.each(['noncar-cat.jpg', 'noncar-person.jpg', 'noncar-coffee.jpg', 'noncar-rocket.jpg'])('%s: refused as not a car after one cut-out for a second look', async (name) => {
    const before = cutOuts;
    expect(await light.look(await decoded(fixture(name)))).toEqual({ ok: false, reason: 'not_a_car', message: PHOTO_REFUSALS.notACar, cars: 0 });
    expect(cutOuts).toBe(before + 1);
  });

  it('with the cut-out alongside the detector (its own thread), a non-car is refused the same and a car gets the same sighting', async () => {
    const alongside = new LocalVision(async (photo) => cutOut(photo), undefined, { cutOutAlongside: true });
    // The non-car's second look waits for its cut-out: u2netp's, as above.
    const lightAlongside = new LocalVision(async (photo) => u2netp.cutOut(photo), undefined, { cutOutAlongside: true });
    expect(await lightAlongside.look(await decoded(fixture('noncar-coffee.jpg')))).toEqual({ ok: false, reason: 'not_a_car', message: PHOTO_REFUSALS.notACar, cars: 0 });
    const photo = await decoded(car('cupra-born-grey-front34-street.jpg'));
    const [together, oneAfterTheOther] = [await alongside.lookClosely(photo), await vision.lookClosely(photo)];
    expect(together.sighting).toEqual(oneAfterTheOther.sighting);
    expect(Buffer.from(together.mask!.alpha).equals(Buffer.from(oneAfterTheOther.mask!.alpha))).toBe(true);
    // Three looks, two cut-outs: 60 s as the other real-photo tests have, for when another model file shares the cores.
  }, 60_000);

  it('a car mostly outside the frame (a close-up of its bonnet and front wheel) is refused, saying to step back', async () => {
    expect(await vision.look(await decoded(fixture('refuse-car-close-up.jpg')))).toMatchObject({ ok: false, reason: 'car_outside_frame', message: CAR_CHECK_MESSAGES.carOutsideFrame });
  });

  it('two cars of the same size side by side: refused, asking for one car per photo', async () => {
    const look = await vision.look(await decoded(fixture('refuse-two-cars-side-by-side.jpg')));
    expect(look).toMatchObject({ ok: false, reason: 'several_cars', message: CAR_CHECK_MESSAGES.severalCars });
    expect(look.cars).toBeGreaterThanOrEqual(2);
  });

  it('a car beside other parked cars: the main one is kept, the others are left out of its cut-out, the dealer is told', async () => {
    const photo = await decoded(car('cupra-born-grey-front34-street.jpg'));
    const { sighting, mask } = await vision.lookClosely(photo);
    if (!sighting.ok) throw new Error(`refused: ${sighting.message}`);
    expect(sighting.cars).toBeGreaterThanOrEqual(2);
    expect(sighting.main.left).toBeLessThan(0.5);
    expect(sighting.warnings).toContain(CAR_CHECK_MESSAGES.otherCarsRemoved(sighting.others.length));
    // The cut-out before and after: the neighbours' pixels outside the main car's box (and its margin) are gone.
    const raw = await cutOut(photo);
    const inOthers = (m: CleanMask) => {
      let n = 0;
      for (const o of sighting.others)
        for (let y = Math.floor(o.top * m.height); y < Math.ceil(o.bottom * m.height); y++)
          for (let x = Math.floor(o.left * m.width); x < Math.ceil(o.right * m.width); x++) {
            // The main car keeps a 4% margin around its box (a detector box can be a little tight).
            const { left, top, right, bottom } = sighting.main;
            const mx = (right - left) * 0.04, my = (bottom - top) * 0.04;
            const insideMain = x >= (left - mx) * m.width && x < (right + mx) * m.width && y >= (top - my) * m.height && y < (bottom + my) * m.height;
            if (!insideMain && m.alpha[y * m.width + x]! >= 128) n++;
          }
      return n;
    };
    expect(inOthers(mask!)).toBe(0);
    expect(mask!.areaFraction).toBeGreaterThan(0.1);
    expect(mask!.areaFraction).toBeLessThanOrEqual(raw.areaFraction);
  }, 60_000);

  it('a car cut by the frame edge gets the warning the dealer sees', async () => {
    // The ioniq photo cropped so that its rear is cut off by the right edge.
    const source = car('hyundai-ioniq5-silver-front34-grass.jpg');
    const { width, height } = await sharp(source).metadata();
    const bytes = await sharp(source).extract({ left: 0, top: 0, width: Math.round(width! * 0.7), height: height! }).jpeg().toBuffer();
    const look = await vision.look(await decoded(bytes), { angle: false });
    expect(look).toMatchObject({ ok: true, cutByEdge: true });
    expect(look.ok && look.warnings).toContain(CAR_CHECK_MESSAGES.cutByEdge);
  });
});

describe('the angle suggestion route use case', () => {
  it('refuses every bad file with its own message before any model runs', async () => {
    let looks = 0;
    const spy: CarVision = { name: 'local', model: 'spy', look: async () => (looks++, { ok: false, reason: 'not_a_car', message: 'x', cars: 0 }) };
    const { photos } = await badPhotos();
    for (const bad of photos) {
      if (bad.bytes.length > 2 * 1024 * 1024) continue; // larger than the route's body: refused by the schema
      const error = await checkCarPhoto({ vision: spy }, { photo: bad.bytes.toString('base64') || 'AA==' }).catch((e: unknown) => e);
      expect(error, bad.name).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind, bad.name).toBe('validation');
    }
    expect(looks).toBe(0);
  });

  it('answers the suggested angle and how sure it is for a car, and the reason for a photo without one', async () => {
    const jpeg = await sharp(car('hyundai-ioniq5-silver-front34-grass.jpg')).resize(1280).jpeg({ quality: 85 }).toBuffer();
    expect(await checkCarPhoto({ vision }, { photo: jpeg.toString('base64') })).toMatchObject({ car: true, angle: 'front_left_corner', cars: 1, warnings: [] });
    expect(await checkCarPhoto({ vision }, { photo: fixture('noncar-cat.jpg').toString('base64') })).toEqual({ car: false, reason: 'not_a_car', message: PHOTO_REFUSALS.notACar });
  }, 60_000);
});
