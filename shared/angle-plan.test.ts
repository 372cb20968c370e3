import { describe, expect, it } from 'vitest';
import { planCoverage } from './angle-plan';

describe('planCoverage: the one plan of the 8 angles', () => {
  it('three front left corners give 2 of 8: the corner and its mirror image; the rest say what photo would give them', () => {
    const plan = planCoverage(['front_left_corner', 'front_left_corner', 'front_left_corner']);
    expect(plan.covered).toBe(2);
    const by = Object.fromEntries(plan.angles.map((a) => [a.angle, a]));
    expect(by.front_left_corner).toMatchObject({ source: 'photo', photo_index: 0 });
    expect(by.front_right_corner).toMatchObject({ source: 'mirror', photo_index: 0 });
    expect(by.front).toMatchObject({ source: 'missing', photo_index: null, would_be_given_by: ['front'] });
    expect(by.left_side!.would_be_given_by).toEqual(['left_side', 'right_side']);
    expect(by.rear!.reason).toContain('Rear View');
  });

  it('front, rear, one side and two corners give all 8', () => {
    const plan = planCoverage(['front', 'rear', 'left_side', 'front_right_corner', 'rear_left_corner']);
    expect(plan.covered).toBe(8);
    expect(plan.angles.filter((a) => a.source === 'mirror').map((a) => a.angle)).toEqual(['right_side', 'front_left_corner', 'rear_right_corner']);
  });

  it('a photo that shows an angle is preferred over a mirror image; unknown angles are counted', () => {
    const plan = planCoverage([null, 'right_side', 'left_side', undefined]);
    expect(plan.angles.find((a) => a.angle === 'left_side')).toMatchObject({ source: 'photo', photo_index: 2 });
    expect(plan.covered).toBe(2);
    expect(plan.unknown_photos).toBe(2);
  });
});
