import { describe, expect, it } from 'vitest';
import { anglesFromPhotos } from './angles';
import { anglesGiven, TRIAL_CHECK_MESSAGES } from './trial-photo-checks';

describe('the trial package is named and counted by its angles', () => {
  it('lists each angle once, in the package order', () => {
    expect(anglesGiven(['rear', 'front_left_corner', 'rear', null])).toEqual(['rear', 'front_left_corner']);
    expect(TRIAL_CHECK_MESSAGES.anglesGiven(['front_left_corner', 'front_right_corner'])).toBe('Your photos give 2 angles: Front Left Corner, Front Right Corner.');
  });
  it('says "2 angles from 2 photos", in the singular where it is one', () => {
    expect(anglesFromPhotos(2, 2)).toBe('2 angles from 2 photos');
    expect(anglesFromPhotos(1, 2)).toBe('1 angle from 2 photos');
    expect(TRIAL_CHECK_MESSAGES.packageName(1, 1)).toBe('Trial: 1 angle from 1 photo');
  });
});
