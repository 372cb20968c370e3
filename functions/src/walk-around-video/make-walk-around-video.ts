/**
 * The render workflow's last task (issue 29): a short walk-around video of the package's finished angles, an H.264 MP4
 * of 1280×720 and 8 s, stored beside the images and recorded on the package. It runs after the package is finished and
 * charged (or refunded): it changes neither, and the state machine catches its failure, so a video that cannot be made
 * leaves the package exactly as it was. The MP4 carries the images' AI disclosure in its XMP (mp4-xmp.ts). No AWS SDK here.
 */
import type { Angle } from '@shared/angles';
import { filesFingerprint, slugOf, s3Keys, type StoredVideo } from '../car-packages/car-package';
import { packageChanged } from '../car-packages/package-events';
import type { Notify, PackageStore, PhotoStorage } from '../car-packages/ports';
import { logger } from '../lib/logger';
import { videoDisclosureXmp, withXmp } from './mp4-xmp';
import type { VideoEncoder } from './port';
import { VIDEO_HEIGHT, VIDEO_TICKS_PER_SECOND, VIDEO_WIDTH, walkAroundAngles, walkAroundTimeline, type Timeline } from './timeline';
import { fitFrame, mixI420, rgbToI420 } from './video-frames';

export interface VideoDeps {
  store: Pick<PackageStore, 'getWithImages' | 'recordVideo'>;
  photos: Pick<PhotoStorage, 'readRender' | 'putRender' | 'deleteRenders'>;
  encoder: VideoEncoder;
  notify: Notify;
  now?: () => Date;
}

/** The task's input: the package and the execution that finished it. */
export interface VideoRun {
  package_id: string;
  user_id: string;
  execution: string;
}

export type VideoOutcome =
  | { made: true; key: string; size_bytes: number; angles: Angle[]; ms: { images: number; encode: number; total: number } }
  /**
   * gone: deleted (or its account erased); not_finished: no final status with a finished angle; taken_over: a free retry
   * started another execution, which makes the video; too_few_angles: one angle is no walk-around; unchanged: the video
   * of these very images is there already (the task ran again).
   */
  | { made: false; reason: 'gone' | 'not_finished' | 'taken_over' | 'too_few_angles' | 'unchanged' };

/** The video's frames, made one at a time as the encoder takes them: a hold is the angle's own picture, a fade is mixed. */
function* framesOf(timeline: Timeline, pictures: Uint8Array[]) {
  const mixed = new Uint8Array(pictures[0]!.length);
  for (const f of timeline.frames) {
    yield { i420: f.weight === 0 ? pictures[f.from]! : mixI420(pictures[f.from]!, pictures[f.to]!, f.weight, mixed), ticks: f.ticks };
  }
}

/**
 * Makes and records the walk-around video of a finished package. Idempotent: run again for the same images it makes
 * nothing; for other images (a retried angle finished) it replaces the video and deletes the old one.
 */
export async function makeWalkAroundVideo(deps: VideoDeps, run: VideoRun): Promise<VideoOutcome> {
  const started = performance.now();
  const found = await deps.store.getWithImages(run.package_id);
  if (!found || found.pkg.user_id !== run.user_id) return { made: false, reason: 'gone' };
  const { pkg, images } = found;
  if (pkg.status !== 'completed' && pkg.status !== 'partial_complete') return { made: false, reason: 'not_finished' };
  if (pkg.execution_name !== run.execution) return { made: false, reason: 'taken_over' };

  const finished = images.filter((i) => i.angle_status === 'completed' && i.rendered_key);
  const angles = walkAroundAngles(finished.map((i) => i.angle));
  const timeline = walkAroundTimeline(angles);
  if (!timeline) return { made: false, reason: 'too_few_angles' };
  const shown = angles.map((a) => finished.find((i) => i.angle === a)!);
  const keys = shown.map((i) => i.rendered_key!);
  const fingerprint = filesFingerprint(keys);
  if (pkg.video?.fingerprint === fingerprint) return { made: false, reason: 'unchanged' };

  // The full-size images (1536×1024 JPEG), each fitted to the frame and converted once.
  const pictures = await Promise.all(keys.map(async (key) => rgbToI420(await fitFrame(await deps.photos.readRender(key)), VIDEO_WIDTH, VIDEO_HEIGHT)));
  const imagesMs = performance.now() - started;
  const encoded = await deps.encoder.encode({
    width: VIDEO_WIDTH,
    height: VIDEO_HEIGHT,
    ticksPerSecond: VIDEO_TICKS_PER_SECOND,
    frames: framesOf(timeline, pictures),
    // Every hold starts a group of pictures (a hold and the fade after it): a player seeking to any angle starts there.
    keyframeEvery: timeline.frames.length / timeline.angles.length,
  });
  // The images' machine-readable AI disclosure (IPTC digital source type in XMP), as each of them carries it.
  const mp4 = withXmp(encoded, videoDisclosureXmp(shown));
  const encodeMs = performance.now() - started - imagesMs;

  const key = s3Keys.video(pkg.user_id, pkg.id, fingerprint, slugOf(pkg.session_name));
  await deps.photos.putRender(key, mp4, 'video/mp4');
  const video: StoredVideo = {
    key,
    size_bytes: mp4.length,
    duration_seconds: timeline.totalTicks / VIDEO_TICKS_PER_SECOND,
    angles,
    fingerprint,
    encoder: deps.encoder.name,
    made_at: (deps.now?.() ?? new Date()).toISOString(),
  };
  const recorded = await deps.store.recordVideo(pkg.id, video, run.execution);
  if (!recorded) {
    // Deleted or erased while it encoded (nothing of it may stay), or a retry took the package over (its run makes its own).
    await deps.photos.deleteRenders([key]);
    const now = await deps.store.getWithImages(run.package_id);
    return { made: false, reason: now && now.pkg.user_id === run.user_id ? 'taken_over' : 'gone' };
  }
  if (recorded.previous && recorded.previous.key !== key) {
    await deps.photos.deleteRenders([recorded.previous.key]).catch((error: unknown) => {
      logger.warn('could not delete the previous walk-around video; it goes with the package', { packageId: pkg.id, key: recorded.previous!.key, error: error as Error });
    });
  }
  await packageChanged(deps.notify, recorded.pkg);
  const ms = { images: Math.round(imagesMs), encode: Math.round(encodeMs), total: Math.round(performance.now() - started) };
  logger.info('walk-around video made', { packageId: pkg.id, angles: angles.length, bytes: mp4.length, encoder: deps.encoder.name, ms });
  return { made: true, key, size_bytes: mp4.length, angles, ms };
}

/**
 * The task as the workflow runs it: a failure is logged (the state machine's Catch then ends the execution as it would
 * have ended without a video) and thrown on, so the execution's history shows it too.
 */
export async function walkAroundVideoTask(deps: VideoDeps, run: VideoRun): Promise<VideoOutcome> {
  try {
    return await makeWalkAroundVideo(deps, run);
  } catch (error) {
    logger.error('walk-around video not made; the package stays finished without it', { packageId: run.package_id, execution: run.execution, error: error as Error });
    throw error;
  }
}
