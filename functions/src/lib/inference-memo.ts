/**
 * A test run's memory of the networks' raw outputs, shared by its processes through a folder: one file per distinct
 * (model, exact input tensor bytes), holding the output tensor's float32 bytes as the network answered them. Many test
 * files run the same fixture photos through the same models; with the memo each distinct inference is computed once
 * per run and every later call reads the real network's answer for those exact bytes back. Everything after the
 * network (mask clean-up, the checks, the compositing) still runs.
 *
 * Off unless INFERENCE_MEMO_DIR names a folder: only the test run's global setup (tests/support/global-setup.ts) sets
 * it, to a folder it empties at the start of every run. The product and the benchmarks never set it, so they always
 * run the network. INFERENCE_MEMO_LOG (a file; measurement only) gets one JSON line per call: the model, the input's
 * hash, whether the memo answered, and the call's wall and process CPU time. memoOutput keeps other repeated outputs
 * (the walk-around video's MP4) in the same folder, on the same terms.
 */
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The input the network sees, as the bytes of its tensor. */
type TensorBytes = Float32Array | Uint8Array;

const bytesOf = (t: TensorBytes) => new Uint8Array(t.buffer, t.byteOffset, t.byteLength);

/** The memo's key: the model, the input's shape and a SHA-256 of the input tensor's exact bytes. */
export function inferenceKey(model: string, input: TensorBytes, dims: readonly number[]): string {
  const hash = createHash('sha256').update(`${model}\0${input.constructor.name}\0${dims.join('x')}\0`).update(bytesOf(input)).digest('hex');
  return `${model.replace(/[^a-z0-9-]/gi, '_')}-${hash}`;
}

/** Starts timing one memo call; the returned function logs it to INFERENCE_MEMO_LOG (when set) as a hit or a miss. */
function recorder(name: string, key: string, log: string | undefined) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  return (hit: boolean) => {
    if (!log) return;
    const used = process.cpuUsage(cpu);
    appendFileSync(log, `${JSON.stringify({ model: name, key, hit, ms: Math.round(performance.now() - started), cpuMs: Math.round((used.user + used.system) / 1000), pid: process.pid })}\n`);
  };
}

/**
 * Written whole to a temporary file, then renamed into place: a reader sees all of it or nothing, and two processes
 * computing the same key write the same bytes.
 */
async function keep(dir: string, file: string, bytes: Uint8Array) {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await mkdir(dir, { recursive: true });
  await writeFile(temp, bytes);
  await rename(temp, file);
}

/**
 * The network's output for `input`: read from the run's memo folder when some process of the run has computed it,
 * else `run()` (and written there). Without INFERENCE_MEMO_DIR, just `run()`.
 * The key is taken before `run()`, which may hand the input's buffer to another thread.
 */
export async function memoInference(model: string, input: TensorBytes, dims: readonly number[], run: () => Promise<Float32Array>, env: NodeJS.ProcessEnv = process.env): Promise<Float32Array> {
  const dir = env.INFERENCE_MEMO_DIR;
  const log = env.INFERENCE_MEMO_LOG;
  if (!dir && !log) return run();
  const key = inferenceKey(model, input, dims);
  const record = recorder(model, key, log);
  const file = dir ? join(dir, `${key}.f32`) : undefined;
  if (file) {
    const kept = await readFile(file).catch(() => undefined);
    if (kept) {
      record(true);
      // A copy of its own (aligned for float32): the caller owns what it gets, as with the network's answer.
      return new Float32Array(kept.buffer.slice(kept.byteOffset, kept.byteOffset + kept.byteLength));
    }
  }
  const output = await run();
  record(false);
  if (file) await keep(dir!, file, bytesOf(output));
  return output;
}

/** This process's outputs being computed, by memo file: a second caller of the same key waits for the first's. */
const underWay = new Map<string, Promise<{ output: Buffer; hit: boolean }>>();

/** How long a process waits for another's output before it computes its own (the other may have died). */
const CLAIM_WAIT_MS = 120_000;

/** The output another process claimed (its `.claim` file there): read when it is kept; undefined when the claim goes without it. */
async function claimedOutput(file: string, claim: string): Promise<Buffer | undefined> {
  const deadline = Date.now() + CLAIM_WAIT_MS;
  while (Date.now() < deadline) {
    const kept = await readFile(file).catch(() => undefined);
    if (kept) return kept;
    if (!existsSync(claim)) return readFile(file).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

/**
 * Another costly output the run's processes repeat on the same inputs (the walk-around video's encode), kept in the
 * same folder: `run()`'s bytes under `<name>-<key>`, where `key` is a hash the caller made of everything the output
 * depends on. Test files running side by side ask for the same video at the same moment: the first caller claims the
 * key (a `.claim` file beside it) and computes; a caller in the same process, or in another while the claim stands,
 * waits for that output instead of computing it again; each caller gets its own copy. Off (just `run()`) without
 * INFERENCE_MEMO_DIR, like the networks' memo; logged the same way.
 */
export async function memoOutput(name: string, key: string, run: () => Promise<Buffer>, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const dir = env.INFERENCE_MEMO_DIR;
  const log = env.INFERENCE_MEMO_LOG;
  if (!dir && !log) return run();
  const record = recorder(name, key, log);
  if (!dir) {
    const output = await run();
    record(false);
    return output;
  }
  const file = join(dir, `${name}-${key}`);
  const kept = await readFile(file).catch(() => undefined);
  if (kept) {
    record(true);
    return kept;
  }
  const pending = underWay.get(file);
  if (pending) {
    const { output } = await pending;
    record(true);
    return Buffer.from(output);
  }
  const computing = (async () => {
    const claim = `${file}.claim`;
    await mkdir(dir, { recursive: true });
    const claimed = await writeFile(claim, `${process.pid}`, { flag: 'wx' }).then(() => true, () => false);
    if (!claimed) {
      const theirs = await claimedOutput(file, claim);
      if (theirs) return { output: theirs, hit: true };
    }
    try {
      const output = await run();
      await keep(dir, file, output);
      return { output, hit: false };
    } finally {
      if (claimed) await rm(claim, { force: true });
    }
  })();
  underWay.set(file, computing);
  try {
    const { output, hit } = await computing;
    record(hit);
    return output;
  } finally {
    underWay.delete(file);
  }
}
