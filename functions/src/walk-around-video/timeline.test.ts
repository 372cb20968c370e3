import { describe, expect, it } from 'vitest';
import { ANGLES, WALK_AROUND_ORDER, type Angle } from '@shared/angles';
import { FADE_STEP_TICKS, FADE_TICKS, VIDEO_SECONDS, VIDEO_TICKS_PER_SECOND, walkAroundAngles, walkAroundTimeline, type Timeline } from './timeline';

/** Which angle fills the screen at each tick: the hold's angle, or during a fade the pair and the weight. */
function ticksOf(timeline: Timeline) {
  return timeline.frames.flatMap((f) => Array.from({ length: f.ticks }, () => f));
}

describe('walk-around video timeline', () => {
  it('shows the finished angles in walk-around order (front, then clockwise from above), whatever order they come in', () => {
    expect(walkAroundAngles([...ANGLES])).toEqual([...WALK_AROUND_ORDER]);
    expect(walkAroundAngles(['rear_left_corner', 'front', 'right_side', 'rear'])).toEqual(['front', 'right_side', 'rear', 'rear_left_corner']);
  });

  it('skips angles that did not finish: the video holds only the others, in order, each once', () => {
    const finished: Angle[] = ['front', 'front_right_corner', 'rear', 'left_side', 'front_left_corner'];
    const timeline = walkAroundTimeline(walkAroundAngles(finished))!;
    expect(timeline.angles).toEqual(['front', 'front_right_corner', 'rear', 'left_side', 'front_left_corner']);
    const holds = timeline.frames.filter((f) => f.weight === 0);
    expect(holds.map((f) => timeline.angles[f.from])).toEqual(timeline.angles);
  });

  it.each([2, 3, 5, 7, 8])('lasts 8 s in whole frames at 24 fps with %i angles', (n) => {
    const timeline = walkAroundTimeline(WALK_AROUND_ORDER.slice(0, n))!;
    expect(timeline.totalTicks).toBe(VIDEO_SECONDS * VIDEO_TICKS_PER_SECOND);
    expect(timeline.frames.reduce((s, f) => s + f.ticks, 0)).toBe(timeline.totalTicks);
    expect(timeline.totalTicks / VIDEO_TICKS_PER_SECOND).toBe(8);
    // The angles share the time evenly (to a tick).
    const held = timeline.frames.filter((f) => f.weight === 0).map((f) => f.ticks);
    expect(Math.max(...held) - Math.min(...held)).toBeLessThanOrEqual(1);
    // Every angle's slot has as many frames (a keyframe starts each: ../make-walk-around-video.ts).
    expect(timeline.frames.length % n).toBe(0);
    expect(timeline.frames.filter((f, i) => i % (timeline.frames.length / n) === 0).every((f) => f.weight === 0)).toBe(true);
  });

  it('8 angles: each held 14 frames (0.58 s) then cross-faded into the next over 10 (0.42 s), the last back into the first', () => {
    const timeline = walkAroundTimeline([...WALK_AROUND_ORDER])!;
    const ticks = ticksOf(timeline);
    for (let i = 0; i < 8; i++) {
      const slot = ticks.slice(i * 24, (i + 1) * 24);
      expect(slot.slice(0, 14).every((f) => f.from === i && f.weight === 0)).toBe(true);
      const fade = slot.slice(14);
      expect(fade).toHaveLength(FADE_TICKS);
      expect(fade.every((f) => f.from === i && f.to === (i + 1) % 8 && f.weight > 0)).toBe(true);
    }
    // One encoded frame per hold and per fade step (2 ticks each): 8 + 40 frames, not 192.
    expect(FADE_TICKS / FADE_STEP_TICKS).toBe(5);
    expect(timeline.frames).toHaveLength(8 + 8 * 5);
    expect(timeline.frames.filter((f) => f.weight > 0).every((f) => f.ticks === FADE_STEP_TICKS)).toBe(true);
  });

  it('fades are soft: strictly rising weights between 0 and 1, eased (small steps at both ends, larger in the middle)', () => {
    const timeline = walkAroundTimeline(['front', 'rear', 'left_side'])!;
    const fades = timeline.frames.filter((f) => f.weight > 0);
    for (let i = 0; i < timeline.angles.length; i++) {
      const weights = fades.filter((f) => f.from === i).map((f) => f.weight);
      expect(weights).toHaveLength(FADE_TICKS / FADE_STEP_TICKS);
      expect(weights[0]).toBeGreaterThan(0);
      expect(weights.at(-1)).toBeLessThan(1);
      const steps = weights.slice(1).map((w, k) => w - weights[k]!);
      expect(steps.every((s) => s > 0)).toBe(true);
      const middle = steps[Math.floor(steps.length / 2)]!;
      expect(steps[0]).toBeLessThan(middle);
      expect(steps.at(-1)).toBeLessThan(middle);
      // Symmetric: the fade lands as softly as it starts.
      weights.forEach((w, k) => expect(w + weights[weights.length - 1 - k]!).toBeCloseTo(1, 10));
    }
  });

  it('makes no video of a single angle (its image is the whole package) nor of none', () => {
    expect(walkAroundTimeline(['front'])).toBeUndefined();
    expect(walkAroundTimeline([])).toBeUndefined();
    expect(walkAroundTimeline(['front', 'rear'])!.angles).toEqual(['front', 'rear']);
  });
});
