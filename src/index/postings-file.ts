import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';

/**
 * The lexical postings of an index (`lexical.postings`), the data the pruned BM25 scorer reads: one
 * flat little-endian file (written by `PostingsBuilder.write`), held in memory or read a term at a
 * time. FTS5 in `meta.sqlite` holds the same tokens; this file holds them in the shape top-k scoring
 * needs:
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

/** The file's header (after the magic): its version and counts. */
export function postingsHeader(d: {
  numDocs: number;
  numTerms: number;
  numPostings: number;
  numBlocks: number;
  totalTokens: number;
  boundWeights: readonly (readonly number[])[];
  numOverflow: number;
  termByteCount: number;
}): Float64Array {
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
    d.numOverflow,
    d.termByteCount,
  ]);
  return header;
}

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

/** Reads a postings file whole; throws an Error naming the file when it is not one, another version, or cut short. */
export function readPostingsFile(path: string): PostingsData {
  const file = openPostingsFile(path, Infinity);
  file.close();
  return { ...file.meta, postDocs: file.heldDocs!, postTf: file.heldTf! };
}

/** A postings file's contents apart from the postings themselves (these are `PostingsFile.read`). */
export type PostingsMeta = Omit<PostingsData, 'postDocs' | 'postTf'>;

/**
 * An open postings file. Up to `holdBelowBytes` it is read whole (`heldDocs`, `heldTf`); a larger one
 * keeps everything but the postings in memory (per document 8 bytes, per term its entry, per block of
 * 128 postings its bounds) and reads a term's postings from the file when asked: serving memory then
 * grows with the documents and the vocabulary, not with the postings (1.5 KB per thread on so-python).
 */
export interface PostingsFile {
  meta: PostingsMeta;
  heldDocs: Uint32Array | null;
  heldTf: Uint8Array | null;
  /** Postings [start, end): their documents and their column counts (COLUMNS bytes each). */
  read(start: number, end: number): { docs: Uint32Array; tf: Uint8Array };
  close(): void;
}

/** Postings files up to this size are held in memory (64 MB for so-python's 44k threads). */
export const HOLD_POSTINGS_BELOW_BYTES = 512 * 2 ** 20;

export function openPostingsFile(path: string, holdBelowBytes = HOLD_POSTINGS_BELOW_BYTES): PostingsFile {
  const fd = openSync(path, 'r');
  let kept = false;
  try {
    const size = fstatSync(fd).size;
    if (size <= holdBelowBytes) return heldFile(path, readFileSync(fd));
    const file = lazyFile(path, fd, size);
    kept = true;
    return file;
  } finally {
    if (!kept) closeSync(fd);
  }
}

/** Where each section of the layout starts, given the header (written by `PostingsBuilder.write`). */
export function layout(path: string, header: Float64Array, size?: number) {
  if (header[0] !== POSTINGS_VERSION) {
    throw new Error(`${path} has postings version ${header[0]}; this snippet-search reads version ${POSTINGS_VERSION}`);
  }
  if (header[6] !== BLOCK_SIZE) throw new Error(`${path} has blocks of ${header[6]} postings, expected ${BLOCK_SIZE}`);
  const [numDocs, numTerms, numPostings, numBlocks, totalTokens, , numBounds, numOverflow, termByteCount] = [
    ...header.subarray(1, 10),
  ] as number[];
  const counts = {
    boundWeights: [8, numBounds! * COLUMNS],
    docIds: [4, numDocs!],
    docLen: [4, numDocs!],
    termByteOffsets: [4, numTerms! + 1],
    termBytes: [1, termByteCount!],
    termDf: [4, numTerms!],
    termPostStart: [4, numTerms! + 1],
    termBlockStart: [4, numTerms! + 1],
    termBound: [8, numTerms! * numBounds!],
    postDocs: [4, numPostings!],
    postTf: [1, numPostings! * COLUMNS],
    blockLastDoc: [4, numBlocks!],
    blockBound: [8, numBlocks! * numBounds!],
    overflow: [8, numOverflow! * 2],
  } as const;
  const at = {} as Record<keyof typeof counts, { offset: number; bytes: number; n: number }>;
  let offset = 8 + HEADER_FIELDS * 8;
  for (const [name, [width, n]] of Object.entries(counts) as Array<[keyof typeof counts, readonly [number, number]]>) {
    const bytes = width * n;
    if (size !== undefined && offset + bytes > size) throw new Error(`${path} is truncated`);
    at[name] = { offset, bytes, n };
    offset += bytes + ((8 - (bytes % 8)) % 8);
  }
  if (size !== undefined && offset !== size) throw new Error(`${path} has ${size - offset} unexpected trailing bytes`);
  return { size: offset, at, numDocs: numDocs!, numTerms: numTerms!, numPostings: numPostings!, numBlocks: numBlocks!, totalTokens: totalTokens!, numBounds: numBounds! };
}

type Section = { offset: number; bytes: number; n: number };
type Ctor<T> = { new (b: ArrayBufferLike, o: number, n: number): T };

function readHeader(path: string, fd: number, size: number): Float64Array {
  const head = Buffer.alloc(8 + HEADER_FIELDS * 8);
  if (size < head.byteLength || readSync(fd, head, 0, head.byteLength, 0) !== head.byteLength || head.toString('latin1', 0, 8) !== POSTINGS_MAGIC) {
    throw new Error(`${path} is not a snippet-search postings file`);
  }
  return new Float64Array(head.buffer.slice(head.byteOffset + 8, head.byteOffset + head.byteLength));
}

function meta(l: ReturnType<typeof layout>, get: <T>(C: Ctor<T>, s: Section) => T): PostingsMeta {
  const bw = get(Float64Array, l.at.boundWeights);
  return {
    numDocs: l.numDocs,
    numTerms: l.numTerms,
    numPostings: l.numPostings,
    numBlocks: l.numBlocks,
    totalTokens: l.totalTokens,
    boundWeights: Array.from({ length: l.numBounds }, (_, i) => [...bw.subarray(i * COLUMNS, (i + 1) * COLUMNS)]),
    docIds: get(Uint32Array, l.at.docIds),
    docLen: get(Uint32Array, l.at.docLen),
    termByteOffsets: get(Uint32Array, l.at.termByteOffsets),
    termBytes: get(Uint8Array, l.at.termBytes),
    termDf: get(Uint32Array, l.at.termDf),
    termPostStart: get(Uint32Array, l.at.termPostStart),
    termBlockStart: get(Uint32Array, l.at.termBlockStart),
    termBound: get(Float64Array, l.at.termBound),
    blockLastDoc: get(Uint32Array, l.at.blockLastDoc),
    blockBound: get(Float64Array, l.at.blockBound),
    overflow: get(Float64Array, l.at.overflow),
  };
}

function heldFile(path: string, raw: Buffer): PostingsFile {
  // Typed arrays need aligned offsets: copy into a fresh buffer unless it already starts at 0.
  const buf = raw.byteOffset % 8 === 0 ? raw : Buffer.from(raw);
  if (buf.byteLength < 8 + HEADER_FIELDS * 8 || buf.toString('latin1', 0, 8) !== POSTINGS_MAGIC) {
    throw new Error(`${path} is not a snippet-search postings file`);
  }
  const l = layout(path, new Float64Array(buf.buffer, buf.byteOffset + 8, HEADER_FIELDS), buf.byteLength);
  const get = <T>(C: Ctor<T>, s: Section): T => new C(buf.buffer, buf.byteOffset + s.offset, s.n);
  const heldDocs = get(Uint32Array, l.at.postDocs);
  const heldTf = get(Uint8Array, l.at.postTf);
  return {
    meta: meta(l, get),
    heldDocs,
    heldTf,
    read: (start, end) => ({ docs: heldDocs.subarray(start, end), tf: heldTf.subarray(start * COLUMNS, end * COLUMNS) }),
    close() {},
  };
}

function lazyFile(path: string, fd: number, size: number): PostingsFile {
  const l = layout(path, readHeader(path, fd, size), size);
  const get = <T>(C: Ctor<T>, s: Section): T => {
    const b = new Uint8Array(s.bytes);
    if (s.bytes && readSync(fd, b, 0, s.bytes, s.offset) !== s.bytes) throw new Error(`${path} is truncated`);
    return new C(b.buffer, 0, s.n);
  };
  const { postDocs, postTf } = l.at;
  let open = true;
  return {
    meta: meta(l, get),
    heldDocs: null,
    heldTf: null,
    read(start, end) {
      if (!open) throw new Error(`${path} is closed`);
      const docs = new Uint32Array(end - start);
      const tf = new Uint8Array((end - start) * COLUMNS);
      readSync(fd, new Uint8Array(docs.buffer), 0, docs.byteLength, postDocs.offset + start * 4);
      readSync(fd, tf, 0, tf.byteLength, postTf.offset + start * COLUMNS);
      return { docs, tf };
    },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
  };
}
