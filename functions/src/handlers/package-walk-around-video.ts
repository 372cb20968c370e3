import { videoAdapters } from '../walk-around-video/adapters';
import { walkAroundVideoTask, type VideoRun } from '../walk-around-video/make-walk-around-video';

const deps = videoAdapters();

/** Render workflow, "Make walk-around video" (after Finalize package): the MP4 of the finished angles, recorded on the package. */
export const handler = (run: VideoRun) => walkAroundVideoTask(deps, run);
