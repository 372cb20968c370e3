/**
 * The walk-around video's timeline (issue 29): which finished angle is on screen at each tick of the video, and how one
 * fades into the next. Pure: no images, no encoder. The frames it lists are the frames encoded; a hold is one frame
 * shown for many ticks, so the encoder does the work of one frame per angle plus the fades (see ./port.ts).
 */
import { WALK_AROUND_ORDER, type Angle } from '@shared/angles';

export const VIDEO_WIDTH = 1280;
export const VIDEO_HEIGHT = 720;
/** The video's frame rate: a tick is one frame time (1/24 s), the unit of every duration below. */
export const VIDEO_TICKS_PER_SECOND = 24;
/** About 8 s whatever the number of angles: fewer angles are each held longer. */
export const VIDEO_SECONDS = 8;
/** A soft cross fade: 10 ticks, about 0.42 s, eased at both ends; the same speed whatever the number of angles. */
export const FADE_TICKS = 10;
/**
 * Each step of a fade shows for 2 ticks (a 12 fps dissolve inside the 24 fps video): 5 encoded frames per fade instead
 * of 10. Every encoded frame costs the encoder about the same (20-25 ms here, a hold as much as a fade step), so an
 * 8-angle video encodes 48 frames rather than 88: 1.1 s of CPU rather than 2 s (docs/product.md, "Walk-around video").
 */
export const FADE_STEP_TICKS = 2;
/** A single angle makes no walk-around: its image is the whole package, already downloadable. */
export const MIN_VIDEO_ANGLES = 2;

/**
 * One frame of the video: angle `from` faded towards angle `to` by `weight` (0: `from` alone), shown for `ticks`.
 * Indexes are into the timeline's `angles`.
 */
export interface TimelineFrame {
  from: number;
  to: number;
  weight: number;
  ticks: number;
}

export interface Timeline {
  /** The angles in the order the video shows them. */
  angles: Angle[];
  frames: TimelineFrame[];
  totalTicks: number;
}

/** The finished angles in walk-around order (front, then clockwise seen from above); the others are skipped. */
export function walkAroundAngles(finished: readonly Angle[]): Angle[] {
  return WALK_AROUND_ORDER.filter((a) => finished.includes(a));
}

/** Slow at both ends, so a fade starts and lands softly rather than at a constant rate (smoothstep). */
const ease = (t: number) => t * t * (3 - 2 * t);

/**
 * The timeline of a walk-around from these angles (in the order given), or undefined for fewer than two. The 8 s are
 * shared out in whole ticks, one slot per angle: the angle held, then faded into the next (every slot the same number
 * of frames: with 8 angles or fewer a slot is at least 24 ticks, room for the whole fade). The last angle fades back
 * into the first, so the video ends where it began and loops without a jump (as a marketplace or a site plays it).
 */
export function walkAroundTimeline(angles: readonly Angle[]): Timeline | undefined {
  if (angles.length < MIN_VIDEO_ANGLES) return undefined;
  const n = angles.length;
  const totalTicks = VIDEO_SECONDS * VIDEO_TICKS_PER_SECOND;
  const frames: TimelineFrame[] = [];
  for (let i = 0; i < n; i++) {
    const slot = Math.floor(((i + 1) * totalTicks) / n) - Math.floor((i * totalTicks) / n);
    // Never more fade than hold (8 angles: 14 ticks held, 10 fading in 5 steps).
    const steps = Math.floor(Math.min(FADE_TICKS, slot / 2) / FADE_STEP_TICKS);
    frames.push({ from: i, to: i, weight: 0, ticks: slot - steps * FADE_STEP_TICKS });
    for (let k = 1; k <= steps; k++) frames.push({ from: i, to: (i + 1) % n, weight: ease(k / (steps + 1)), ticks: FADE_STEP_TICKS });
  }
  return { angles: [...angles], frames, totalTicks };
}
