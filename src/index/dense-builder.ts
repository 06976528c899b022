import { Worker } from 'node:worker_threads';
import type { DocumentEncoder } from '../encoder/types.js';
import type { HnswParams } from './dense-index.js';
import type {
  EncodeWorkerData,
  EncodeWorkerReply,
  EncodeWorkerRequest,
  HnswWorkerData,
  HnswWorkerReply,
  HnswWorkerRequest,
} from './workers/messages.js';

export interface DenseBuilderOptions {
  encoder: DocumentEncoder;
  params: HnswParams;
  hnswFile: string;
  vectorsFile: string;
  /** Scratch file for vectors in arrival order (in the build's `.partial` directory). */
  rowsFile: string;
  /** HNSW capacity to start with (it doubles as needed). */
  initialCapacity?: number;
  /** Batches accepted but not yet in the graph before `add` waits: bounds the memory the pipeline holds. */
  maxInFlight?: number;
  /** Called as batches enter the graph, with the number of threads in it. */
  onAdded?: (total: number) => void;
}

/**
 * The dense half of an index build as a pipeline beside the caller's thread: batches of documents go to
 * an encoder worker (tokenize + ONNX, when the encoder can be loaded in another thread, else encoded
 * here) and on to an HNSW worker that inserts them as they come. The caller keeps reading and storing
 * the corpus meanwhile, so the build uses two cores; `add` waits when `maxInFlight` batches are pending,
 * so memory stays a few batches whatever the corpus size.
 */
export class DenseBuilder {
  private seq = 0;
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly pendingIds = new Map<number, Uint32Array>();
  private failure: Error | null = null;
  private onFailure: Array<(err: Error) => void> = [];
  private finished: ((count: number) => void) | null = null;

  private constructor(
    private readonly opts: DenseBuilderOptions,
    private readonly hnsw: Worker,
    private readonly encodeWorker: Worker | null,
  ) {
    hnsw.on('message', (m: HnswWorkerReply) => {
      if (m.type === 'error') return this.fail(new Error(`building the HNSW graph: ${m.message}`));
      if (m.type === 'finished') return this.finished?.(m.count);
      this.inFlight--;
      this.waiting.shift()?.();
      opts.onAdded?.(m.total);
    });
    encodeWorker?.on('message', (m: EncodeWorkerReply) => {
      if (m.type === 'error') return this.fail(new Error(`encoding documents: ${m.message}`));
      if (m.type !== 'encoded') return;
      const ids = this.pendingIds.get(m.seq)!;
      this.pendingIds.delete(m.seq);
      this.toGraph(m.seq, ids, m.vectors);
    });
    for (const [w, what] of [
      [hnsw, 'HNSW'],
      [encodeWorker, 'encoder'],
    ] as const) {
      w?.on('error', (err) => this.fail(new Error(`the ${what} worker failed: ${err.message}`)));
      w?.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`the ${what} worker exited with code ${code}`));
      });
    }
  }

  static async start(opts: DenseBuilderOptions): Promise<DenseBuilder> {
    const hnswData: HnswWorkerData = {
      dim: opts.encoder.dim,
      params: opts.params,
      initialCapacity: opts.initialCapacity ?? 65_536,
      hnswFile: opts.hnswFile,
      vectorsFile: opts.vectorsFile,
      rowsFile: opts.rowsFile,
    };
    const hnsw = new Worker(new URL('./workers/hnsw-worker.js', import.meta.url), { workerData: hnswData });
    let encodeWorker: Worker | null = null;
    if (opts.encoder.modelDir) {
      const data: EncodeWorkerData = { modelDir: opts.encoder.modelDir, expectId: opts.encoder.id };
      encodeWorker = new Worker(new URL('./workers/encode-worker.js', import.meta.url), { workerData: data });
      try {
        await new Promise<void>((resolve, reject) => {
          encodeWorker!.once('message', (m: EncodeWorkerReply) =>
            m.type === 'ready' ? resolve() : reject(new Error(m.type === 'error' ? m.message : 'unexpected reply')),
          );
          encodeWorker!.once('error', reject);
        });
      } catch (err) {
        await Promise.all([hnsw.terminate(), encodeWorker.terminate()]);
        throw new Error(`cannot start the encoder worker: ${(err as Error).message}`, { cause: err });
      }
    }
    return new DenseBuilder(opts, hnsw, encodeWorker);
  }

  /** Queues a batch; resolves once the pipeline has room for another. */
  async add(ids: readonly number[], texts: string[]): Promise<void> {
    this.check();
    const seq = this.seq++;
    this.inFlight++;
    const idArray = Uint32Array.from(ids);
    if (this.encodeWorker) {
      this.pendingIds.set(seq, idArray);
      const req: EncodeWorkerRequest = { type: 'encode', seq, texts };
      this.encodeWorker.postMessage(req);
    } else {
      const vectors = await this.opts.encoder.encode(texts, 'document');
      const flat = new Float32Array(vectors.length * this.opts.encoder.dim);
      vectors.forEach((v, i) => flat.set(v, i * this.opts.encoder.dim));
      this.toGraph(seq, idArray, flat);
    }
    if (this.inFlight >= (this.opts.maxInFlight ?? 4)) await this.settle(new Promise<void>((r) => this.waiting.push(r)));
  }

  /** Waits for every batch, then writes the graph and the vectors; resolves with the number of threads. */
  async finish(): Promise<number> {
    this.check();
    while (this.inFlight > 0) await this.settle(new Promise<void>((r) => this.waiting.push(r)));
    const done = new Promise<number>((r) => (this.finished = r));
    const req: HnswWorkerRequest = { type: 'finish' };
    this.hnsw.postMessage(req);
    try {
      return await this.settle(done);
    } finally {
      await this.close();
    }
  }

  /** Stops the workers (after a failure elsewhere in the build); what they wrote is the caller's to remove. */
  async close(): Promise<void> {
    this.onFailure = [];
    await Promise.all([this.hnsw.terminate(), this.encodeWorker?.terminate()]);
  }

  private toGraph(seq: number, ids: Uint32Array, vectors: Float32Array): void {
    const req: HnswWorkerRequest = { type: 'add', seq, ids, vectors };
    this.hnsw.postMessage(req, [ids.buffer as ArrayBuffer, vectors.buffer as ArrayBuffer]);
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }

  private fail(err: Error): void {
    if (this.failure) return;
    this.failure = err;
    for (const reject of this.onFailure) reject(err);
    this.onFailure = [];
  }

  /** `p`, or the pipeline's failure if that comes first. */
  private settle<T>(p: Promise<T>): Promise<T> {
    this.check();
    let onFailure!: (err: Error) => void;
    const failed = new Promise<never>((_, reject) => (onFailure = reject));
    this.onFailure.push(onFailure);
    // Once `p` settles its listener goes: a long build waits once per batch.
    return Promise.race([p, failed]).finally(() => {
      this.onFailure = this.onFailure.filter((f) => f !== onFailure);
    });
  }
}
