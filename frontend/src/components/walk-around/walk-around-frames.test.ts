import { describe, expect, it } from 'vitest';
import { ANGLES, WALK_AROUND_ORDER } from '@shared/angles';
import { clampPan, clampZoom, dragSteps, frameAnnouncement, turn, walkAroundFrames, type WalkAroundSource } from './walk-around-frames';

const every = (): WalkAroundSource[] => ANGLES.map((angle) => ({ angle, imageUrl: `https://img/${angle}.webp`, fullUrl: `https://img/${angle}.jpg` }));

describe('walk-around frames', () => {
  it('go round the car from the front, clockwise: front, front-right, right, rear-right, rear, rear-left, left, front-left', () => {
    expect(walkAroundFrames(every()).map((f) => f.angle)).toEqual([
      'front',
      'front_right_corner',
      'right_side',
      'rear_right_corner',
      'rear',
      'rear_left_corner',
      'left_side',
      'front_left_corner',
    ]);
    expect([...WALK_AROUND_ORDER].sort()).toEqual([...ANGLES].sort());
  });

  it('skip an angle with no image, so a turn never lands on a blank frame', () => {
    const sources = every().map((s) => (s.angle === 'right_side' ? { ...s, imageUrl: null, fullUrl: null } : s)).filter((s) => s.angle !== 'rear');
    const frames = walkAroundFrames(sources);
    expect(frames.map((f) => f.angle)).toEqual(['front', 'front_right_corner', 'rear_right_corner', 'rear_left_corner', 'left_side', 'front_left_corner']);
    expect(frames.every((f) => f.imageUrl && f.fullUrl)).toBe(true);
  });

  it('use the one image an angle has for both sizes', () => {
    const [frame] = walkAroundFrames([{ angle: 'rear', imageUrl: null, fullUrl: 'https://img/rear.jpg' }]);
    expect(frame).toEqual({ angle: 'rear', label: 'Rear View', imageUrl: 'https://img/rear.jpg', fullUrl: 'https://img/rear.jpg' });
  });

  it('are announced by label and position: "Rear View, 5 of 8"', () => {
    expect(frameAnnouncement(walkAroundFrames(every()), 4)).toBe('Rear View, 5 of 8');
  });
});

describe('turning', () => {
  it('goes round both ways', () => {
    expect(turn(7, 1, 8)).toBe(0);
    expect(turn(0, -1, 8)).toBe(7);
    expect(turn(3, 10, 8)).toBe(5);
    expect(turn(0, 1, 0)).toBe(0);
  });

  it('a drag to the left brings the next angles, one per 40 px; a drag across a phone-wide stage turns the car once round', () => {
    expect(dragSteps(-39, 1280, 8)).toBe(0);
    expect(dragSteps(-80, 1280, 8)).toBe(2);
    expect(dragSteps(45, 1280, 8)).toBe(-1);
    expect(dragSteps(-343, 343, 8)).toBe(8);
    expect(dragSteps(-500, 1280, 1)).toBe(0);
  });
});

describe('zoom', () => {
  it('stays between 1x and 4x, and a zoomed image never leaves the stage uncovered', () => {
    expect(clampZoom(0.2)).toBe(1);
    expect(clampZoom(9)).toBe(4);
    expect(clampPan({ x: 500, y: -500 }, 2, { width: 400, height: 300 })).toEqual({ x: 200, y: -150 });
    expect(clampPan({ x: 30, y: 20 }, 1, { width: 400, height: 300 })).toEqual({ x: 0, y: 0 });
  });
});
