/**
 * The walk-around video's encoder behind the test run's memo (functions/src/lib/inference-memo.ts, INFERENCE_MEMO_DIR:
 * only the test run's global setup sets it). The run's scripted renders of the same fixture photos make the same frames
 * for many packages, in the local hosts and the test harness alike, and an encode takes 0.3 to 3.5 core-s (12 to 48
 * frames). The key is a SHA-256 of the encoder, the settings and every frame's ticks and bytes; an MP4 in the memo is
 * the real encoder's output for exactly those frames (an encode differs from another of the same frames only in its
 * header's creation times). Without the variable the encoder is returned as it is: the product always encodes.
 */
import { createHash } from 'node:crypto';
import { memoOutput } from '../lib/inference-memo';
import type { EncoderFrame, VideoEncoder, VideoEncoding } from './port';

export function withRunMemo(real: VideoEncoder, env: NodeJS.ProcessEnv = process.env): VideoEncoder {
  if (!env.INFERENCE_MEMO_DIR) return real;
  return {
    name: real.name,
    async encode(video: VideoEncoding): Promise<Buffer> {
      const hash = createHash('sha256').update(`${real.name}\0${video.width}x${video.height} ${video.ticksPerSecond} ${video.keyframeEvery}\0`);
      // Copies: the frames' iterable may hand out one buffer again and again (the fades are mixed into one).
      const frames: EncoderFrame[] = [];
      for (const frame of video.frames) {
        const i420 = frame.i420.slice();
        hash.update(`${frame.ticks} ${i420.length}\0`).update(i420);
        frames.push({ i420, ticks: frame.ticks });
      }
      return memoOutput('h264', `${hash.digest('hex')}.mp4`, () => real.encode({ ...video, frames }), env);
    },
  };
}
