/** What the index and the retrievers need from an encoder: one model for queries and documents. */
export interface DocumentEncoder {
  /** Identifies the model weights and tokenizer; recorded in the index manifest. */
  readonly id: string;
  readonly dim: number;
  /**
   * Where another thread can load the same model (an `OnnxEncoder`'s directory): an index build then
   * encodes in a worker thread. Without it, the build encodes in the calling thread.
   */
  readonly modelDir?: string;
  /** L2-normalized embeddings, one per text. */
  encode(texts: string[], kind: 'query' | 'document'): Promise<Float32Array[]>;
}
