/**
 * Worker thread of an index build: loads the same encoder as the main thread (from its directory) and
 * tokenizes and encodes document texts, batch by batch, in order. One onnxruntime thread: the build's
 * other threads (reading and storing, HNSW) need the other core.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { OnnxEncoder } from '../../encoder/onnx-encoder.js';
import type { EncodeWorkerData, EncodeWorkerReply, EncodeWorkerRequest } from './messages.js';

const data = workerData as EncodeWorkerData;
const port = parentPort!;
const reply = (m: EncodeWorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

let queue: Promise<void>;
try {
  const encoder = await OnnxEncoder.load(data.modelDir, { threads: 1 });
  if (encoder.id !== data.expectId) {
    throw new Error(`the model in ${data.modelDir} changed during the build (${encoder.id}, expected ${data.expectId})`);
  }
  queue = Promise.resolve();
  port.on('message', (m: EncodeWorkerRequest) => {
    queue = queue.then(async () => {
      try {
        const vectors = await encoder.encode(m.texts, 'document');
        const flat = new Float32Array(vectors.length * encoder.dim);
        vectors.forEach((v, i) => flat.set(v, i * encoder.dim));
        reply({ type: 'encoded', seq: m.seq, vectors: flat }, [flat.buffer]);
      } catch (err) {
        reply({ type: 'error', message: (err as Error).message });
      }
    });
  });
  reply({ type: 'ready' });
} catch (err) {
  reply({ type: 'error', message: (err as Error).message });
}
