import { describe, expect, it } from 'vitest';
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
