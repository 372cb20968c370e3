import { describe, expect, it, vi } from 'vitest';
import { logger } from '../../lib/logger';
import { ANGLES } from '@shared/angles';
import { platedView, readCarPlate } from './car-plate';

describe('which views the photo check reads a plate in', () => {
  it('reads ends and corners, not sides', () => {
    expect(ANGLES.filter(platedView)).toEqual(['front', 'rear', 'front_left_corner', 'front_right_corner', 'rear_left_corner', 'rear_right_corner']);
  });

  it('reads nothing from a side, or with a cut-out not at the photo\'s size (the reader is not even loaded)', async () => {
    const photo = { rgb: Buffer.alloc(8 * 8 * 3), width: 8, height: 8 };
    expect(await readCarPlate(photo, { alpha: new Uint8Array(64).fill(255), width: 8, height: 8 }, 'left_side')).toBeNull();
    expect(await readCarPlate(photo, { alpha: new Uint8Array(16).fill(255), width: 4, height: 4 }, 'rear')).toBeNull();
  });
});

describe('a plate that cannot be read', () => {
  it('leaves the plate out and logs the error\'s class only', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    try {
      // Pixels that do not fill the photo's size: the reader fails inside, and the check goes on without a plate.
      const photo = { rgb: Buffer.alloc(10), width: 64, height: 64 };
      expect(await readCarPlate(photo, { alpha: new Uint8Array(64 * 64).fill(255), width: 64, height: 64 }, 'rear')).toBeNull();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]).toEqual(['plate not read', { errorClass: expect.stringMatching(/^\w+$/) }]);
    } finally {
      warn.mockRestore();
    }
  }, 60_000);
});
