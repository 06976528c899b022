import { createFtsTokenizer } from './fts-tokens.js';
import {
  BLOCK_SIZE,
  BOUND_WEIGHTS,
  COLUMNS,
  lengthNorm,
  TF_OVERFLOW,
  tfFactor,
  writePostingsFile,
  type PostingsData,
} from './postings-file.js';

function grow(a: Uint32Array, n: number): Uint32Array {
  const b = new Uint32Array(n);
  b.set(a);
  return b;
}

/** A Uint32Array that grows by doubling. */
class GrowingU32 {
  data = new Uint32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }
}

/**
 * Collects the postings of an index while its documents are written (same texts as `docs_fts`, the
 * same tokens FTS5 makes of them: `createFtsTokenizer`), then writes `lexical.postings`. Documents are
 * numbered in the order they are added, so each term's postings come out in document order. Holds
 * 12 bytes per posting until `write` (the so-python index: 5.6M postings).
 */
export class PostingsBuilder {
  private readonly tokenizer = createFtsTokenizer();
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  private readonly pTerm = new GrowingU32();
  private readonly pDoc = new GrowingU32();
  /** Column counts packed one byte each (capped at TF_OVERFLOW); exact counts of capped ones in `overflow`. */
  private readonly pTf = new GrowingU32();
  private readonly overflow: Array<[posting: number, column: number, count: number]> = [];
  private readonly docIds = new GrowingU32();
  private readonly docLen = new GrowingU32();
  private totalTokens = 0;
  // Per-document scratch: per term id, the last document (+1) that held it and its slot there; per
  // slot, the term and its counts per column.
  private lastDoc: Uint32Array = new Uint32Array(1 << 16);
  private slotOf: Uint32Array = new Uint32Array(1 << 16);
  private slotTerm: Uint32Array = new Uint32Array(1024);
  private slotCounts: Uint32Array = new Uint32Array(1024 * COLUMNS);
  private readonly scratch: string[] = [];

  /** Adds one document: its thread id and the `lexicalText` of each column, in `FTS_FIELDS` order. */
  add(id: number, columns: readonly string[]): void {
    if (!Number.isInteger(id) || id < 0 || id > 0xffffffff) throw new Error(`thread id ${id} does not fit the postings file`);
    const doc = this.docIds.length;
    const mark = doc + 1;
    let len = 0;
    let slots = 0;
    for (let c = 0; c < COLUMNS; c++) {
      const tokens = this.scratch;
      tokens.length = 0;
      this.tokenizer.tokens(columns[c] ?? '', tokens);
      len += tokens.length;
      for (let j = 0; j < tokens.length; j++) {
        const t = tokens[j]!;
        let tid = this.termIds.get(t);
        if (tid === undefined) {
          tid = this.terms.length;
          this.terms.push(t);
          this.termIds.set(t, tid);
          if (tid >= this.lastDoc.length) {
            this.lastDoc = grow(this.lastDoc, this.lastDoc.length * 2);
            this.slotOf = grow(this.slotOf, this.slotOf.length * 2);
          }
        }
        let slot: number;
        if (this.lastDoc[tid] === mark) slot = this.slotOf[tid]!;
        else {
          slot = slots++;
          if (slot >= this.slotTerm.length) {
            this.slotTerm = grow(this.slotTerm, this.slotTerm.length * 2);
            this.slotCounts = grow(this.slotCounts, this.slotCounts.length * 2);
          }
          this.lastDoc[tid] = mark;
          this.slotOf[tid] = slot;
          this.slotTerm[slot] = tid;
          this.slotCounts.fill(0, slot * COLUMNS, slot * COLUMNS + COLUMNS);
        }
        this.slotCounts[slot * COLUMNS + c]!++;
      }
    }
    for (let slot = 0; slot < slots; slot++) {
      let packed = 0;
      for (let c = 0; c < COLUMNS; c++) {
        const n = this.slotCounts[slot * COLUMNS + c]!;
        if (n >= TF_OVERFLOW) this.overflow.push([this.pDoc.length, c, n]);
        packed |= Math.min(n, TF_OVERFLOW) << (8 * c);
      }
      this.pTerm.push(this.slotTerm[slot]!);
      this.pDoc.push(doc);
      this.pTf.push(packed >>> 0);
    }
    this.docIds.push(id);
    this.docLen.push(len);
    this.totalTokens += len;
  }

  get documentCount(): number {
    return this.docIds.length;
  }

  /** Sorts the postings by term, computes the block bounds and writes the file. */
  write(path: string): { terms: number; postings: number } {
    this.tokenizer.close();
    const numTerms = this.terms.length;
    const numPostings = this.pDoc.length;
    if (numPostings >= 0xffffffff) throw new Error('too many postings for one postings file (over 2^32)');
    // Terms in UTF-8 byte order, so a lookup is a binary search over bytes.
    const encoded = this.terms.map((t) => Buffer.from(t, 'utf8'));
    const order = Array.from({ length: numTerms }, (_, i) => i).sort((a, b) => Buffer.compare(encoded[a]!, encoded[b]!));
    const rank = new Uint32Array(numTerms);
    order.forEach((tid, r) => (rank[tid] = r));
    const termByteOffsets = new Uint32Array(numTerms + 1);
    for (let r = 0; r < numTerms; r++) termByteOffsets[r + 1] = termByteOffsets[r]! + encoded[order[r]!]!.length;
    const termBytes = new Uint8Array(termByteOffsets[numTerms]!);
    for (let r = 0; r < numTerms; r++) termBytes.set(encoded[order[r]!]!, termByteOffsets[r]!);

    // Counting sort of the postings by term rank; stable, so documents stay in order within a term.
    const pTerm = this.pTerm.view();
    const termDf = new Uint32Array(numTerms);
    for (let p = 0; p < numPostings; p++) termDf[rank[pTerm[p]!]!]!++;
    const termPostStart = new Uint32Array(numTerms + 1);
    for (let r = 0; r < numTerms; r++) termPostStart[r + 1] = termPostStart[r]! + termDf[r]!;
    const fill = termPostStart.slice(0, numTerms);
    const where = new Uint32Array(numPostings);
    const postDocs = new Uint32Array(numPostings);
    const postTf = new Uint8Array(numPostings * COLUMNS);
    const pDoc = this.pDoc.view();
    const pTf = this.pTf.view();
    for (let p = 0; p < numPostings; p++) {
      const at = fill[rank[pTerm[p]!]!]!++;
      where[p] = at;
      postDocs[at] = pDoc[p]!;
      const packed = pTf[p]!;
      for (let c = 0; c < COLUMNS; c++) postTf[at * COLUMNS + c] = (packed >>> (8 * c)) & 0xff;
    }
    const overflow = new Float64Array(this.overflow.length * 2);
    const exact = new Map<number, number>();
    this.overflow.forEach(([p, c, n], i) => {
      const key = where[p]! * COLUMNS + c;
      overflow[2 * i] = key;
      overflow[2 * i + 1] = n;
      exact.set(key, n);
    });

    // Blocks and their bounds under each bound weight vector.
    const numDocs = this.docIds.length;
    const docLen = this.docLen.view();
    const avgdl = this.totalTokens / numDocs;
    const norm = new Float64Array(numDocs);
    for (let d = 0; d < numDocs; d++) norm[d] = lengthNorm(docLen[d]!, avgdl);
    const termBlockStart = new Uint32Array(numTerms + 1);
    for (let r = 0; r < numTerms; r++) termBlockStart[r + 1] = termBlockStart[r]! + Math.ceil(termDf[r]! / BLOCK_SIZE);
    const numBlocks = termBlockStart[numTerms]!;
    const nb = BOUND_WEIGHTS.length;
    const blockLastDoc = new Uint32Array(numBlocks);
    const blockBound = new Float64Array(numBlocks * nb);
    const termBound = new Float64Array(numTerms * nb);
    const tf = (p: number, c: number) => {
      const v = postTf[p * COLUMNS + c]!;
      return v === TF_OVERFLOW ? exact.get(p * COLUMNS + c)! : v;
    };
    for (let r = 0; r < numTerms; r++) {
      const start = termPostStart[r]!;
      const end = termPostStart[r + 1]!;
      for (let blk = termBlockStart[r]!, s = start; s < end; blk++, s += BLOCK_SIZE) {
        const e = Math.min(end, s + BLOCK_SIZE);
        blockLastDoc[blk] = postDocs[e - 1]!;
        for (let v = 0; v < nb; v++) {
          const w = BOUND_WEIGHTS[v]!;
          let max = 0;
          for (let p = s; p < e; p++) {
            let f = 0;
            for (let c = 0; c < COLUMNS; c++) f += w[c]! * tf(p, c);
            const g = tfFactor(f, norm[postDocs[p]!]!);
            if (g > max) max = g;
          }
          blockBound[blk * nb + v] = max;
          if (max > termBound[r * nb + v]!) termBound[r * nb + v] = max;
        }
      }
    }
    const data: PostingsData = {
      numDocs,
      numTerms,
      numPostings,
      numBlocks,
      totalTokens: this.totalTokens,
      boundWeights: BOUND_WEIGHTS.map((w) => [...w]),
      docIds: this.docIds.view(),
      docLen,
      termByteOffsets,
      termBytes,
      termDf,
      termPostStart,
      termBlockStart,
      termBound,
      postDocs,
      postTf,
      blockLastDoc,
      blockBound,
      overflow,
    };
    writePostingsFile(path, data);
    return { terms: numTerms, postings: numPostings };
  }

  /** Frees the tokenizer without writing (a build that failed). */
  discard(): void {
    this.tokenizer.close();
  }
}
