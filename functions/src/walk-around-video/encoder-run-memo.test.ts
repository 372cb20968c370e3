/**
 * The walk-around video's encoder behind the test run's memo: what it answers for frames met before is the MP4 the
 * real encoder made of exactly those frames (asked for twice at once, they are encoded once); a frame's byte, a frame's
 * ticks or a setting changed is encoded again; without INFERENCE_MEMO_DIR the real encoder is used as it is.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoOutput } from '../lib/inference-memo';
import { withRunMemo } from './encoder-run-memo';
import { H264Mp4Encoder } from './h264-mp4-encoder';
import type { EncoderFrame, VideoEncoder, VideoEncoding } from './port';

const dir = mkdtempSync(join(tmpdir(), 'encoder-run-memo-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The real encoder, counting its encodes. */
const real = new H264Mp4Encoder();
let encodes = 0;
const counted: VideoEncoder = { name: real.name, encode: (video) => (encodes++, real.encode(video)) };

/** Three small pictures of distinct luma (chroma neutral), handed out one buffer reused for all, as the fades are. */
function* frames(lumas: number[], ticks: number[]): Generator<EncoderFrame> {
  const picture = new Uint8Array((32 * 32 * 3) / 2);
  for (const [i, luma] of lumas.entries()) {
    picture.fill(128).fill(luma, 0, 32 * 32);
    yield { i420: picture, ticks: ticks[i]! };
  }
}
/** The MP4's `mdat` box: the encoded pictures. */
const mdat = (mp4: Buffer) => {
  const at = mp4.indexOf('mdat') - 4;
  return mp4.subarray(at, at + mp4.readUInt32BE(at));
};
const video = (lumas = [40, 120, 200], ticks = [12, 1, 12], keyframeEvery = 10): VideoEncoding => ({ width: 32, height: 32, ticksPerSecond: 24, keyframeEvery, frames: frames(lumas, ticks) });

describe('the walk-around encoder with the run memo', () => {
  const memo = withRunMemo(counted, { INFERENCE_MEMO_DIR: dir });

  it('encodes frames it has not met, and answers frames met before with that encode, byte for byte', async () => {
    const first = await memo.encode(video());
    expect(encodes).toBe(1);
    const again = await memo.encode(video());
    expect(encodes).toBe(1);
    expect(again.equals(first)).toBe(true);
    expect(readdirSync(dir)).toHaveLength(1);
    // The real encoder was given the three pictures, not the reused buffer's last state three times: its pictures (the
    // `mdat` box) are those of an encode of three separate pictures (the headers differ in their creation times).
    const separate = await real.encode({ ...video(), frames: Array.from(video().frames, (f) => ({ ticks: f.ticks, i420: f.i420.slice() })) });
    expect(mdat(first).equals(mdat(separate))).toBe(true);
  });

  it("encodes again when one frame's picture, one frame's ticks or a setting differs", async () => {
    const before = encodes;
    const brighter = await memo.encode(video([40, 121, 200]));
    expect(encodes).toBe(before + 1);
    await memo.encode(video([40, 120, 200], [12, 2, 12]));
    expect(encodes).toBe(before + 2);
    await memo.encode(video(undefined, undefined, 1));
    expect(encodes).toBe(before + 3);
    expect(brighter.equals(await memo.encode(video()))).toBe(false);
    expect(encodes).toBe(before + 3);
  });

  it('encodes once when the same new frames are asked for twice at once, and gives both callers that MP4', async () => {
    const before = encodes;
    const [a, b] = await Promise.all([memo.encode(video([10, 20, 30])), memo.encode(video([10, 20, 30]))]);
    expect(encodes).toBe(before + 1);
    expect(a.equals(b)).toBe(true);
    expect(a).not.toBe(b);
  });

  it('is the real encoder itself without INFERENCE_MEMO_DIR', () => {
    expect(withRunMemo(counted, {})).toBe(counted);
  });
});

describe('the run memo with another process on the same key', () => {
  const env = { INFERENCE_MEMO_DIR: dir };
  const ours = async () => Buffer.from('ours');

  it("waits for the output another process has claimed instead of computing it", async () => {
    writeFileSync(join(dir, 't-claimed.claim'), '1');
    setTimeout(() => {
      writeFileSync(join(dir, 't-claimed'), 'theirs');
      rmSync(join(dir, 't-claimed.claim'));
    }, 300);
    expect((await memoOutput('t', 'claimed', ours, env)).toString()).toBe('theirs');
  });

  it('computes it when the claim goes without an output (the other process failed)', async () => {
    writeFileSync(join(dir, 't-failed.claim'), '1');
    setTimeout(() => rmSync(join(dir, 't-failed.claim')), 300);
    expect((await memoOutput('t', 'failed', ours, env)).toString()).toBe('ours');
    expect(readdirSync(dir).filter((name) => name.startsWith('t-failed'))).toEqual(['t-failed']);
  });
});
