import { describe, expect, it } from 'vitest';
import type { DecodedPhoto } from '../../functions/src/renderer/photo-validation';
import type { Detection } from '../../functions/src/vision/port';
import { RememberingDetector, type VehicleDetector } from '../../functions/src/vision/local/local-vision';

/** A detector that counts its looks and answers one car. */
function countingDetector() {
  const counter = { looks: 0 };
  const detector: VehicleDetector = {
    warmUp: async () => undefined,
    detectVehicles: async () => {
      counter.looks += 1;
      return [{ box: { left: 0.1, top: 0.2, right: 0.9, bottom: 0.8 }, score: 0.9, label: 'car' } satisfies Detection];
    },
  };
  return { detector, counter };
}

const photo = (sourceSha256?: string): DecodedPhoto => ({ type: 'jpeg', originalWidth: 4, originalHeight: 2, rgb: Buffer.alloc(24), width: 4, height: 2, ...(sourceSha256 ? { sourceSha256 } : {}) });

describe('the detector remembers the uploads it looked at (the upload check, then prepare, in one process)', () => {
  it('looks once per file, again for another file or after forgetting, and always for pixels without their file', async () => {
    const { detector, counter } = countingDetector();
    const remembering = new RememberingDetector(detector);
    await remembering.detectVehicles(photo('a'.repeat(64)));
    await remembering.detectVehicles(photo('a'.repeat(64)));
    expect(counter.looks).toBe(1);
    await remembering.detectVehicles(photo('b'.repeat(64)));
    expect(counter.looks).toBe(2);
    await remembering.detectVehicles(photo());
    await remembering.detectVehicles(photo());
    expect(counter.looks).toBe(4);
    remembering.forget();
    await remembering.detectVehicles(photo('a'.repeat(64)));
    expect(counter.looks).toBe(5);
  });

  it('answers each caller its own copy, and keeps no more files than its size', async () => {
    const { detector, counter } = countingDetector();
    const remembering = new RememberingDetector(detector, 2);
    const first = await remembering.detectVehicles(photo('a'.repeat(64)));
    first[0]!.box.left = 0.5;
    expect((await remembering.detectVehicles(photo('a'.repeat(64))))[0]!.box.left).toBe(0.1);
    await remembering.detectVehicles(photo('b'.repeat(64)));
    await remembering.detectVehicles(photo('c'.repeat(64)));
    expect(counter.looks).toBe(3);
    await remembering.detectVehicles(photo('a'.repeat(64))); // the oldest was let go
    expect(counter.looks).toBe(4);
  });
});
