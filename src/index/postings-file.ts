import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The lexical postings of an index (`lexical.postings`), the data the pruned BM25 scorer reads: one
 * flat little-endian file, read whole into typed arrays. FTS5 in `meta.sqlite` holds the same tokens;
 * this file holds them in the shape top-k scoring needs:
 *
 * - per document (numbered 0..N-1 in build order): its thread id and its length in tokens (all
 *   columns, as FTS5's `xColumnSize(-1)` counts);
 * - a term dictionary sorted by UTF-8 bytes (binary search), each term with its document frequency
 *   and its range of postings;
 * - per term, its postings in document order: the document number and the term's count in each of
 *   the four columns (one byte each; 255 means "look in the overflow table");
 * - per block of `BLOCK_SIZE` postings: the last document number (to skip) and, for each of the
 *   bound weight vectors, the block's highest BM25 term-frequency factor (`tfFactor`) under those
 *   column weights; per term the highest over its blocks. A query with other weights still gets valid
 *   bounds (see `boundScale`).
 */
export const POSTINGS_FILE = 'lexical.postings';
export const POSTINGS_MAGIC = 'SSPOSTNG';
/** Bump with any change to the layout below. */
export const POSTINGS_VERSION = 1;
export const BLOCK_SIZE = 128;
/** FTS5's `bm25()` constants (sqlite/ext/fts5/fts5_aux.c). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
/** Column count (title, body, answer, keyword: `FTS_FIELDS`). */
export const COLUMNS = 4;
/** A column count of at least this is stored in the overflow table. */
export const TF_OVERFLOW = 255;
/**
 * Column weights the block bounds are computed for: the lexical legs' weights (retrieve/bm25.ts), so
 * their bounds are exact; any other weights are served with scaled, looser bounds.
 */
export const BOUND_WEIGHTS: ReadonlyArray<readonly number[]> = [
  [3, 0.5, 1, 3],
  [2, 1, 1, 2],
  [1, 1, 1, 1],
];
const HEADER_FIELDS = 16;

/** The file's contents as typed arrays. */
export interface PostingsData {
  numDocs: number;
  numTerms: number;
  numPostings: number;
  numBlocks: number;
  totalTokens: number;
  boundWeights: number[][];
  docIds: Uint32Array;
  docLen: Uint32Array;
  termByteOffsets: Uint32Array;
  termBytes: Uint8Array;
  termDf: Uint32Array;
  termPostStart: Uint32Array;
  termBlockStart: Uint32Array;
  /** `numTerms × boundWeights.length`: a term's highest `tfFactor` under each bound vector. */
  termBound: Float64Array;
  postDocs: Uint32Array;
  /** `numPostings × COLUMNS` column counts, capped at `TF_OVERFLOW`. */
  postTf: Uint8Array;
  blockLastDoc: Uint32Array;
  /** `numBlocks × boundWeights.length`. */
  blockBound: Float64Array;
  /** `(posting × COLUMNS + column, count)` pairs for counts of `TF_OVERFLOW` or more. */
  overflow: Float64Array;
}

/** BM25's length normalization for a document of `len` tokens: `k1·(1 − b + b·len/avgdl)`, as FTS5 computes it. */
export function lengthNorm(len: number, avgdl: number): number {
  return BM25_K1 * (1 - BM25_B + (BM25_B * len) / avgdl);
}

/** BM25's saturated term frequency for a (column-weighted) frequency `f`, as FTS5 computes it. */
export function tfFactor(f: number, norm: number): number {
  return (f * (BM25_K1 + 1.0)) / (f + norm);
}

/** FTS5's idf: `log((N − n + 0.5)/(n + 0.5))`, floored at 1e-6 (a term in over half the rows). */
export function fts5Idf(numDocs: number, df: number): number {
  const idf = Math.log((numDocs - df + 0.5) / (df + 0.5));
  return idf <= 0 ? 1e-6 : idf;
}

export function writePostingsFile(path: string, d: PostingsData): void {
  const header = new Float64Array(HEADER_FIELDS);
  header.set([
    POSTINGS_VERSION,
    d.numDocs,
    d.numTerms,
    d.numPostings,
    d.numBlocks,
    d.totalTokens,
    BLOCK_SIZE,
    d.boundWeights.length,
    d.overflow.length / 2,
    d.termBytes.length,
  ]);
  const parts: Uint8Array[] = [Buffer.from(POSTINGS_MAGIC, 'latin1'), bytes(header)];
  const sections: ArrayBufferView[] = [
    new Float64Array(d.boundWeights.flat()),
    d.docIds,
    d.docLen,
    d.termByteOffsets,
    d.termBytes,
    d.termDf,
    d.termPostStart,
    d.termBlockStart,
    d.termBound,
    d.postDocs,
    d.postTf,
    d.blockLastDoc,
    d.blockBound,
    d.overflow,
  ];
  for (const s of sections) {
    const b = bytes(s);
    parts.push(b);
    const pad = (8 - (b.byteLength % 8)) % 8;
    if (pad) parts.push(new Uint8Array(pad));
  }
  writeFileSync(path, Buffer.concat(parts));
}

/** Reads a postings file; throws an Error naming the file when it is not one, another version, or cut short. */
export function readPostingsFile(path: string): PostingsData {
  const raw = readFileSync(path);
  // Typed arrays need aligned offsets: copy into a fresh buffer unless it already starts at 0.
  const buf = raw.byteOffset % 8 === 0 ? raw : Buffer.from(raw);
  if (buf.byteLength < 8 + HEADER_FIELDS * 8 || buf.toString('latin1', 0, 8) !== POSTINGS_MAGIC) {
    throw new Error(`${path} is not a snippet-search postings file`);
  }
  const h = new Float64Array(buf.buffer, buf.byteOffset + 8, HEADER_FIELDS);
  if (h[0] !== POSTINGS_VERSION) {
    throw new Error(`${path} has postings version ${h[0]}; this snippet-search reads version ${POSTINGS_VERSION}`);
  }
  if (h[6] !== BLOCK_SIZE) throw new Error(`${path} has blocks of ${h[6]} postings, expected ${BLOCK_SIZE}`);
  const [numDocs, numTerms, numPostings, numBlocks, totalTokens, , numBounds, numOverflow, termByteCount] = [
    ...h.subarray(1, 10),
  ] as number[];
  let at = buf.byteOffset + 8 + HEADER_FIELDS * 8;
  const end = buf.byteOffset + buf.byteLength;
  function take<T>(Ctor: { new (b: ArrayBufferLike, o: number, n: number): T; BYTES_PER_ELEMENT: number }, n: number): T {
    const len = n * Ctor.BYTES_PER_ELEMENT;
    if (at + len > end) throw new Error(`${path} is truncated`);
    const arr = new Ctor(buf.buffer, at, n);
    at += len + ((8 - (len % 8)) % 8);
    return arr;
  }
  const bw = take(Float64Array, numBounds! * COLUMNS);
  const boundWeights = Array.from({ length: numBounds! }, (_, i) => [...bw.subarray(i * COLUMNS, (i + 1) * COLUMNS)]);
  const data: PostingsData = {
    numDocs: numDocs!,
    numTerms: numTerms!,
    numPostings: numPostings!,
    numBlocks: numBlocks!,
    totalTokens: totalTokens!,
    boundWeights,
    docIds: take(Uint32Array, numDocs!),
    docLen: take(Uint32Array, numDocs!),
    termByteOffsets: take(Uint32Array, numTerms! + 1),
    termBytes: take(Uint8Array, termByteCount!),
    termDf: take(Uint32Array, numTerms!),
    termPostStart: take(Uint32Array, numTerms! + 1),
    termBlockStart: take(Uint32Array, numTerms! + 1),
    termBound: take(Float64Array, numTerms! * numBounds!),
    postDocs: take(Uint32Array, numPostings!),
    postTf: take(Uint8Array, numPostings! * COLUMNS),
    blockLastDoc: take(Uint32Array, numBlocks!),
    blockBound: take(Float64Array, numBlocks! * numBounds!),
    overflow: take(Float64Array, numOverflow! * 2),
  };
  if (at !== end) throw new Error(`${path} has ${end - at} unexpected trailing bytes`);
  return data;
}

function bytes(v: ArrayBufferView): Uint8Array {
  return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
}
