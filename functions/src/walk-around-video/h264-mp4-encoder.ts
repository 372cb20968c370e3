/**
 * The encoder port on h264-mp4-encoder (npm, pinned 1.0.12): the minih264 encoder and the libmp4v2 muxer compiled to
 * WebAssembly, the module embedded in its JavaScript, so it installs from the registry with no download and bundles
 * into a Lambda with no native binary. Licences (MIT; minih264 CC0; libmp4v2 MPL-1.1; no x264): NOTICE.md beside this file.
 */
import { randomUUID } from 'node:crypto';
import { retimeMp4 } from './mp4-timing';
import type { VideoEncoder, VideoEncoding } from './port';

type Library = typeof import('h264-mp4-encoder');

let library: Promise<Library> | undefined;

/**
 * Loaded on first use: requiring it compiles and starts the WebAssembly module (once per process). Its Emscripten glue
 * also installs process-wide handlers: one rethrows every uncaught exception, the other turns any unhandled promise
 * rejection anywhere in the process into a WebAssembly abort (after which no encoder works). They are not ours to keep,
 * in the local host's process least of all, so they are removed again.
 */
function load(): Promise<Library> {
  return (library ??= (async () => {
    const uncaught = process.listeners('uncaughtException');
    const unhandled = process.listeners('unhandledRejection');
    const imported = (await import('h264-mp4-encoder')) as Library & { default?: Library };
    for (const listener of process.listeners('uncaughtException')) if (!uncaught.includes(listener)) process.removeListener('uncaughtException', listener);
    for (const listener of process.listeners('unhandledRejection')) if (!unhandled.includes(listener)) process.removeListener('unhandledRejection', listener);
    return imported.default ?? imported;
  })());
}

/** Back to the event loop between frames: each frame is encoded synchronously (tens of ms), and locally the host serves its pages from this process. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export class H264Mp4Encoder implements VideoEncoder {
  readonly name = 'minih264 (h264-mp4-encoder 1.0.12)';

  /**
   * `speed` 0 (smallest file) to 10 (fastest): 10 takes about 60% of the time of 8 per frame for a file about the same
   * size (measured on this project's renders; docs/product.md, "Walk-around video"). `quantizer`: the encoder's constant quantizer
   * (10..51, lower is better; 28 leaves no visible blocking on the studio backgrounds at 1280×720).
   */
  constructor(private readonly options: { speed?: number; quantizer?: number } = {}) {}

  async encode(video: VideoEncoding): Promise<Buffer> {
    const { createH264MP4Encoder } = await load();
    const encoder = await createH264MP4Encoder();
    // The library's file system is shared by all its encoders in the process: each encode writes its own file.
    const file = `walk-around-${randomUUID()}.mp4`;
    const ticks: number[] = [];
    try {
      encoder.outputFilename = file;
      encoder.width = video.width;
      encoder.height = video.height;
      encoder.frameRate = video.ticksPerSecond;
      encoder.quantizationParameter = this.options.quantizer ?? 28;
      encoder.speed = this.options.speed ?? 10;
      encoder.groupOfPictures = video.keyframeEvery;
      encoder.initialize();
      for (const frame of video.frames) {
        encoder.addFrameYuv(frame.i420);
        ticks.push(frame.ticks);
        await breathe();
      }
      encoder.finalize();
      const written = Buffer.from(encoder.FS.readFile(file));
      return retimeMp4(written, ticks, video.ticksPerSecond);
    } finally {
      try {
        encoder.FS.unlink(file);
      } catch {
        // Not written (the encode failed before finalize).
      }
      encoder.delete();
    }
  }
}
