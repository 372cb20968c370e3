import { describe, expect, it } from 'vitest';
import { anglesFromPhotos, anglesGiven, carGroups, TRIAL_CHECK_MESSAGES } from './trial-photo-checks';

const paint = (l: number, a: number, b: number) => ({ paint: [l, a, b] as [number, number, number], share: 0.5 });
const BLUE = paint(28.6, 13.9, -24.4);
const WHITE = paint(67.4, 1.3, -0.3);
const GREY = paint(35.6, 1, -2.5);

describe('carGroups: which car each trial photo shows', () => {
  it('numbers the car most photos show 1, the others by their first photo', () => {
    expect(carGroups([BLUE, WHITE, BLUE])).toEqual([1, 2, 1]);
    expect(carGroups([WHITE, BLUE, BLUE])).toEqual([2, 1, 1]);
    expect(carGroups([BLUE, WHITE, GREY])).toEqual([1, 2, 3]);
  });
  it('on a tie, car 1 is the earliest photo\'s; a photo without a measured paint joins car 1', () => {
    expect(carGroups([WHITE, BLUE])).toEqual([1, 2]);
    expect(carGroups([null, BLUE, undefined])).toEqual([1, 1, 1]);
    expect(carGroups([])).toEqual([]);
  });
});

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
