/**
 * The car check as the compositor runs it (the COCO detector and the cut-out), warmed up before a file's tests, and
 * the committed photos of tests/fixtures/vision: what the angle test files share.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll } from 'vitest';
import { cutOut } from '../../functions/src/renderer/local/cutout';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { LocalVision } from '../../functions/src/vision/local/local-vision';

const VISION_DIR = resolve(import.meta.dirname, '../fixtures/vision');
export const fixture = (name: string) => readFileSync(resolve(VISION_DIR, name));
export const decoded = async (bytes: Buffer) => decodePhoto(bytes);

/** A local car check for this file, its models loaded before the first test. */
export function useLocalVision(): LocalVision {
  const vision = new LocalVision((photo) => cutOut(photo));
  beforeAll(() => vision.warmUp(), 60_000);
  return vision;
}
