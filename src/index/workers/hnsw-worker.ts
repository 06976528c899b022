/**
 * Worker thread of an index build: inserts document vectors into the HNSW graph as batches arrive, in
 * arrival order, and appends them to a rows file beside; at the end writes the graph and `dense.vectors`
 * (rows sorted by thread id). Holds the graph (which it must) and 4 bytes per thread, not the vectors.
 * Messages: see `HnswWorkerRequest` / `HnswWorkerReply`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { createDenseVectorsWriter } from '../dense-vectors.js';
import { hnswlib } from '../hnswlib.js';
import type { HnswWorkerData, HnswWorkerReply, HnswWorkerRequest } from './messages.js';

const { HierarchicalNSW } = hnswlib;
const data = workerData as HnswWorkerData;
const port = parentPort!;
const reply = (m: HnswWorkerReply) => port.postMessage(m);

const index = new HierarchicalNSW('ip', data.dim);
let capacity = Math.max(1024, data.initialCapacity);
index.initIndex({ maxElements: capacity, m: data.params.M, efConstruction: data.params.efConstruction, randomSeed: 42 });
let ids = new Uint32Array(capacity);
let count = 0;
const rows = openSync(data.rowsFile, 'w');
const rowBytes = data.dim * 4;

function add(batchIds: Uint32Array, vectors: Float32Array): void {
  if (count + batchIds.length > capacity) {
    while (count + batchIds.length > capacity) capacity *= 2;
    index.resizeIndex(capacity);
    const grown = new Uint32Array(capacity);
    grown.set(ids.subarray(0, count));
    ids = grown;
  }
  writeSync(rows, new Uint8Array(vectors.buffer, vectors.byteOffset, batchIds.length * rowBytes));
  const point: number[] = new Array<number>(data.dim);
  for (let r = 0; r < batchIds.length; r++) {
    for (let c = 0; c < data.dim; c++) point[c] = vectors[r * data.dim + c]!;
    index.addPoint(point, batchIds[r]!);
    ids[count++] = batchIds[r]!;
  }
}

/** `dense.vectors` wants rows in ascending id order: reads the rows file back in that order. */
function writeVectors(): void {
  closeSync(rows);
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => ids[a]! - ids[b]!);
  const writer = createDenseVectorsWriter(
    data.vectorsFile,
    data.dim,
    order.map((i) => ids[i]!),
  );
  const fd = openSync(data.rowsFile, 'r');
  try {
    const chunk = 1024;
    for (let s = 0; s < order.length; s += chunk) {
      const part = order.slice(s, s + chunk);
      const out = new Float32Array(part.length * data.dim);
      const bytes = new Uint8Array(out.buffer);
      part.forEach((row, k) => {
        readSync(fd, bytes, k * rowBytes, rowBytes, row * rowBytes);
      });
      writer.append(part.map((_, k) => out.subarray(k * data.dim, (k + 1) * data.dim)));
    }
  } finally {
    closeSync(fd);
    writer.close();
  }
  rmSync(data.rowsFile, { force: true });
}

port.on('message', (m: HnswWorkerRequest) => {
  try {
    if (m.type === 'add') {
      add(m.ids, m.vectors);
      reply({ type: 'added', seq: m.seq, total: count });
    } else {
      if (count > 0 && count < capacity) index.resizeIndex(count); // the file holds exactly the threads
      index.writeIndexSync(data.hnswFile);
      writeVectors();
      reply({ type: 'finished', count });
    }
  } catch (err) {
    reply({ type: 'error', message: (err as Error).message });
  }
});
