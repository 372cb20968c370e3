/**
 * U²-Net small on onnxruntime-node, one persistent session per process, created from the hash-checked model bytes
 * (so the bytes that run are the bytes that were checked).
 *
 * Where the process has two or more cores and the thread's file is beside this module (the sources in the local home;
 * in a compositor Lambda, copied beside its bundle by the afterBundling hook of infra/cdk/constructs/handler-function.ts),
 * the session lives on a thread of its own (u2netp-thread.mjs), so the car detector on the main thread runs while it
 * works: a photo's first image about 0.08 s sooner here, and prepare (2 vCPUs in AWS) cuts out one photo while it
 * checks the next. Otherwise, or with CUTOUT_THREAD=off, the session runs on the calling thread.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { InferenceSession } from 'onnxruntime-node';
import { memoInference } from '../../lib/inference-memo';
import { ensureU2netpFile, loadU2netpModel, U2NETP_SHA256 } from './u2netp-model';

/** U²-Net is trained at 320x320: the photo is squashed to this square and the mask stretched back. */
export const U2NETP_RESOLUTION = 320;

const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;
const DIMS = [1, 3, U2NETP_RESOLUTION, U2NETP_RESOLUTION];

const SESSION_OPTIONS: InferenceSession.SessionOptions = {
  intraOpNumThreads: Number(process.env.RENDER_THREADS ?? 2),
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
  // Idle pool threads sleep instead of spinning: spinning took a core from the detector running beside the session.
  extra: { session: { intra_op: { allow_spinning: '0' } } },
};

/** Runs the network on a normalised NCHW input and answers its fused output map (d0). */
export interface U2netpRunner {
  readonly where: 'thread' | 'inline';
  run(input: Float32Array): Promise<Float32Array>;
}

const THREAD_FILE = new URL('./u2netp-thread.mjs', import.meta.url);

export function u2netpThreadWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CUTOUT_THREAD !== 'off' && availableParallelism() > 1 && THREAD_FILE.protocol === 'file:' && existsSync(fileURLToPath(THREAD_FILE));
}

async function inlineRunner(model: Buffer): Promise<U2netpRunner> {
  const ort = await import('onnxruntime-node');
  const session = await ort.InferenceSession.create(model, SESSION_OPTIONS);
  const d0 = session.outputNames[0]!;
  return {
    where: 'inline',
    async run(input) {
      const tensor = (await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', input, DIMS) }, [d0]))[d0]!;
      const out = new Float32Array(tensor.data as Float32Array);
      tensor.dispose();
      return out;
    },
  };
}

type ThreadAnswer = { ready: true } | { id: number; output: Float32Array } | { id: number; error: string };

/** The session on its own thread; the thread keeps the process alive only while a request is in flight. */
function threadRunner(model: Buffer): Promise<U2netpRunner> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(THREAD_FILE, { workerData: { model, options: SESSION_OPTIONS, dims: DIMS } });
    worker.unref();
    const pending = new Map<number, { resolve: (out: Float32Array) => void; reject: (error: Error) => void }>();
    let next = 0;
    const fail = (error: Error) => {
      runner = undefined; // the next call starts afresh
      reject(error);
      for (const request of pending.values()) request.reject(error);
      pending.clear();
    };
    const ready: U2netpRunner = {
      where: 'thread',
      run(input) {
        const id = ++next;
        return new Promise((res, rej) => {
          pending.set(id, { resolve: res, reject: rej });
          worker.ref();
          worker.postMessage({ id, input }, [input.buffer as ArrayBuffer]);
        });
      },
    };
    worker.on('message', (answer: ThreadAnswer) => {
      if ('ready' in answer) return resolve(ready);
      const request = pending.get(answer.id);
      if (!request) return;
      pending.delete(answer.id);
      if (pending.size === 0) worker.unref();
      if ('error' in answer) request.reject(new Error(`u2netp: ${answer.error}`));
      else request.resolve(answer.output);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The u2netp thread stopped (exit code ${code}).`)));
  });
}

let runner: Promise<U2netpRunner> | undefined;

/** The process's u2netp session (made on first use from the checked model file). */
export function u2netpRunner(): Promise<U2netpRunner> {
  runner ??= (async () => {
    const model = loadU2netpModel(await ensureU2netpFile());
    return u2netpThreadWanted() ? threadRunner(model) : inlineRunner(model);
  })();
  runner.catch(() => (runner = undefined));
  return runner;
}

/**
 * Foreground probability (0..1) at 320x320 for RGB already squashed to that square: the side output d0 (the
 * network's fused map, already through its sigmoid), min-max normalised as the U²-Net reference code does.
 */
export async function predictU2netp(rgbSquare: Uint8Array): Promise<Float32Array> {
  const session = await u2netpRunner();
  const plane = U2NETP_RESOLUTION * U2NETP_RESOLUTION;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++)
    for (let c = 0; c < 3; c++) input[i + c * plane] = (rgbSquare[3 * i + c]! / 255 - MEAN[c]!) / STD[c]!;
  // In a test run, computed once per distinct input (lib/inference-memo.ts); always the network otherwise.
  const out = await memoInference(`u2netp ${U2NETP_SHA256}`, input, DIMS, () => session.run(input));
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < plane; i++) (min = Math.min(min, out[i]!)), (max = Math.max(max, out[i]!));
  const range = max - min || 1;
  for (let i = 0; i < plane; i++) out[i] = (out[i]! - min) / range;
  return out;
}
