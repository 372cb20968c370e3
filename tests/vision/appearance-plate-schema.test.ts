import { describe, expect, it } from 'vitest';
import { checkCarPhotoResponseSchema } from '@shared/schemas/car-photo-check';
import { trialPhotoVerdictSchema } from '@shared/schemas/trial';

const checked = (plate?: unknown) => ({
  car: true,
  angle: 'rear',
  confidence: 0.9,
  low_confidence: false,
  cars: 1,
  warnings: [],
  appearance: { paint: [68, -1, -2], share: 0.6, ...(plate !== undefined ? { plate } : {}) },
});

describe('the check\'s appearance carries the plate it read', () => {
  it('round-trips a plate through the check\'s answer as stored (JSON) and read back', () => {
    const back = checkCarPhotoResponseSchema.parse(JSON.parse(JSON.stringify(checkCarPhotoResponseSchema.parse(checked('JSC7486')))));
    expect(back.car && back.appearance?.plate).toBe('JSC7486');
    const without = checkCarPhotoResponseSchema.parse(checked());
    expect(without.car && without.appearance && 'plate' in without.appearance).toBe(false);
  });

  it('carries it in a trial photo\'s verdict (the trial link\'s strict schema)', () => {
    const verdict = { name: 'rear.jpg', car: true, angle: 'rear', confidence: 0.9, low_confidence: false, appearance: checked('JSC7486').appearance, car_group: 1 };
    const back = trialPhotoVerdictSchema.parse(JSON.parse(JSON.stringify(verdict)));
    expect(back.car && back.appearance?.plate).toBe('JSC7486');
  });

  it('refuses a plate that is not 5 to 10 upper-case letters and digits', () => {
    for (const bad of ['JSC', 'jsc7486', 'JSC-7486', 'ABCDE123456', 7486]) expect(checkCarPhotoResponseSchema.safeParse(checked(bad)).success).toBe(false);
  });
});
