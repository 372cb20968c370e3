/**
 * U²-Net small on onnxruntime-node, one persistent session per process, created from the hash-checked model bytes
 * (so the bytes that run are the bytes that were checked).
 */
import type { InferenceSession as OrtSession } from 'onnxruntime-node';
import { ensureU2netpFile, loadU2netpModel } from './u2netp-model';

/** U²-Net is trained at 320x320: the photo is squashed to this square and the mask stretched back. */
export const U2NETP_RESOLUTION = 320;

const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

let sessionPromise: Promise<OrtSession> | undefined;

export function u2netpSession(): Promise<OrtSession> {
  sessionPromise ??= (async () => {
    const ort = await import('onnxruntime-node');
    const model = loadU2netpModel(await ensureU2netpFile());
    return ort.InferenceSession.create(model, {
      intraOpNumThreads: Number(process.env.RENDER_THREADS ?? 2),
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
  })();
  sessionPromise.catch(() => (sessionPromise = undefined));
  return sessionPromise;
}

/**
 * Foreground probability (0..1) at 320x320 for RGB already squashed to that square: the side output d0 (the
 * network's fused map, already through its sigmoid), min-max normalised as the U²-Net reference code does.
 */
export async function predictU2netp(rgbSquare: Uint8Array): Promise<Float32Array> {
  const ort = await import('onnxruntime-node');
  const session = await u2netpSession();
  const plane = U2NETP_RESOLUTION * U2NETP_RESOLUTION;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++)
    for (let c = 0; c < 3; c++) input[i + c * plane] = (rgbSquare[3 * i + c]! / 255 - MEAN[c]!) / STD[c]!;
  const d0 = session.outputNames[0]!;
  const feeds = { [session.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, U2NETP_RESOLUTION, U2NETP_RESOLUTION]) };
  const tensor = (await session.run(feeds, [d0]))[d0]!;
  const out = tensor.data as Float32Array;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < plane; i++) (min = Math.min(min, out[i]!)), (max = Math.max(max, out[i]!));
  const mask = new Float32Array(plane);
  const range = max - min || 1;
  for (let i = 0; i < plane; i++) mask[i] = (out[i]! - min) / range;
  tensor.dispose();
  return mask;
}
