/**
 * The car's look on real photos (issue 39: one car per package): the local car check's look (the detector's network
 * features inside the car's box, functions/src/vision/local/car-look.ts) tells a white saloon's rear (the committed
 * Camry of tests/fixtures/vision) from a white SUV's side and corner (the Changan turntable of ../shared/fixtures/angles,
 * read-only, never committed), which paint and shape cannot; the SUV's own side and corner stay one car. Real models:
 * the COCO detector and the product's cut-out.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOOK_NUMBERS, likelyDifferentCars, lookDistance, oddPhotos, paintDistance, DIFFERENT_CAR_DISTANCE, SAME_CAR_THRESHOLDS, type CarAppearance } from '@shared/same-car';
import { dealerFramed } from '../support/dealer-framing';
import { decoded, fixture, useLocalVision } from './real-photo-vision';

const CS55 = resolve(import.meta.dirname, '../../../shared/fixtures/angles/changan-cs55');
const vision = useLocalVision();

async function appearanceOf(bytes: Buffer): Promise<CarAppearance> {
  const sighting = await vision.look(await decoded(bytes));
  if (!sighting.ok || !sighting.appearance) throw new Error('no car measured');
  return sighting.appearance;
}

/** The turntable frame on white, as the benchmark reads it (transparent PNG flattened). */
const frame = async (name: string) => {
  const sharp = (await import('sharp')).default;
  return sharp(readFileSync(resolve(CS55, name))).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer();
};
const withoutLook = ({ look: _, ...rest }: CarAppearance): CarAppearance => rest;

describe('the look: two white cars from different views, and one car from two', () => {
  it('a white saloon\'s rear against a white SUV\'s side and front corner: flagged by the look alone; the SUV\'s side and corner: one car', async () => {
    expect(existsSync(CS55), `${CS55} is needed (it is beside the repository here and on CI)`).toBe(true);
    const saloonRear = await appearanceOf(fixture('toyota-camry-white-rear-street.jpg'));
    const suvSide = await appearanceOf(await frame('cs55_f06_left_side.png'));
    const suvCorner = await appearanceOf(await frame('cs55_f03_front_left_corner.png'));
    for (const a of [saloonRear, suvSide, suvCorner]) {
      expect(a.look).toHaveLength(LOOK_NUMBERS);
      expect(a.look!.every((v) => Number.isInteger(v) && Math.abs(v) <= 127)).toBe(true);
    }
    for (const suv of [suvSide, suvCorner]) {
      // Same paint colour, and a rear against a side or a corner has no shape comparison: only the look tells them.
      expect(paintDistance(saloonRear, suv)).toBeLessThan(DIFFERENT_CAR_DISTANCE);
      expect(likelyDifferentCars(saloonRear, suv, { ...SAME_CAR_THRESHOLDS, look: Infinity })).toBe(false);
      expect(lookDistance(saloonRear, suv)).toBeGreaterThan(SAME_CAR_THRESHOLDS.look);
      expect(likelyDifferentCars(saloonRear, suv)).toBe(true);
    }
    expect(lookDistance(suvSide, suvCorner)).toBeLessThan(SAME_CAR_THRESHOLDS.look / 2);
    expect(likelyDifferentCars(suvSide, suvCorner)).toBe(false);
    // In a package: the saloon is the odd photo; without looks (the cloud check's photos) nothing would be flagged.
    expect(oddPhotos([suvSide, suvCorner, saloonRear])).toEqual([2]);
    expect(oddPhotos([suvSide, suvCorner, saloonRear].map(withoutLook))).toEqual([]);
  }, 120_000);
});

/** A turntable frame as a dealer frames it (tests/support/dealer-framing.ts), on white. */
const framed = (name: string, width: number, height: number) => dealerFramed(resolve(CS55, name), width, height);

describe('the look: one car photographed in portrait and in landscape', () => {
  it('a portrait photo of the SUV among landscape ones is not taken for another car: looks are compared only at like squeezes', async () => {
    expect(existsSync(CS55), `${CS55} is needed (it is beside the repository here and on CI)`).toBe(true);
    // One dealer's package: the SUV's front and rear in landscape (3:2), its side in portrait (3:4).
    const front = await appearanceOf(await framed('cs55_f00_front.png', 1536, 1024));
    const rear = await appearanceOf(await framed('cs55_f12_rear.png', 1536, 1024));
    const sidePortrait = await appearanceOf(await framed('cs55_f06_left_side.png', 1024, 1365));
    expect([front.lookSqueeze, rear.lookSqueeze, sidePortrait.lookSqueeze]).toEqual([1.5, 1.5, 0.75]);
    // Read through a square squeezed the other way, the side's look lies as far from the front's and rear's as another
    // car's would: compared regardless (as before the squeeze was stored), the portrait photo was flagged.
    const asBefore = ({ lookSqueeze: _, ...rest }: CarAppearance): CarAppearance => rest;
    expect(lookDistance(asBefore(front), asBefore(sidePortrait))).toBeGreaterThan(SAME_CAR_THRESHOLDS.look);
    expect(oddPhotos([front, rear, sidePortrait].map(asBefore))).toEqual([2]);
    expect(lookDistance(front, sidePortrait)).toBeNull();
    expect(lookDistance(front, rear)).not.toBeNull();
    expect(oddPhotos([front, rear, sidePortrait])).toEqual([]);
  }, 120_000);
});
