import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * The photos of the coverage tests (car-packages-coverage-plan: the plan before paying at 1280 and 375 px;
 * car-packages-coverage-not-ready: a photo still being checked, no credit left). One file took 65 s in a clean-clone
 * run, near the 90-s guard.
 */
const X3 = join(import.meta.dirname, '../fixtures/cars/bmw-x3-blue-front34-parked-4540px.jpg');

/** Three front three-quarter photos of one car, framed and lit a little differently (as three shots on the lot would be). */
export async function threeFrontCorners(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'coverage-'));
  const original = await readFile(X3);
  const { width, height } = await sharp(original).metadata();
  const shots = [
    await sharp(original).resize({ width: 1600 }).jpeg({ quality: 90 }).toBuffer(),
    await sharp(original).extend({ left: Math.round(width! * 0.05), right: Math.round(width! * 0.05), top: Math.round(height! * 0.04), bottom: 0, extendWith: 'copy' }).resize({ width: 1600 }).jpeg({ quality: 88 }).toBuffer(),
    await sharp(original).resize({ width: 1400 }).modulate({ brightness: 1.08 }).jpeg({ quality: 85 }).toBuffer(),
  ];
  return Promise.all(shots.map(async (bytes, i) => {
    const path = join(dir, `x3-front-corner-${i + 1}.jpg`);
    await writeFile(path, bytes);
    return path;
  }));
}
