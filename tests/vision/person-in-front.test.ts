import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { checkCar, personInFront } from '../../functions/src/renderer/checks/car-checks';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { decodeCutoutRecord, encodeCutoutRecord } from '../../functions/src/renderer/local/cutout-record';
import { withPeople } from '../../functions/src/vision/boxes';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { checkCars } from '../../functions/src/vision/car-check';
import { checkCarPhoto } from '../../functions/src/vision/check-car-photo';
import { CenterNetDetector } from '../../functions/src/vision/local/centernet-detector';
import type { CarVision, Detection, NormBox } from '../../functions/src/vision/port';

/**
 * A person standing between the camera and the car (issue 37): boxes in, the retake reason out. No committed photo
 * shows a person in front of a car, so the boxes are the detector's on such a photo (a Chrysler from the rear-left, a
 * man in a hi-vis vest over its rear bumper and wheel, his body cut by the bottom of the frame) and variations of them.
 */
const car: NormBox = { left: 0.103, top: 0.005, right: 0.759, bottom: 0.734 };
const manInFront: NormBox = { left: 0.422, top: 0.387, right: 0.79, bottom: 1 };
/** The same man a step to the right of the car: his box barely touches the car's. */
const manBeside: NormBox = { left: 0.74, top: 0.387, right: 1, bottom: 1 };
/** A person behind the car: head and shoulders over the roof, feet hidden behind it. */
const manBehind: NormBox = { left: 0.4, top: 0, right: 0.5, bottom: 0.45 };
/** The car itself read, weakly, as a person (the detector does this on whole cars). */
const carAsPerson: NormBox = { left: 0.06, top: 0, right: 0.78, bottom: 0.76 };
/** A part of the car read as a person: a box wholly inside the car's, at its bottom corner. */
const carCorner: NormBox = { left: 0.66, top: 0.4, right: 0.755, bottom: 0.73 };
/** A woman leaning on the car's rear corner, beside it but nearer the camera: her feet well below its wheels. */
const womanAtCorner: NormBox = { left: 0.64, top: 0.2, right: 0.96, bottom: 0.98 };
/** A small person far off, seen through the car's windows. */
const farOff: NormBox = { left: 0.3, top: 0.2, right: 0.33, bottom: 0.3 };

describe('a person in front of the car', () => {
  it('is a person whose box covers the car and whose feet stand at or below its ground line', () => {
    expect(personInFront(car, [manInFront])).toBe(true);
    expect(personInFront(car, [farOff, manInFront])).toBe(true);
    expect(personInFront(car, [womanAtCorner])).toBe(true);
  });

  it('is not a person beside the car, behind it, far off, nor the car read as a person', () => {
    expect(personInFront(car, [])).toBe(false);
    expect(personInFront(car, [manBeside])).toBe(false);
    expect(personInFront(car, [manBehind])).toBe(false);
    expect(personInFront(car, [carAsPerson])).toBe(false);
    expect(personInFront(car, [farOff])).toBe(false);
    expect(personInFront(car, [carCorner])).toBe(false);
    // Standing over the car's box but with the feet well above its lowest part: behind the car's near end.
    expect(personInFront(car, [{ left: 0.45, top: 0.1, right: 0.85, bottom: 0.55 }])).toBe(false);
  });

  it("reaches the main car from the detector's boxes: only the people over its box", () => {
    const vehicles: Detection[] = [
      { label: 'car', score: 0.6, box: car },
      { label: 'car', score: 0.4, box: { left: 0.8, top: 0.3, right: 1, bottom: 0.5 } },
    ];
    const [main, other] = withPeople(vehicles, [
      { box: manInFront, score: 0.1 },
      { box: { left: 0, top: 0.2, right: 0.05, bottom: 0.6 }, score: 0.4 },
    ]);
    expect(main!.people).toEqual([{ box: manInFront, score: 0.1 }]);
    expect(other!.people).toBeUndefined();
  });

  it("is said by the form's check before the charge", async () => {
    const rowSays = async (people: NormBox[] | undefined) => {
      const vision: CarVision = {
        name: 'local',
        model: 'given sighting',
        look: async () => ({ ok: true, cars: 1, main: car, others: [], cutByEdge: false, ...(people ? { people } : {}), angle: 'rear_left_corner', confidence: 0.9, warnings: [] }),
      };
      const photo = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#777' } }).jpeg().toBuffer();
      const answer = await checkCarPhoto({ vision }, { photo: photo.toString('base64'), original_size: { width: 1280, height: 720 } });
      if (!answer.car) throw new Error(answer.message);
      return answer.warnings;
    };
    expect(await rowSays([manInFront])).toContain(CAR_CHECK_REASONS.personInFront.text);
    expect(await rowSays([manBeside, manBehind])).not.toContain(CAR_CHECK_REASONS.personInFront.text);
    // The cloud adapter reports no people: nothing is said.
    expect(await rowSays(undefined)).not.toContain(CAR_CHECK_REASONS.personInFront.text);
  });

  it("makes the rendered angle's check a retake, also in a render task given prepare's cut-out record", async () => {
    const mask = carBlock();
    const base = { mask, main: car, angle: 'rear_left_corner' as const, cutByEdge: false, upscale: 1 };
    const withMan = checkCar({ ...base, people: [manInFront] });
    expect(withMan.verdict).toBe('retake');
    expect(withMan.reasons).toContain(CAR_CHECK_REASONS.personInFront.text);
    expect(checkCar({ ...base, people: [manBehind] }).reasons).not.toContain(CAR_CHECK_REASONS.personInFront.text);
    // The record a render task reads instead of looking again carries the people.
    const digest = 'a'.repeat(64);
    const record = await encodeCutoutRecord(digest, 'u2netp', { mask, angle: 'rear_left_corner', confidence: 0.9, warnings: [], main: car, cutByEdge: false, people: [manInFront] });
    expect((await decodeCutoutRecord(record, digest, 'u2netp', mask))?.people).toEqual([manInFront]);
  });
});

describe("the detector's people on a real photo", () => {
  it('come from the same run as the cars: a person in the shop behind the Cupra, seen through its window, is over its box, not in front of it', async () => {
    const photo = await decodePhoto(readFileSync(resolve(import.meta.dirname, '../fixtures/cars/cupra-born-grey-front34-street.jpg')));
    const check = checkCars(await new CenterNetDetector().detectVehicles(photo));
    if (!check.ok) throw new Error(check.message);
    const { box: main, people = [] } = check.main;
    // The person at the car's left end, at a desk behind the shop window (0.43 on this photo).
    const inShop = people.find((p) => p.score > 0.3);
    expect(inShop?.box.left).toBeGreaterThan(main.left);
    expect(inShop?.box.bottom).toBeLessThan(main.top + 0.5 * (main.bottom - main.top));
    expect(personInFront(main, people.map((p) => p.box))).toBe(false);
  }, 30_000);
});

/** A plain car-shaped block where the detector's box is: nothing else for the check to find. */
function carBlock(): CleanMask {
  const width = 320;
  const height = 180;
  const alpha = new Uint8Array(width * height);
  const box = { left: Math.round(car.left * width), top: Math.round(car.top * height) + 10, right: Math.round(car.right * width), bottom: Math.round(car.bottom * height) };
  for (let y = box.top; y < box.bottom; y++) alpha.fill(255, y * width + box.left, y * width + box.right);
  return { alpha, width, height, box, areaFraction: ((box.right - box.left) * (box.bottom - box.top)) / (width * height), removedFraction: 0 };
}
