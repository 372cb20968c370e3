/**
 * The test run's memo of the networks' outputs (functions/src/lib/inference-memo.ts): what it answers is the network's
 * own output for those exact input bytes, bit for bit; any other input (one value changed, another shape, another
 * model) is computed by the network; without INFERENCE_MEMO_DIR the network runs every time and nothing is kept. And
 * through the detectors that use it: the car detector's and the text detector's findings are the same with the memo
 * as without it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoInference } from '../../functions/src/lib/inference-memo';
import { U2NETP_RESOLUTION, u2netpRunner } from '../../functions/src/renderer/cutout/u2netp-session';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { detectText } from '../../functions/src/renderer/text/text-detector';
import { CenterNetDetector } from '../../functions/src/vision/local/centernet-detector';
import { car } from './bad-photos';

const DIMS = [1, 3, U2NETP_RESOLUTION, U2NETP_RESOLUTION];
const bytes = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const madeDirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'inference-memo-test-'));
  madeDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
});

/** u2netp's input for a committed car photo, as the cut-out makes it (squashed to 320x320, normalised, planar). */
async function u2netpInput(): Promise<Float32Array> {
  const rgb = await sharp(car('cupra-born-grey-front34-street.jpg')).resize(U2NETP_RESOLUTION, U2NETP_RESOLUTION, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const plane = U2NETP_RESOLUTION * U2NETP_RESOLUTION;
  const input = new Float32Array(3 * plane);
  const mean = [0.485, 0.456, 0.406], std = [0.229, 0.224, 0.225];
  for (let i = 0; i < plane; i++) for (let c = 0; c < 3; c++) input[i + c * plane] = (rgb[3 * i + c]! / 255 - mean[c]!) / std[c]!;
  return input;
}

describe('the inference memo', () => {
  // The network: u2netp's raw output map. Each call gets a copy (the thread takes the buffer it is given).
  let calls = 0;
  const network = (input: Float32Array) => async () => {
    calls++;
    return (await u2netpRunner()).run(input.slice());
  };
  let input: Float32Array;
  beforeAll(async () => {
    input = await u2netpInput();
    await u2netpRunner();
  }, 60_000);

  it('answers the network’s own output for the same input bytes, bit for bit, and computes it once', async () => {
    const env = { INFERENCE_MEMO_DIR: freshDir() };
    const direct = await network(input)();
    calls = 0;
    const first = await memoInference('u2netp', input, DIMS, network(input), env);
    const again = await memoInference('u2netp', input, DIMS, network(input), env);
    const fromAnotherCaller = await memoInference('u2netp', input.slice(), DIMS, network(input), env);
    expect(calls).toBe(1);
    expect(first.length).toBe(U2NETP_RESOLUTION * U2NETP_RESOLUTION);
    expect(bytes(first).equals(bytes(direct))).toBe(true);
    expect(bytes(again).equals(bytes(direct))).toBe(true);
    expect(bytes(fromAnotherCaller).equals(bytes(direct))).toBe(true);
    // What a caller does to its answer does not change the next caller's.
    again.fill(0);
    expect(bytes(await memoInference('u2netp', input, DIMS, network(input), env)).equals(bytes(direct))).toBe(true);
    // One file, written whole (no temporary file left), holding exactly the network's bytes.
    const files = readdirSync(env.INFERENCE_MEMO_DIR);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^u2netp-[0-9a-f]{64}\.f32$/);
    expect(readFileSync(join(env.INFERENCE_MEMO_DIR, files[0]!)).equals(bytes(direct))).toBe(true);
  }, 60_000);

  it('computes any other input with the network: one value changed, another shape, another model', async () => {
    const env = { INFERENCE_MEMO_DIR: freshDir() };
    await memoInference('u2netp', input, DIMS, network(input), env);
    calls = 0;
    const changed = input.slice();
    changed[U2NETP_RESOLUTION * 160 + 160]! += 0.01; // one value of 307,200, in the car's middle
    const fromMemo = await memoInference('u2netp', changed, DIMS, network(changed), env);
    expect(calls).toBe(1);
    expect(bytes(fromMemo).equals(bytes(await network(changed)()))).toBe(true);
    expect(bytes(fromMemo).equals(bytes(await network(input)()))).toBe(false);
    calls = 0;
    await memoInference('u2netp', input, [1, 3, U2NETP_RESOLUTION * 2, U2NETP_RESOLUTION / 2], network(input), env);
    await memoInference('another model', input, DIMS, network(input), env);
    expect(calls).toBe(2);
    expect(readdirSync(env.INFERENCE_MEMO_DIR)).toHaveLength(4);
  }, 60_000);

  it('is off without INFERENCE_MEMO_DIR: the network runs on every call', async () => {
    calls = 0;
    const a = await memoInference('u2netp', input, DIMS, network(input), {});
    const b = await memoInference('u2netp', input, DIMS, network(input), {});
    expect(calls).toBe(2);
    expect(bytes(a).equals(bytes(b))).toBe(true);
  }, 60_000);
});

describe('the detectors with the memo', () => {
  const before = process.env.INFERENCE_MEMO_DIR;
  afterAll(() => {
    if (before === undefined) delete process.env.INFERENCE_MEMO_DIR;
    else process.env.INFERENCE_MEMO_DIR = before;
  });

  /** What `look` finds without the memo, then with a fresh memo twice (computed, then read back), and the memo's files. */
  async function offAndOn<T>(look: () => Promise<T>): Promise<{ off: T; computed: T; read: T; files: string[] }> {
    delete process.env.INFERENCE_MEMO_DIR;
    const off = await look();
    const dir = (process.env.INFERENCE_MEMO_DIR = freshDir());
    const computed = await look();
    const read = await look();
    return { off, computed, read, files: readdirSync(dir) };
  }

  it('the car detector finds the same cars, boxes and scores with the memo as without', async () => {
    const photo = await decodePhoto(car('bmw-x3-blue-front34-parked-4540px.jpg'));
    const detector = new CenterNetDetector();
    const { off, computed, read, files } = await offAndOn(() => detector.detectVehicles(photo));
    expect(off.length).toBeGreaterThan(0);
    expect(computed).toEqual(off);
    expect(read).toEqual(off);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^centernet-/);
  }, 60_000);

  it('the text detector finds the same text with the memo as without', async () => {
    const photo = await decodePhoto(car('cupra-born-grey-front34-street.jpg'));
    const lowerHalf = { x: 0, y: Math.floor(photo.height / 2), width: photo.width, height: photo.height - Math.floor(photo.height / 2) };
    const { off, computed, read, files } = await offAndOn(() => detectText(Buffer.from(photo.rgb), photo.width, photo.height, lowerHalf));
    expect(off.length).toBeGreaterThan(0);
    expect(computed).toEqual(off);
    expect(read).toEqual(off);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^text_/);
  }, 60_000);
});
