/**
 * The car detector's graph (CenterNet on TensorFlow.js WASM) on a thread of its own (worker_threads). Its `execute` is
 * synchronous: on the main thread it held the thread for the whole detection, so the cut-out's clean-up, waiting for
 * it, could only start after it. Here the main thread is free meanwhile (centernet-detector.ts). Plain JavaScript
 * because Node starts a worker from a file it runs as it is (under tsx, vitest and the local host alike).
 *
 * In: workerData { topology, weightSpecs, weights: ArrayBuffer, outputs: [boxes, neck], neckShape: number[], input: number };
 * messages { id, pixels } (Float32Array, the 512x512x3 square, 0..255).
 * Out: { ready: true } once the model is loaded; then { id, output } (the boxes' rows, then the neck's cells, as the
 * inline detector's detectionsAndNeck gives them) or { id, error }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel } from '@tensorflow/tfjs-converter';

await tf.setBackend('wasm');
await tf.ready();
// As the inline detector: no debug checks.
tf.enableProdMode();
const { topology, weightSpecs, weights, outputs, neckShape, input: size } = workerData;
const model = await loadGraphModel(tf.io.fromMemory({ modelTopology: topology, weightSpecs, weightData: weights }));

parentPort.on('message', async ({ id, pixels }) => {
  const input = tf.tensor4d(pixels, [1, size, size, 3]);
  try {
    const [boxes, features] = model.execute(input, outputs);
    try {
      if (features.shape.slice(1).join('x') !== neckShape.join('x')) throw new Error(`the detector's neck is ${features.shape.join('x')}, not ${neckShape.join('x')}`);
      const [rows, cells] = await Promise.all([boxes.data(), features.data()]);
      const output = new Float32Array(rows.length + cells.length);
      output.set(rows);
      output.set(cells, rows.length);
      parentPort.postMessage({ id, output }, [output.buffer]);
    } finally {
      boxes.dispose();
      features.dispose();
    }
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    input.dispose();
  }
});
parentPort.postMessage({ ready: true });
