/**
 * u2netp's ONNX session on a thread of its own (worker_threads), so that the car detector (TensorFlow.js on WASM,
 * synchronous on the main thread) runs while the cut-out's network does: onnxruntime-node's `run` blocks the thread
 * that calls it. Plain JavaScript because Node starts a worker from a file it runs as it is (under tsx, vitest and the
 * local host alike). The model comes as bytes already checked against the pinned hash (u2netp-model.ts).
 *
 * In: workerData { model: Uint8Array, options: InferenceSession.SessionOptions, dims: number[] }; messages { id, input }.
 * Out: { ready: true } once the session exists; then { id, output } (Float32Array, the first output) or { id, error }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import ort from 'onnxruntime-node';

const session = await ort.InferenceSession.create(workerData.model, workerData.options);
const inputName = session.inputNames[0];
const outputName = session.outputNames[0];

parentPort.on('message', async ({ id, input }) => {
  try {
    const result = await session.run({ [inputName]: new ort.Tensor('float32', input, workerData.dims) }, [outputName]);
    const tensor = result[outputName];
    // A copy the thread can hand over: the tensor's memory belongs to onnxruntime.
    const output = new Float32Array(tensor.data);
    tensor.dispose();
    parentPort.postMessage({ id, output }, [output.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
