import { closeSync, ftruncateSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFtsTokenizer } from './fts-tokens.js';
import {
  BLOCK_SIZE,
  BOUND_WEIGHTS,
  COLUMNS,
  layout,
  lengthNorm,
  POSTINGS_MAGIC,
  postingsHeader,
  TF_OVERFLOW,
  tfFactor,
} from './postings-file.js';

export interface PostingsBuilderOptions {
  /**
   * Memory for postings before they are sorted by term and spilled to a run file (12 bytes a posting,
   * up to twice that while a run is sorted). Default 256 MiB: 22M postings, ~150k so-python threads.
   */
  memoryBudgetBytes?: number;
  /** Where run files go (the build's `.partial` directory); default a new temp directory. */
  spillDir?: string;
}

/** A run spilled to disk: per term id (as of the spill) where its postings start; docs then packed counts. */
interface Run {
  path: string;
  /** `starts[tid]..starts[tid+1]`: the term's postings in the run (terms added later have none). */
  starts: Uint32Array;
  count: number;
}

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
      const next = new Uint32Array(Math.max(1024, this.data.length * 2));
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
 * 12 bytes per posting up to `memoryBudgetBytes`, then sorts them by term into a run file and starts
 * again: memory stays flat however big the corpus. `write` streams each term's postings from the runs
 * (in order: a term's postings in run 1 all precede run 2's) straight into the file.
 */
export class PostingsBuilder {
  private readonly tokenizer = createFtsTokenizer();
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  private readonly pTerm = new GrowingU32();
  private readonly pDoc = new GrowingU32();
  /** Column counts packed one byte each (capped at TF_OVERFLOW); exact counts of capped ones in `overflow`. */
  private readonly pTf = new GrowingU32();
  /** Counts of TF_OVERFLOW or more, in the order they were added. */
  private readonly overflow: Array<[term: number, doc: number, column: number, count: number]> = [];
  private readonly docIds = new GrowingU32();
  private readonly docLen = new GrowingU32();
  private totalTokens = 0;
  private numPostings = 0;
  private readonly runs: Run[] = [];
  private readonly budgetPostings: number;
  private spillDir: string | null;
  private ownSpillDir = false;
  // Per-document scratch: per term id, the last document (+1) that held it and its slot there; per
  // slot, the term and its counts per column.
  private lastDoc: Uint32Array = new Uint32Array(1 << 16);
  private slotOf: Uint32Array = new Uint32Array(1 << 16);
  private slotTerm: Uint32Array = new Uint32Array(1024);
  private slotCounts: Uint32Array = new Uint32Array(1024 * COLUMNS);
  private readonly scratch: string[] = [];

  constructor(opts: PostingsBuilderOptions = {}) {
    this.budgetPostings = Math.max(1, Math.floor((opts.memoryBudgetBytes ?? 256 * 2 ** 20) / 12));
    this.spillDir = opts.spillDir ?? null;
  }

  /** Run files written (and removed once the file is written). */
  spills = 0;

  /** Adds one document: its thread id and the `lexicalText` of each column, in `FTS_FIELDS` order. */
  add(id: number, columns: readonly string[]): void {
    this.addDocument(id, columns);
  }

  /**
   * The same as `add(id, columns.map((c) => c.join(' ')))`, from each column's `lexicalTokens`: what an
   * index build has, so it skips joining the words into a text and splitting them again.
   */
  addTokens(id: number, columns: ReadonlyArray<readonly string[]>): void {
    this.addDocument(id, columns);
  }

  private addDocument(id: number, columns: ReadonlyArray<string | readonly string[]>): void {
    if (!Number.isInteger(id) || id < 0 || id > 0xffffffff) throw new Error(`thread id ${id} does not fit the postings file`);
    const doc = this.docIds.length;
    const mark = doc + 1;
    let len = 0;
    let slots = 0;
    for (let c = 0; c < COLUMNS; c++) {
      const column = columns[c] ?? '';
      this.scratch.length = 0;
      let tokens: readonly string[] = this.scratch;
      if (typeof column === 'string') this.tokenizer.tokens(column, this.scratch);
      else tokens = this.tokenizer.words(column, this.scratch);
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
        if (n >= TF_OVERFLOW) this.overflow.push([this.slotTerm[slot]!, doc, c, n]);
        packed |= Math.min(n, TF_OVERFLOW) << (8 * c);
      }
      this.pTerm.push(this.slotTerm[slot]!);
      this.pDoc.push(doc);
      this.pTf.push(packed >>> 0);
    }
    this.numPostings += slots;
    this.docIds.push(id);
    this.docLen.push(len);
    this.totalTokens += len;
    if (this.pDoc.length >= this.budgetPostings) this.spill();
  }

  /** The postings in memory, sorted by term id (stable: documents stay in order within a term). */
  private sortedBuffer(): { starts: Uint32Array; docs: Uint32Array; tfs: Uint32Array } {
    const n = this.pDoc.length;
    const numTerms = this.terms.length;
    const pTerm = this.pTerm.view();
    const starts = new Uint32Array(numTerms + 1);
    for (let p = 0; p < n; p++) starts[pTerm[p]! + 1]!++;
    for (let t = 0; t < numTerms; t++) starts[t + 1] = starts[t + 1]! + starts[t]!;
    const fill = starts.slice(0, numTerms);
    const docs = new Uint32Array(n);
    const tfs = new Uint32Array(n);
    const pDoc = this.pDoc.view();
    const pTf = this.pTf.view();
    for (let p = 0; p < n; p++) {
      const at = fill[pTerm[p]!]!++;
      docs[at] = pDoc[p]!;
      tfs[at] = pTf[p]!;
    }
    return { starts, docs, tfs };
  }

  /** Sorts the postings in memory by term into a run file, and empties the buffer. */
  private spill(): void {
    if (!this.spillDir) {
      this.spillDir = mkdtempSync(join(tmpdir(), 'snippet-search-postings-'));
      this.ownSpillDir = true;
    }
    const { starts, docs, tfs } = this.sortedBuffer();
    const path = join(this.spillDir, `postings-run-${this.runs.length}.tmp`);
    const fd = openSync(path, 'w');
    try {
      writeAll(fd, new Uint8Array(docs.buffer), 0);
      writeAll(fd, new Uint8Array(tfs.buffer), docs.byteLength);
    } finally {
      closeSync(fd);
    }
    this.runs.push({ path, starts, count: docs.length });
    this.spills++;
    this.pTerm.length = 0;
    this.pDoc.length = 0;
    this.pTf.length = 0;
  }

  get documentCount(): number {
    return this.docIds.length;
  }

  /**
   * Writes the file: terms in UTF-8 byte order, each term's postings gathered from the runs and the
   * buffer in document order, block bounds computed as they pass. Removes the run files.
   */
  write(path: string): { terms: number; postings: number } {
    this.tokenizer.close();
    try {
      return this.writeFile(path);
    } finally {
      this.removeRuns();
    }
  }

  private writeFile(path: string): { terms: number; postings: number } {
    const numTerms = this.terms.length;
    const numPostings = this.numPostings;
    if (numPostings >= 0xffffffff) throw new Error('too many postings for one postings file (over 2^32)');
    // Terms in UTF-8 byte order, so a lookup is a binary search over bytes.
    const encoded = this.terms.map((t) => Buffer.from(t, 'utf8'));
    const order = utf8Order(this.terms, this.termIds);
    const termByteOffsets = new Uint32Array(numTerms + 1);
    for (let r = 0; r < numTerms; r++) termByteOffsets[r + 1] = termByteOffsets[r]! + encoded[order[r]!]!.length;
    const termBytes = new Uint8Array(termByteOffsets[numTerms]!);
    for (let r = 0; r < numTerms; r++) termBytes.set(encoded[order[r]!]!, termByteOffsets[r]!);

    const mem = this.sortedBuffer();
    this.release();
    const inRun = (run: { starts: Uint32Array }, tid: number) =>
      tid + 1 < run.starts.length ? run.starts[tid + 1]! - run.starts[tid]! : 0;
    const termDf = new Uint32Array(numTerms);
    for (let r = 0; r < numTerms; r++) {
      const tid = order[r]!;
      let df = inRun(mem, tid);
      for (const run of this.runs) df += inRun(run, tid);
      termDf[r] = df;
    }
    const termPostStart = new Uint32Array(numTerms + 1);
    for (let r = 0; r < numTerms; r++) termPostStart[r + 1] = termPostStart[r]! + termDf[r]!;
    const termBlockStart = new Uint32Array(numTerms + 1);
    for (let r = 0; r < numTerms; r++) termBlockStart[r + 1] = termBlockStart[r]! + Math.ceil(termDf[r]! / BLOCK_SIZE);
    const numBlocks = termBlockStart[numTerms]!;

    const numDocs = this.docIds.length;
    const docLen = this.docLen.view();
    const avgdl = this.totalTokens / numDocs;
    const norm = new Float64Array(numDocs);
    for (let d = 0; d < numDocs; d++) norm[d] = lengthNorm(docLen[d]!, avgdl);
    // Exact counts of capped ones, by (term, document, column); their keys in the file come as they pass.
    const overflowAt = new Map<string, number>();
    this.overflow.forEach(([tid, doc, c], i) => overflowAt.set(`${tid}:${doc}:${c}`, i));
    const overflow = new Float64Array(this.overflow.length * 2);
    const boundWeights = BOUND_WEIGHTS.map((w) => [...w]);
    const header = postingsHeader({
      numDocs,
      numTerms,
      numPostings,
      numBlocks,
      totalTokens: this.totalTokens,
      boundWeights,
      numOverflow: this.overflow.length,
      termByteCount: termBytes.length,
    });
    const l = layout(path, header);
    const nb = BOUND_WEIGHTS.length;
    const termBound = new Float64Array(numTerms * nb);
    // One term's postings at a time, in arrays as long as the longest term's (at most 8 bytes a document).
    let maxDf = 0;
    for (let r = 0; r < numTerms; r++) maxDf = Math.max(maxDf, termDf[r]!);
    const termDocs = new Uint32Array(maxDf);
    const termTfs = new Uint32Array(maxDf);
    const lastDoc = new Uint32Array(1);
    const bound = new Float64Array(nb);
    const counts = new Float64Array(COLUMNS);
    const weights = new Float64Array(BOUND_WEIGHTS.flat());

    const fd = openSync(path, 'w');
    const runFds = this.runs.map((run) => openSync(run.path, 'r'));
    try {
      writeAll(fd, Buffer.from(POSTINGS_MAGIC, 'latin1'), 0);
      writeAll(fd, bytes(header), 8);
      const put = (name: keyof typeof l.at, v: ArrayBufferView) => writeAll(fd, bytes(v), l.at[name].offset);
      put('boundWeights', new Float64Array(boundWeights.flat()));
      put('docIds', this.docIds.view());
      put('docLen', docLen);
      put('termByteOffsets', termByteOffsets);
      put('termBytes', termBytes);
      put('termDf', termDf);
      put('termPostStart', termPostStart);
      put('termBlockStart', termBlockStart);
      const docsOut = new SectionWriter(fd, l.at.postDocs.offset);
      const tfOut = new SectionWriter(fd, l.at.postTf.offset);
      // Blocks come in file order, so their last documents and bounds stream too.
      const lastDocOut = new SectionWriter(fd, l.at.blockLastDoc.offset);
      const boundOut = new SectionWriter(fd, l.at.blockBound.offset);
      for (let r = 0; r < numTerms; r++) {
        const tid = order[r]!;
        const df = termDf[r]!;
        const docs = termDocs.subarray(0, df);
        const tfs = termTfs.subarray(0, df);
        let at = 0;
        this.runs.forEach((run, i) => {
          const n = inRun(run, tid);
          if (n === 0) return;
          const s = run.starts[tid]!;
          readAll(runFds[i]!, new Uint8Array(docs.buffer, at * 4, n * 4), s * 4);
          readAll(runFds[i]!, new Uint8Array(tfs.buffer, at * 4, n * 4), (run.count + s) * 4);
          at += n;
        });
        const n = inRun(mem, tid);
        docs.set(mem.docs.subarray(mem.starts[tid], mem.starts[tid]! + n), at);
        tfs.set(mem.tfs.subarray(mem.starts[tid], mem.starts[tid]! + n), at);
        // Column counts, capped ones exact; the overflow table's keys are positions in the file.
        const base = termPostStart[r]!;
        for (let s = 0; s < df; s += BLOCK_SIZE) {
          const e = Math.min(df, s + BLOCK_SIZE);
          lastDoc[0] = docs[e - 1]!;
          lastDocOut.write(bytes(lastDoc));
          bound.fill(0);
          for (let p = s; p < e; p++) {
            const packed = tfs[p]!;
            for (let c = 0; c < COLUMNS; c++) {
              let v = (packed >>> (8 * c)) & 0xff;
              if (v === TF_OVERFLOW) {
                const i = overflowAt.get(`${tid}:${docs[p]}:${c}`)!;
                v = this.overflow[i]![3];
                overflow[2 * i] = (base + p) * COLUMNS + c;
                overflow[2 * i + 1] = v;
              }
              counts[c] = v;
            }
            const dn = norm[docs[p]!]!;
            for (let v = 0, wv = 0; v < nb; v++) {
              let f = 0;
              for (let c = 0; c < COLUMNS; c++) f += weights[wv++]! * counts[c]!;
              const g = tfFactor(f, dn);
              if (g > bound[v]!) bound[v] = g;
            }
          }
          for (let v = 0; v < nb; v++) if (bound[v]! > termBound[r * nb + v]!) termBound[r * nb + v] = bound[v]!;
          boundOut.write(bytes(bound));
        }
        docsOut.write(bytes(docs));
        // Packed little-endian, a posting's four counts are its four bytes, in column order.
        tfOut.write(bytes(tfs));
      }
      docsOut.flush();
      tfOut.flush();
      lastDocOut.flush();
      boundOut.flush();
      put('termBound', termBound);
      put('overflow', overflow);
      ftruncateSync(fd, l.size); // the last section's padding
    } finally {
      for (const f of runFds) closeSync(f);
      closeSync(fd);
    }
    return { terms: numTerms, postings: numPostings };
  }

  /** Drops the unsorted buffer (once `write` has its sorted copy). */
  private release(): void {
    for (const a of [this.pTerm, this.pDoc, this.pTf]) {
      a.data = new Uint32Array(0);
      a.length = 0;
    }
  }

  private removeRuns(): void {
    for (const run of this.runs) rmSync(run.path, { force: true });
    this.runs.length = 0;
    if (this.ownSpillDir && this.spillDir) rmSync(this.spillDir, { recursive: true, force: true });
  }

  /** Frees the tokenizer and removes the run files without writing (a build that failed). */
  discard(): void {
    this.tokenizer.close();
    this.removeRuns();
  }
}

/** A surrogate: half of a code point from U+10000, where UTF-16 order and UTF-8 byte order may disagree. */
const SURROGATE = /[\ud800-\udfff]/;

/**
 * The ids of `terms` (distinct; `ids` maps each to its index) in the UTF-8 byte order of the terms,
 * which is code point order. JS compares strings by UTF-16 code units, the same order except where a
 * surrogate pair meets a unit from U+E000 up: terms without surrogates are sorted natively, the few
 * others by code point, and the two lists merged by code point.
 */
export function utf8Order(terms: readonly string[], ids: ReadonlyMap<string, number>): number[] {
  const plain: string[] = [];
  const high: string[] = [];
  for (const t of terms) (SURROGATE.test(t) ? high : plain).push(t);
  plain.sort();
  high.sort(compareCodePoints);
  const out: number[] = new Array<number>(terms.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < out.length; k++) {
    const t = j >= high.length || (i < plain.length && compareCodePoints(plain[i]!, high[j]!) < 0) ? plain[i++]! : high[j++]!;
    out[k] = ids.get(t)!;
  }
  return out;
}

/** Compares two strings by code points (= UTF-8 bytes). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      // surrogates (a code point from U+10000) above U+E000..U+FFFF
      x += x <= 0xdfff ? 0x2000 : -0x800;
      y += y <= 0xdfff ? 0x2000 : -0x800;
    }
    return x - y;
  }
  return a.length - b.length;
}

function bytes(v: ArrayBufferView): Uint8Array {
  return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
}

function writeAll(fd: number, b: Uint8Array, position: number): void {
  for (let done = 0; done < b.byteLength; ) done += writeSync(fd, b, done, b.byteLength - done, position + done);
}

function readAll(fd: number, b: Uint8Array, position: number): void {
  for (let done = 0; done < b.byteLength; ) {
    const n = readSync(fd, b, done, b.byteLength - done, position + done);
    if (n === 0) throw new Error('a postings run file is shorter than written');
    done += n;
  }
}

/** Appends to one section of the file through a 1 MiB buffer. */
class SectionWriter {
  private readonly buf = new Uint8Array(1 << 20);
  private used = 0;
  constructor(
    private readonly fd: number,
    private position: number,
  ) {}
  write(b: Uint8Array): void {
    if (this.used + b.byteLength > this.buf.byteLength) this.flush();
    if (b.byteLength > this.buf.byteLength) {
      writeAll(this.fd, b, this.position);
      this.position += b.byteLength;
      return;
    }
    this.buf.set(b, this.used);
    this.used += b.byteLength;
  }
  flush(): void {
    writeAll(this.fd, this.buf.subarray(0, this.used), this.position);
    this.position += this.used;
    this.used = 0;
  }
}
