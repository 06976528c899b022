import type Database from 'better-sqlite3';
import hnswlib from 'hnswlib-node';
import type { DocumentEncoder } from '../encoder/types.js';
import { createDenseVectorsWriter } from './dense-vectors.js';
import { documentEmbeddingText } from './document-text.js';

const { HierarchicalNSW } = hnswlib;
export type Hnsw = InstanceType<typeof HierarchicalNSW>;

export interface HnswParams {
  M: number;
  efConstruction: number;
  efSearch: number;
}

/**
 * Chosen by measurement on the so-python index (300 dev queries, recall@10 against exact search):
 * M=16/efConstruction=200 builds in ~27 s and reaches 0.971 at efSearch 128, 0.990 at 256, 0.996 at
 * 512 (1.9 ms); M=32 reaches 0.992 at 128 but takes 47 s to build. The static embeddings crowd
 * together, so the search needs a wide beam: efSearch 512.
 */
export const DEFAULT_HNSW: HnswParams = { M: 16, efConstruction: 200, efSearch: 512 };

const ENCODE_BATCH = 256;

/**
 * Encodes every document in the SQLite store and writes an inner-product HNSW index labelled by doc id,
 * and the same vectors to `vectorsFile` (see `dense-vectors.ts`).
 */
export async function buildDenseIndex(
  db: Database.Database,
  encoder: DocumentEncoder,
  file: string,
  vectorsFile: string,
  params: HnswParams,
  onProgress?: (done: number, total: number, stage: 'encode' | 'hnsw') => void,
): Promise<void> {
  const total = (db.prepare('SELECT count(*) AS n FROM docs').get() as { n: number }).n;
  const index = new HierarchicalNSW('ip', encoder.dim);
  index.initIndex({ maxElements: Math.max(total, 1), m: params.M, efConstruction: params.efConstruction, randomSeed: 42 });
  const rows = db.prepare('SELECT id, title, body, best_answer AS bestAnswer FROM docs ORDER BY id').iterate() as Iterable<{
    id: number; title: string; body: string; bestAnswer: string;
  }>;
  let batch: { id: number; text: string }[] = [];
  let done = 0;
  let vectorsOut: ReturnType<typeof createDenseVectorsWriter> | null = null;
  const flush = async () => {
    const vectors = await encoder.encode(batch.map((b) => b.text), 'document');
    vectorsOut!.append(vectors);
    batch.forEach((b, i) => index.addPoint(Array.from(vectors[i]!), b.id));
    done += batch.length;
    batch = [];
    onProgress?.(done, total, 'encode');
  };
  // Collect texts first: better-sqlite3 iterators cannot stay open across awaits on the same connection.
  const texts: { id: number; text: string }[] = [];
  for (const r of rows) texts.push({ id: r.id, text: documentEmbeddingText(r) });
  vectorsOut = createDenseVectorsWriter(
    vectorsFile,
    encoder.dim,
    texts.map((t) => t.id),
  );
  try {
    for (const t of texts) {
      batch.push(t);
      if (batch.length >= ENCODE_BATCH) await flush();
    }
    if (batch.length) await flush();
  } finally {
    vectorsOut.close();
  }
  index.writeIndexSync(file);
}

export function openDenseIndex(file: string, dim: number, efSearch: number): Hnsw {
  const index = new HierarchicalNSW('ip', dim);
  index.readIndexSync(file);
  index.setEf(efSearch);
  return index;
}
