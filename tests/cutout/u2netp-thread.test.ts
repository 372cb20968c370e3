/**
 * u2netp's session on a thread of its own (so the detector runs beside it): the same output as the session run on the
 * calling thread, errors reach the caller, and the thread does not keep a finished process alive (`npm run sheet`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as ort from 'onnxruntime-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureU2netpFile, loadU2netpModel } from '../../functions/src/renderer/cutout/u2netp-model';
import { predictU2netp, U2NETP_RESOLUTION, u2netpRunner, u2netpThreadWanted } from '../../functions/src/renderer/cutout/u2netp-session';

const ROOT = resolve(import.meta.dirname, '../..');
let modelPath: string;
beforeAll(async () => {
  modelPath = await ensureU2netpFile();
}, 120_000);

/** A squashed photo-like square: a bright box (the car) on a darker ground, with some texture. */
function square(): Uint8Array {
  const n = U2NETP_RESOLUTION;
  const rgb = new Uint8Array(n * n * 3);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const car = x > 60 && x < 260 && y > 140 && y < 250;
      const v = car ? 200 - ((x * 7 + y * 3) % 40) : 70 + ((x * 13 + y * 5) % 25);
      rgb.set([v, car ? v - 20 : v + 10, car ? v - 40 : v - 10], 3 * (y * n + x));
    }
  return rgb;
}

describe('u2netp on its own thread', () => {
  it('runs there on this machine, and answers what a session on the calling thread answers', async () => {
    expect(availableParallelism()).toBeGreaterThan(1);
    expect(u2netpThreadWanted()).toBe(true);
    expect((await u2netpRunner()).where).toBe('thread');
    const rgb = square();
    const threaded = await predictU2netp(rgb);

    // The reference: the same model bytes, the same input, on this thread, normalised the same way.
    const session = await ort.InferenceSession.create(loadU2netpModel(modelPath), { intraOpNumThreads: 1, graphOptimizationLevel: 'all' });
    const plane = U2NETP_RESOLUTION * U2NETP_RESOLUTION;
    const input = new Float32Array(3 * plane);
    const mean = [0.485, 0.456, 0.406], std = [0.229, 0.224, 0.225];
    for (let i = 0; i < plane; i++) for (let c = 0; c < 3; c++) input[i + c * plane] = (rgb[3 * i + c]! / 255 - mean[c]!) / std[c]!;
    const d0 = session.outputNames[0]!;
    const out = (await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, U2NETP_RESOLUTION, U2NETP_RESOLUTION]) }, [d0]))[d0]!.data as Float32Array;
    let min = Infinity, max = -Infinity;
    for (const v of out) (min = Math.min(min, v)), (max = Math.max(max, v));
    let worst = 0;
    for (let i = 0; i < plane; i++) worst = Math.max(worst, Math.abs((out[i]! - min) / (max - min) - threaded[i]!));
    expect(worst).toBeLessThan(1e-3); // thread counts may change float summation order, nothing more
    // And the box is found: the car's middle is foreground, the corner is not.
    expect(threaded[200 * U2NETP_RESOLUTION + 160]!).toBeGreaterThan(0.5);
    expect(threaded[10 * U2NETP_RESOLUTION + 10]!).toBeLessThan(0.5);
  }, 60_000);

  it('several requests at once each get their own answer', async () => {
    const a = square();
    const b = new Uint8Array(a.length).fill(90);
    const [ra, rb, ra2] = await Promise.all([predictU2netp(a), predictU2netp(b), predictU2netp(a)]);
    expect(Buffer.from(ra.buffer).equals(Buffer.from(ra2.buffer))).toBe(true);
    expect(Buffer.from(ra.buffer).equals(Buffer.from(rb.buffer))).toBe(false);
  }, 60_000);

  it('does not keep a process alive once its work is done', () => {
    const script = join(mkdtempSync(join(tmpdir(), 'u2netp-thread-')), 'one-prediction.mts');
    writeFileSync(
      script,
      `const session = await import(${JSON.stringify(resolve(ROOT, 'functions/src/renderer/cutout/u2netp-session.ts'))});
      const out = await session.predictU2netp(new Uint8Array(320 * 320 * 3).fill(120));
      console.log((await session.u2netpRunner()).where, out.length);`,
    );
    const started = Date.now();
    // The network itself runs there (no test run's memo of its output): the thread must take a request and let go after it.
    const printed = execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...process.env, INFERENCE_MEMO_DIR: '' }, encoding: 'utf8', timeout: 60_000 });
    expect(printed.trim()).toBe(`thread ${320 * 320}`);
    expect(Date.now() - started).toBeLessThan(60_000); // it exited by itself (execFileSync would have timed out)
  }, 90_000);
});
