import { describe, expect, it } from 'vitest';
import { readMp4 } from '../../../tests/support/mp4';
import { H264Mp4Encoder } from './h264-mp4-encoder';

/** A flat I420 picture of one luma value (chroma neutral). */
const flat = (width: number, height: number, luma: number) => {
  const out = new Uint8Array((width * height * 3) / 2).fill(128);
  out.fill(luma, 0, width * height);
  return out;
};

describe('the H.264 encoder adapter (h264-mp4-encoder)', () => {
  it('leaves no process-wide error handlers behind (its Emscripten glue installs two as it loads: this is the first encode of the file)', async () => {
    const before = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];
    await new H264Mp4Encoder().encode({ width: 16, height: 16, ticksPerSecond: 24, keyframeEvery: 1, frames: [{ i420: flat(16, 16, 100), ticks: 1 }] });
    expect([process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')]).toEqual(before);
  });
  it('writes an H.264 MP4 whose frames last their own ticks, with its keyframes marked', async () => {
    const ticks = [14, 1, 1, 1, 14, 1, 1, 1, 7];
    const mp4 = await new H264Mp4Encoder().encode({
      width: 64,
      height: 48,
      ticksPerSecond: 24,
      keyframeEvery: 4,
      frames: ticks.map((t, i) => ({ i420: flat(64, 48, 40 + i * 20), ticks: t })),
    });
    const facts = readMp4(mp4);
    expect(facts.movieSeconds).toBeCloseTo(41 / 24, 6);
    expect(facts.tracks).toHaveLength(1);
    const [track] = facts.tracks;
    expect(track).toMatchObject({ handler: 'vide', codec: 'avc1', width: 64, height: 48, codedWidth: 64, codedHeight: 48 });
    expect(track!.seconds).toBeCloseTo(41 / 24, 6);
    expect(track!.sampleSeconds.map((s) => Math.round(s * 24 * 1000) / 1000)).toEqual(ticks);
    // A keyframe every 4 frames, as asked (the muxer alone would leave the table out: every frame a keyframe).
    expect(track!.keyframes).toEqual([1, 5, 9]);
  });

  it('two encodes at once in one process do not mix their output (the library shares one file system)', async () => {
    const encoder = new H264Mp4Encoder();
    const video = (luma: number, n: number) =>
      encoder.encode({ width: 32, height: 32, ticksPerSecond: 24, keyframeEvery: 10, frames: Array.from({ length: n }, () => ({ i420: flat(32, 32, luma), ticks: 2 })) });
    const [a, b] = await Promise.all([video(30, 3), video(200, 5)]);
    expect(readMp4(a).tracks[0]!.sampleSeconds).toHaveLength(3);
    expect(readMp4(b).tracks[0]!.sampleSeconds).toHaveLength(5);
  });

});
