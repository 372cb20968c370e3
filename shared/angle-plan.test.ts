import { describe, expect, it } from 'vitest';
import { photosLeftOut, planAngle, planCoverage } from './angle-plan';

describe('planCoverage: the one plan of the 8 angles', () => {
  it('by default an angle no photo shows is missing, even when its mirror image could be made: the reason points to the switch', () => {
    const plan = planCoverage(['front_left_corner']);
    expect(plan.covered).toBe(1);
    expect(plan.mirror_possible).toBe(1);
    const right = plan.angles.find((a) => a.angle === 'front_right_corner')!;
    expect(right).toMatchObject({ source: 'missing', photo_index: null, mirror_possible: true });
    expect(right.reason).toBe('No photo shows the Front Right Corner. Add one, or turn on "Fill missing sides with mirror images" to use the Front Left Corner photo reversed.');
    expect(plan.angles.find((a) => a.angle === 'front')).toMatchObject({ source: 'missing', mirror_possible: false });
    expect(planAngle('front_right_corner', ['front_left_corner'])).not.toHaveProperty('photoIndex');
    expect(planAngle('front_right_corner', ['front_left_corner'], { fillMissingSides: true })).toEqual({ angle: 'front_right_corner', photoIndex: 0, mirrored: true });
  });

  it('with the mirror fill, three front left corners give 2 of 8: the corner and its mirror image; the rest say what photo would give them', () => {
    const plan = planCoverage(['front_left_corner', 'front_left_corner', 'front_left_corner'], { fillMissingSides: true });
    expect(plan.mirror_possible).toBe(0);
    expect(plan.covered).toBe(2);
    const by = Object.fromEntries(plan.angles.map((a) => [a.angle, a]));
    expect(by.front_left_corner).toMatchObject({ source: 'photo', photo_index: 0 });
    expect(by.front_right_corner).toMatchObject({ source: 'mirror', photo_index: 0 });
    expect(by.front).toMatchObject({ source: 'missing', photo_index: null, would_be_given_by: ['front'] });
    expect(by.left_side!.would_be_given_by).toEqual(['left_side', 'right_side']);
    expect(by.rear!.reason).toContain('Rear View');
  });

  it('front, rear, one side and two corners give all 8 with the mirror fill, 5 without', () => {
    expect(planCoverage(['front', 'rear', 'left_side', 'front_right_corner', 'rear_left_corner']).covered).toBe(5);
    const plan = planCoverage(['front', 'rear', 'left_side', 'front_right_corner', 'rear_left_corner'], { fillMissingSides: true });
    expect(plan.covered).toBe(8);
    expect(plan.angles.filter((a) => a.source === 'mirror').map((a) => a.angle)).toEqual(['right_side', 'front_left_corner', 'rear_right_corner']);
  });

  it('a photo that shows an angle is preferred over a mirror image; unknown angles are counted', () => {
    const plan = planCoverage([null, 'right_side', 'left_side', undefined], { fillMissingSides: true });
    expect(plan.angles.find((a) => a.angle === 'left_side')).toMatchObject({ source: 'photo', photo_index: 2 });
    expect(plan.covered).toBe(2);
    expect(plan.unknown_photos).toBe(2);
  });
});

describe('photosLeftOut: two photos of one angle', () => {
  it('the first photo of an angle is used, the later ones are left out (with the photo used instead); untagged photos are not', () => {
    const angles = ['front_left_corner', 'rear', 'front_left_corner', null, 'rear', 'front_left_corner'] as const;
    expect([...photosLeftOut(angles)]).toEqual([[2, 0], [4, 1], [5, 0]]);
    expect(planCoverage(angles).angles.find((a) => a.angle === 'front_left_corner')!.photo_index).toBe(0);
    expect(photosLeftOut([null, null, 'front'])).toEqual(new Map());
  });
});
