import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { DOCUMENT_TOKENS, QUERY_TOKENS } from './budgets.js';
import { WordPieceTokenizer } from './tokenizer.js';
import type { DocumentEncoder } from './types.js';

export const MODEL_FILE = 'model.onnx';
export const TOKENIZER_FILE = 'tokenizer.json';

export interface OnnxEncoderOptions {
  /** Intra-op threads for onnxruntime (default 1: one core per query; index builds pass more). */
  threads?: number;
  /** Texts per session run. */
  batchSize?: number;
}

export class EncoderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EncoderError';
  }
}

/**
 * The shared query/document encoder: the WordPiece tokenizer and the ONNX model in `models/`, run with
 * onnxruntime-node on the CPU. Queries are middle-truncated, documents head-truncated; outputs are
 * L2-normalized, so inner product is cosine similarity.
 */
export class OnnxEncoder implements DocumentEncoder {
  private constructor(
    readonly id: string,
    readonly dim: number,
    private readonly session: ort.InferenceSession,
    readonly tokenizer: WordPieceTokenizer,
    private readonly batchSize: number,
    readonly modelDir: string,
  ) {}

  static async load(modelDir: string, opts: OnnxEncoderOptions = {}): Promise<OnnxEncoder> {
    const modelPath = join(modelDir, MODEL_FILE);
    const tokPath = join(modelDir, TOKENIZER_FILE);
    for (const f of [modelPath, tokPath]) {
      if (!existsSync(f))
        throw new EncoderError(`encoder file missing: ${f} (models/ ships it; run npm run train to remake it)`);
    }
    const modelBytes = readFileSync(modelPath);
    const tokBytes = readFileSync(tokPath);
    const hash = createHash('sha256').update(modelBytes).update(tokBytes).digest('hex').slice(0, 12);
    const tokenizer = new WordPieceTokenizer(JSON.parse(tokBytes.toString('utf8')));
    let session: ort.InferenceSession;
    try {
      session = await ort.InferenceSession.create(modelBytes, {
        intraOpNumThreads: opts.threads ?? 1,
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
        executionProviders: ['cpu'],
      });
    } catch (err) {
      throw new EncoderError(`cannot load ${modelPath}: ${(err as Error).message}`);
    }
    const probe = await runSession(session, [[tokenizer.padId === 0 ? 1 : 0]], tokenizer.padId);
    const dim = probe.dims[1]!;
    return new OnnxEncoder(`snippet-encoder-${hash}`, dim, session, tokenizer, opts.batchSize ?? 128, modelDir);
  }

  async encode(texts: string[], kind: 'query' | 'document'): Promise<Float32Array[]> {
    const ids = texts.map((t) =>
      kind === 'query' ? this.tokenizer.queryIds(t, QUERY_TOKENS) : this.tokenizer.documentIds(t, DOCUMENT_TOKENS),
    );
    return this.encodeIds(ids);
  }

  /** Encodes pre-tokenized inputs; batches are grouped by length to keep padding small. */
  async encodeIds(ids: number[][]): Promise<Float32Array[]> {
    const order = ids.map((_, i) => i).sort((a, b) => ids[a]!.length - ids[b]!.length);
    const out: Float32Array[] = new Array(ids.length);
    for (let s = 0; s < order.length; s += this.batchSize) {
      const idx = order.slice(s, s + this.batchSize);
      const res = await runSession(
        this.session,
        idx.map((i) => ids[i]!),
        this.tokenizer.padId,
      );
      const data = res.data as Float32Array;
      idx.forEach((i, r) => {
        out[i] = data.slice(r * this.dim, (r + 1) * this.dim);
      });
    }
    return out;
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}

async function runSession(session: ort.InferenceSession, batch: number[][], padId: number): Promise<ort.Tensor> {
  const len = Math.max(1, ...batch.map((b) => b.length));
  const inputIds = new BigInt64Array(batch.length * len).fill(BigInt(padId));
  const mask = new Float32Array(batch.length * len);
  batch.forEach((seq, r) => {
    // An empty text still gets one (padding) position, masked out: it encodes to the zero vector.
    for (let c = 0; c < seq.length; c++) {
      inputIds[r * len + c] = BigInt(seq[c]!);
      mask[r * len + c] = 1;
    }
  });
  const out = await session.run({
    input_ids: new ort.Tensor('int64', inputIds, [batch.length, len]),
    attention_mask: new ort.Tensor('float32', mask, [batch.length, len]),
  });
  return out.embeddings!;
}
