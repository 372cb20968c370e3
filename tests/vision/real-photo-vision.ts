/**
 * The car check as the product runs it (the COCO detector and the configured cut-out, u2netp unless CUTOUT_MODEL says
 * isnet: functions/src/vision/create-vision.ts), warmed up before a file's tests, and the committed photos of
 * tests/fixtures/vision: what the angle test files share.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll } from 'vitest';
import { createCutout, type CutoutModel } from '../../functions/src/renderer/cutout/create-cutout';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { LocalVision } from '../../functions/src/vision/local/local-vision';

const VISION_DIR = resolve(import.meta.dirname, '../fixtures/vision');
export const fixture = (name: string) => readFileSync(resolve(VISION_DIR, name));
export const decoded = async (bytes: Buffer) => decodePhoto(bytes);

/**
 * A local car check for this file, its models loaded before the first test. Its cut-out is the product's unless a
 * file names one (ISNet, the opt-in model, takes 5 to 6 core-seconds a photo against u2netp's 1).
 */
export function useLocalVision(model?: CutoutModel): LocalVision {
  const cutout = createCutout(model);
  const vision = new LocalVision((photo) => cutout.cutOut(photo));
  beforeAll(() => vision.warmUp(), 60_000);
  return vision;
}
