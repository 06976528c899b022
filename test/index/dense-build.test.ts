import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { OnnxEncoder } from '../../src/encoder/onnx-encoder.js';
import type { DocumentEncoder } from '../../src/encoder/types.js';
import { buildIndex, type BuildProgress } from '../../src/index/build-index.js';
import { openDenseIndex } from '../../src/index/dense-index.js';
import { openDenseVectors, VECTORS_FILE } from '../../src/index/dense-vectors.js';
import { HNSW_FILE } from '../../src/index/manifest.js';
import { defaultModelDir } from '../../src/paths.js';
import { CORPUS } from '../helpers/small-index.js';

let encoder: OnnxEncoder;
before(async () => {
  encoder = await OnnxEncoder.load(defaultModelDir(), { threads: 1 });
});

/** The same encoder, without the directory that lets a build load it in a worker: encodes in-thread. */
const inThread = (e: DocumentEncoder): DocumentEncoder => ({
  id: e.id,
  dim: e.dim,
  encode: (texts, kind) => e.encode(texts, kind),
});

test('dense build: encoding in a worker gives the vectors this thread gives, sorted by id, every thread in the graph', async () => {
  const root = mkdtempSync(join(tmpdir(), 'dense-build-'));
  const progress: BuildProgress[] = [];
  // 2,500 threads: three batches of 1,000 and a part, more than the pipeline holds at once
  const viaWorker = await buildIndex({
    corpus: CORPUS,
    out: join(root, 'worker'),
    encoder,
    limit: 2500,
    onProgress: (p) => progress.push(p),
  });
  await buildIndex({ corpus: CORPUS, out: join(root, 'thread'), encoder: inThread(encoder), limit: 2500 });
  assert.equal(viaWorker.counts.documents, 2500);
  assert.deepEqual(
    readFileSync(join(root, 'worker', VECTORS_FILE)),
    readFileSync(join(root, 'thread', VECTORS_FILE)),
    'dense.vectors differs between worker and in-thread encoding',
  );

  const vectors = openDenseVectors(join(root, 'worker', VECTORS_FILE), encoder.dim, 0);
  const graph = openDenseIndex(join(root, 'worker', HNSW_FILE), encoder.dim, 64);
  const ids = graph.getIdsList();
  assert.equal(ids.length, 2500);
  assert.equal(vectors.count, 2500);
  // the graph and the vectors file hold the same vector for each thread
  const [q] = await encoder.encode(['TypeError: unsupported operand type(s) for +'], 'query');
  for (const id of ids.slice(0, 200)) {
    const point = graph.getPoint(id);
    const dot = point.reduce((s, x, i) => s + x * q![i]!, 0);
    assert.ok(Math.abs(dot - vectors.similarity(q!, id)!) < 1e-5, `thread ${id}`);
  }
  // and the graph is searchable: a thread's own vector finds it (or a thread with the very same vector)
  for (const id of ids.slice(0, 50)) {
    const point = graph.getPoint(id);
    const top = graph.searchKnn(point, 1).neighbors[0]!;
    assert.ok(top === id || graph.getPoint(top).every((x, i) => x === point[i]), `thread ${id} found ${top}`);
  }
  vectors.close();

  // progress: stored and encoded counts only grow, end at every thread, with a rate and an ETA on the way
  const index = progress.filter((p) => p.stage === 'index');
  assert.ok(index.length >= 3, `${index.length} progress reports`);
  for (let i = 1; i < progress.length; i++) {
    assert.ok(progress[i]!.done >= progress[i - 1]!.done);
    assert.ok((progress[i]!.encoded ?? 0) >= (progress[i - 1]!.encoded ?? 0));
  }
  assert.equal(progress.at(-1)!.done, 2500);
  assert.ok(progress.some((p) => p.stage === 'finish'));
  assert.ok(progress.every((p) => p.threadsPerSec >= 0));
  assert.ok(progress.some((p) => p.etaSeconds !== null && p.etaSeconds > 0), 'no ETA on the way');
  assert.equal(progress.at(-1)!.encoded, 2500);
  assert.ok(!existsSync(join(root, 'worker', 'dense.rows')), 'the scratch rows file is left behind');
});

test('dense build: a worker that cannot load the same model fails the build by name, leaving nothing', async () => {
  const root = mkdtempSync(join(tmpdir(), 'dense-build-'));
  // a model directory whose tokenizer differs from the loaded encoder's: the worker's encoder id differs
  const other = join(root, 'model');
  cpSync(defaultModelDir(), other, { recursive: true });
  const tok = JSON.parse(readFileSync(join(other, 'tokenizer.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(other, 'tokenizer.json'), JSON.stringify({ ...tok, version: 'other' }));
  const mismatched: DocumentEncoder = { id: encoder.id, dim: encoder.dim, modelDir: other, encode: encoder.encode.bind(encoder) };
  await assert.rejects(
    buildIndex({ corpus: CORPUS, out: join(root, 'index'), encoder: mismatched, limit: 300 }),
    /encoder worker.*changed during the build/,
  );
  assert.ok(!existsSync(join(root, 'index')), 'an index was left');
  assert.ok(!existsSync(join(root, 'index.partial')), 'the partial directory was left');
});

test('dense build: an encoder failing mid-build fails the build and leaves no index', async () => {
  const root = mkdtempSync(join(tmpdir(), 'dense-build-'));
  let calls = 0;
  const failing: DocumentEncoder = {
    id: encoder.id,
    dim: encoder.dim,
    encode: async (texts, kind) => {
      if (++calls === 2) throw new Error('out of memory (simulated)');
      return encoder.encode(texts, kind);
    },
  };
  await assert.rejects(
    buildIndex({ corpus: CORPUS, out: join(root, 'index'), encoder: failing, limit: 2500 }),
    /out of memory \(simulated\)/,
  );
  assert.ok(!existsSync(join(root, 'index.partial')));
});
