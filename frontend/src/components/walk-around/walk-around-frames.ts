import { ANGLE_LABELS, WALK_AROUND_ORDER, type Angle } from '@shared/angles';

/** One frame of the walk-around: an angle with a finished studio image. */
export interface WalkAroundFrame {
  angle: Angle;
  label: string;
  /** The image shown while turning (gallery size: quick to load, preloaded for every frame). */
  imageUrl: string;
  /** The full-size image, loaded when the viewer zooms in and offered for download. */
  fullUrl: string;
}

/** What the viewer needs of an angle; a missing or unfinished angle has no URL. */
export interface WalkAroundSource {
  angle: Angle;
  imageUrl: string | null;
  fullUrl: string | null;
  /** The image's own name when it has one ("Front Right Corner (mirror image)"); the angle's otherwise. */
  label?: string;
}

/** The frames in walk-around order; an angle without an image is skipped, so a turn never lands on a blank frame. */
export function walkAroundFrames(sources: readonly WalkAroundSource[]): WalkAroundFrame[] {
  const byAngle = new Map(sources.map((s) => [s.angle, s]));
  return WALK_AROUND_ORDER.flatMap((angle) => {
    const source = byAngle.get(angle);
    const imageUrl = source?.imageUrl ?? source?.fullUrl;
    const fullUrl = source?.fullUrl ?? source?.imageUrl;
    return imageUrl && fullUrl ? [{ angle, label: source?.label ?? ANGLE_LABELS[angle], imageUrl, fullUrl }] : [];
  });
}

/** The frame `steps` away from `index`, going round (after the last angle comes the first again). */
export function turn(index: number, steps: number, count: number): number {
  if (count === 0) return 0;
  return (((index + steps) % count) + count) % count;
}

/** What a screen reader hears for a frame: "Rear View, 5 of 8". */
export function frameAnnouncement(frames: readonly WalkAroundFrame[], index: number): string {
  const frame = frames[index];
  return frame ? `${frame.label}, ${index + 1} of ${frames.length}` : '';
}

/**
 * Frames turned by a horizontal drag of `dx` pixels over a stage `width` wide: one frame per 40 px, or per
 * width/count on a narrower stage, so a drag across the stage always turns the car at least once round.
 * Dragging to the left brings the next angle, as if pushing the car round.
 */
export function dragSteps(dx: number, width: number, count: number): number {
  if (count < 2) return 0;
  const perFrame = Math.min(40, Math.max(1, width) / count);
  return Math.trunc(-dx / perFrame);
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** Keeps a zoomed image covering the stage: the pan is at most half the overflow either way. */
export function clampPan(pan: { x: number; y: number }, zoom: number, size: { width: number; height: number }) {
  const maxX = ((zoom - 1) * size.width) / 2;
  const maxY = ((zoom - 1) * size.height) / 2;
  return { x: Math.min(maxX, Math.max(-maxX, pan.x)), y: Math.min(maxY, Math.max(-maxY, pan.y)) };
}
