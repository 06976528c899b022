import { LRUCache } from 'lru-cache';
import {
  BLOCK_SIZE,
  BM25_K1,
  COLUMNS,
  fts5Idf,
  HOLD_POSTINGS_BELOW_BYTES,
  lengthNorm,
  openPostingsFile,
  TF_OVERFLOW,
  type PostingsFile,
  type PostingsMeta,
} from './postings-file.js';

/** One distinct query term and how many times the query counts it (FTS5: the phrase repeated). */
export interface QueryTerm {
  term: string;
  count: number;
}

export interface LexicalHit {
  id: number;
  score: number;
}

/** A query term resolved against the postings: its range, weight and score bound. */
interface TermPlan {
  /** Position in the query (the order scores are summed in). */
  qi: number;
  /** The term's position in the dictionary. */
  rank: number;
  start: number;
  end: number;
  blockStart: number;
  blockEnd: number;
  /** count × idf. */
  weight: number;
  /** Upper bound of the term's contribution to any document's score, in UNITS. */
  bound: number;
}

/** Bounds are inflated this much so that rounding never makes one fall below a score it bounds. */
const BOUND_SLACK = 1 + 1e-9;
/** Documents per window of the pruned scorer: essential terms are scored a window at a time. */
const WINDOW = 4096;
/**
 * The first window's size; each next one is twice as long, up to `window`. Short first windows give a
 * k-th best score early, and with it pruning (on so-python at k = 10, 11% fewer postings scored for the
 * whole query and 37% fewer for the error line than with 4,096 from the start).
 */
const FIRST_WINDOW = 256;
/**
 * A non-essential term is scanned over the window (a bitmap test per posting) while it has at most
 * this many postings there per candidate left; beyond, each candidate is searched for in it.
 */
const SCAN_PER_CANDIDATE = 4;
/**
 * Scores are summed in whole units of 2^-32 (each contribution rounded once, off by at most 1.2e-10):
 * integer sums below 2^53 are exact in doubles, so a document's score is the same whatever order its
 * terms are added in, and pruned and exhaustive scoring agree bit for bit.
 */
const UNITS = 2 ** 32;

/**
 * `x` (≥ 0) rounded to the nearest whole number, halves up: `Math.round(x)` for every x ≥ 0 but
 * 0.49999999999999994 (the one value whose `x + 0.5` rounds up to 1; a contribution is 0 or many
 * units, never that). V8's `Math.round` cost ~13 ns a posting on the project's machine, more than
 * half of the scoring arithmetic (74k postings a query: 1.75 ms against 0.75 ms; issue 11).
 */
const roundUnits = (x: number): number => Math.floor(x + 0.5);

/**
 * The lexical postings of an index, opened: term lookup, document frequencies, and BM25 top-k with
 * exactly the ranking of SQLite FTS5's `bm25()` with per-column weights (same idf, k1, b, average
 * length and weighted term frequency; see `postings-file.ts`).
 *
 * `topK` prunes (MaxScore, Turtle & Flood 1995, in windows of documents): terms are ordered by their
 * score bound, and once the k-th best score exceeds the bounds of the weakest terms together, those
 * terms are non-essential: documents that hold only them are never candidates; a candidate takes the
 * non-essential terms' scores a term at a time, and is dropped once its score plus the bounds of the
 * terms left cannot beat the k-th. `exhaustiveTopK` scores every matching document (the reference the
 * tests hold `topK` to). Both return the same list, bit for bit (scores are sums of whole UNITS):
 * score descending, ties by build order.
 */
export class Postings {
  readonly data: PostingsMeta;
  readonly numDocs: number;
  readonly avgdl: number;
  private readonly norm: Float64Array;
  private readonly overflow = new Map<number, number>();
  private readonly encoder = new TextEncoder();
  /** Terms' postings read from the file (when it is not held in memory), most recently used kept. */
  private readonly cache: LRUCache<number, Segment> | null;
  // Scratch, allocated on first use.
  private acc: Float64Array | null = null;
  private seen: Uint8Array | null = null;
  private windowScratch: WindowScratch | null = null;
  /** Document numbers in thread-id order (null: the ids ascend already); made on first use. */
  private byId: Uint32Array | null | undefined;
  /** `holds`' memory: recent terms' dictionary positions, and the last thread's document number. */
  private readonly ranks = new Map<string, number>();
  private lastHeld = { id: -1, doc: -1 };
  /** What the last `topK` did: postings of its terms, postings it scored, candidate documents. */
  stats = { postings: 0, scored: 0, candidates: 0 };

  constructor(
    private readonly file: PostingsFile,
    cacheBytes = 128 * 2 ** 20,
  ) {
    const data = file.meta;
    this.data = data;
    this.numDocs = data.numDocs;
    this.avgdl = data.numDocs ? data.totalTokens / data.numDocs : 0;
    this.norm = new Float64Array(data.numDocs);
    for (let d = 0; d < data.numDocs; d++) this.norm[d] = lengthNorm(data.docLen[d]!, this.avgdl);
    for (let i = 0; i < data.overflow.length; i += 2) this.overflow.set(data.overflow[i]!, data.overflow[i + 1]!);
    if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) throw new Error('the postings file needs a little-endian machine');
    this.cache = file.heldDocs || cacheBytes <= 0
      ? null
      : new LRUCache<number, Segment>({ maxSize: cacheBytes, sizeCalculation: (s) => s.docs.byteLength * 2 + 64 });
  }

  /**
   * Opens a postings file: held in memory up to `holdBelowBytes`, else read a term at a time with up to
   * `cacheBytes` of terms' postings kept (the common terms of queries stay).
   */
  static open(path: string, opts: { holdBelowBytes?: number; cacheBytes?: number } = {}): Postings {
    return new Postings(openPostingsFile(path, opts.holdBelowBytes ?? HOLD_POSTINGS_BELOW_BYTES), opts.cacheBytes);
  }

  /** Whether the postings are held in memory (else read from the file as queries need them). */
  get held(): boolean {
    return this.file.heldDocs !== null;
  }

  close(): void {
    this.file.close();
    this.cache?.clear();
  }

  /** A term's postings: documents, and column counts four to a word (little-endian, one byte each). */
  private segment(plan: TermPlan): Segment {
    const cached = this.cache?.get(plan.rank);
    if (cached) return cached;
    const { docs, tf } = this.file.read(plan.start, plan.end);
    const seg = { docs, tf: new Uint32Array(tf.buffer, tf.byteOffset, tf.length / COLUMNS) };
    this.cache?.set(plan.rank, seg);
    return seg;
  }

  /** The term's position in the dictionary, or -1. */
  lookup(term: string): number {
    // The dictionary is sorted by UTF-8 bytes; an ASCII term's characters are its bytes.
    let ascii = true;
    for (let i = 0; i < term.length && ascii; i++) ascii = term.charCodeAt(i) < 128;
    const key = ascii ? null : this.encoder.encode(term);
    const keyLen = key ? key.length : term.length;
    const { termByteOffsets: offs, termBytes: bytes } = this.data;
    let lo = 0;
    let hi = this.data.numTerms - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const s = offs[mid]!;
      const e = offs[mid + 1]!;
      let cmp = 0;
      const n = Math.min(e - s, keyLen);
      if (key) for (let i = 0; i < n && cmp === 0; i++) cmp = bytes[s + i]! - key[i]!;
      else for (let i = 0; i < n && cmp === 0; i++) cmp = bytes[s + i]! - term.charCodeAt(i);
      if (cmp === 0) cmp = e - s - keyLen;
      if (cmp === 0) return mid;
      if (cmp < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** How many documents hold the term (FTS5's `docs_vocab.doc`). */
  documentFrequency(term: string): number {
    const r = this.lookup(term);
    return r < 0 ? 0 : this.data.termDf[r]!;
  }

  /**
   * Whether the thread `id` holds `term` (in any column): a binary search of the term's postings when
   * they are in memory (held, or cached by a search that scored the term), else of its block ends, then
   * of one block of its postings read from the file (512 bytes). The tokens a thread's lexical text
   * indexes, asked one at a time without reading or tokenizing the thread.
   */
  holds(term: string | number, id: number): boolean {
    let r: number | undefined = typeof term === 'number' ? term : this.ranks.get(term);
    if (r === undefined) {
      // A search asks for the same few terms in each of its threads.
      if (this.ranks.size >= 4096) this.ranks.clear();
      this.ranks.set(term as string, (r = this.lookup(term as string)));
    }
    if (this.lastHeld.id !== id) this.lastHeld = { id, doc: this.docOf(id) };
    const d = this.lastHeld.doc;
    if (r < 0 || d < 0) return false;
    // A term a search just scored is likely in the cache: its postings in memory, no read.
    const seg = this.cache?.peek(r);
    if (seg) return includes(seg.docs, 0, seg.docs.length, d);
    const { blockLastDoc, termBlockStart, termPostStart } = this.data;
    let lo = termBlockStart[r]!;
    let hi = termBlockStart[r + 1]! - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (blockLastDoc[mid]! < d) lo = mid + 1;
      else hi = mid;
    }
    if (blockLastDoc[lo]! < d) return false;
    const start = termPostStart[r]! + (lo - termBlockStart[r]!) * BLOCK_SIZE;
    const end = Math.min(termPostStart[r + 1]!, start + BLOCK_SIZE);
    if (this.file.heldDocs) return includes(this.file.heldDocs, start, end, d);
    const docs = this.file.read(start, end).docs;
    return includes(docs, 0, docs.length, d);
  }

  /** The document number of thread `id` in this file, or -1. */
  docOf(id: number): number {
    const ids = this.data.docIds;
    // Built in thread-id order (a dump's Posts.xml is): the ids themselves are searched; else a sorted permutation.
    if (this.byId === undefined) this.byId = ascending(ids) ? null : sortedPermutation(ids);
    const order = this.byId;
    let lo = 0;
    let hi = ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const d = order ? order[mid]! : mid;
      const x = ids[d]!;
      if (x === id) return d;
      if (x < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /**
   * The best `k` documents for the terms under the column weights, pruned (see the class). `window`:
   * documents scored per round of essential terms (the bounds and the essential set are revised
   * between rounds); the tests use small windows to exercise many rounds on a small index.
   */
  topK(terms: readonly QueryTerm[], weights: readonly number[], k: number, window = WINDOW): LexicalHit[] {
    const plans = this.plan(terms, weights);
    this.stats = { scored: 0, candidates: 0, postings: plans.reduce((n, t) => n + t.end - t.start, 0) };
    if (plans.length === 0 || k <= 0) return [];
    const norm = this.norm;
    const [w0, w1, w2, w3] = weights as [number, number, number, number];
    const k1p1 = BM25_K1 + 1.0;
    const m = plans.length;
    plans.sort((a, b) => a.bound - b.bound || a.qi - b.qi);
    // The terms as flat arrays, weakest bound first; each term's postings are its own arrays, indexed
    // from 0 (`tBase`: the first one's position in the file, for the overflow table). Scores and bounds
    // are whole numbers of UNITS, so sums are exact in any order.
    const tDocs: Uint32Array[] = new Array<Uint32Array>(m);
    const tTf: Uint32Array[] = new Array<Uint32Array>(m);
    const tBase = new Float64Array(m);
    const tEnd = new Uint32Array(m);
    const tWeight = new Float64Array(m);
    const cum = new Float64Array(m);
    for (let i = 0, c = 0; i < m; i++) {
      const t = plans[i]!;
      const seg = this.segment(t);
      tDocs[i] = seg.docs;
      tTf[i] = seg.tf;
      tBase[i] = t.start;
      tEnd[i] = t.end - t.start;
      tWeight[i] = t.weight;
      cum[i] = c += t.bound;
    }
    const END = this.numDocs;
    /** Per term: the first posting not yet passed, and its document (END past the last). */
    const pos = new Uint32Array(m);
    const at = new Uint32Array(m);
    for (let i = 0; i < m; i++) at[i] = tEnd[i]! > 0 ? tDocs[i]![0]! : END;
    /** `scorer`: for postings with a count of 255 or more (rare). */
    const withOverflow = this.scorer(weights);
    /** BM25 of posting `p` (document `d`) for a term of weight `weight`, in whole UNITS (as `scorer`). */
    const bm25 = (packed: number, p: number, d: number, weight: number): number => {
      if ((packed & 0x80808080) !== 0) return withOverflow(packed, p, d, weight);
      const f = w0 * (packed & 0xff) + w1 * ((packed >>> 8) & 0xff) + w2 * ((packed >>> 16) & 0xff) + w3 * (packed >>> 24);
      return roundUnits(weight * ((f * k1p1) / (f + norm[d]!)) * UNITS);
    };
    // Window scratch: per document of the window its score so far (zero between windows), and a
    // bitmap of the window's candidates.
    const W = window;
    const sc = this.windowScratch?.size === W ? this.windowScratch : (this.windowScratch = new WindowScratch(W));
    const { candBits, partial, cand } = sc;
    const heap = new TopK(k);
    let span = Math.min(W, FIRST_WINDOW);
    let theta = -Infinity;
    let first = 0; // terms [first, m) are essential: a document must hold one of them to make the top k
    let scored = 0;
    let candidates = 0;
    for (;;) {
      let lo = END;
      for (let i = first; i < m; i++) if (at[i]! < lo) lo = at[i]!;
      if (lo === END) break;
      // The first windows are short, so that the k-th best score (and with it pruning) comes early.
      const hi = Math.min(END, lo + span);
      span = Math.min(W, span * 2);
      // Essential terms: each of their postings in the window makes its document a candidate.
      for (let i = first; i < m; i++) {
        const end = tEnd[i]!;
        const docs = tDocs[i]!;
        const tf = tTf[i]!;
        const base = tBase[i]!;
        const weight = tWeight[i]!;
        let p = pos[i]!;
        for (; p < end; p++) {
          const d = docs[p]!;
          if (d >= hi) break;
          const x = d - lo;
          candBits[x >>> 5] = candBits[x >>> 5]! | (1 << (x & 31));
          // The posting's BM25 (`scorer`, written out here and below: the loops every scored posting goes through).
          const packed = tf[p]!;
          // A count of 255 (TF_OVERFLOW) has its high bit set: one test for the common case.
          if ((packed & 0x80808080) !== 0) {
            partial[x] = partial[x]! + withOverflow(packed, base + p, d, weight);
          } else {
            const f = w0 * (packed & 0xff) + w1 * ((packed >>> 8) & 0xff) + w2 * ((packed >>> 16) & 0xff) + w3 * (packed >>> 24);
            partial[x] = partial[x]! + roundUnits(weight * ((f * k1p1) / (f + norm[d]!)) * UNITS);
          }
        }
        scored += p - pos[i]!;
        pos[i] = p;
        at[i] = p < end ? docs[p]! : END;
      }
      // The window's candidates in document order (offsets from `lo`).
      let alive = 0;
      for (let word = 0, words = (hi - lo + 31) >>> 5; word < words; word++) {
        for (let bits = candBits[word]!; bits !== 0; bits &= bits - 1) cand[alive++] = (word << 5) | (31 - Math.clz32(bits & -bits));
      }
      candidates += alive;
      // Non-essential terms, strongest first, a term at a time over the candidates still alive: a
      // candidate whose score so far plus the bounds of the terms left cannot reach the k-th best is
      // dropped (checked again each time those bounds have halved). A term with few postings in the
      // window is scanned, each posting tested in the bitmap; one with many is searched for each
      // candidate (galloping). Its postings before the window (no candidate there) are galloped over.
      let checkedAt = Infinity;
      for (let i = first - 1; i >= 0 && alive > 0; i--) {
        if (cum[i]! * 2 <= checkedAt) {
          checkedAt = cum[i]!;
          let kept = 0;
          for (let c = 0; c < alive; c++) {
            const x = cand[c]!;
            if (partial[x]! + cum[i]! < theta) {
              candBits[x >>> 5] = candBits[x >>> 5]! & ~(1 << (x & 31));
              partial[x] = 0;
            } else cand[kept++] = x;
          }
          alive = kept;
          if (alive === 0) break;
        }
        const end = tEnd[i]!;
        const docs = tDocs[i]!;
        let p = pos[i]!;
        if (p < end && docs[p]! < lo) p = gallop(docs, p, end, lo);
        const stop = p < end && docs[p]! < hi ? gallop(docs, p, end, hi) : p;
        const tf = tTf[i]!;
        const base = tBase[i]!;
        const weight = tWeight[i]!;
        if (stop - p <= SCAN_PER_CANDIDATE * alive) {
          for (; p < stop; p++) {
            const x = docs[p]! - lo;
            if ((candBits[x >>> 5]! & (1 << (x & 31))) === 0) continue;
            partial[x] = partial[x]! + bm25(tf[p]!, base + p, lo + x, weight);
            scored++;
          }
        } else {
          for (let c = 0; c < alive && p < stop; c++) {
            const d = lo + cand[c]!;
            if (docs[p]! < d) p = gallop(docs, p, stop, d);
            if (p < stop && docs[p] === d) {
              partial[d - lo] = partial[d - lo]! + bm25(tf[p]!, base + p, d, weight);
              scored++;
            }
          }
          p = stop;
        }
        pos[i] = p;
        at[i] = p < end ? docs[p]! : END;
      }
      // The candidates left, each with its whole score.
      for (let c = 0; c < alive; c++) {
        const x = cand[c]!;
        const s = partial[x]!;
        if (s >= theta && heap.offer(lo + x, s) && heap.full) theta = heap.minScore;
      }
      for (let c = 0; c < alive; c++) partial[cand[c]!] = 0;
      candBits.fill(0, 0, (hi - lo + 31) >>> 5);
      while (first < m && cum[first]! < theta) first++;
    }
    this.stats.scored = scored;
    this.stats.candidates = candidates;
    return heap.sorted().map((h) => ({ id: this.data.docIds[h.doc]!, score: h.score / UNITS }));
  }

  /** The best `k` documents by scoring every document that holds any of the terms. */
  exhaustiveTopK(terms: readonly QueryTerm[], weights: readonly number[], k: number): LexicalHit[] {
    const plans = this.plan(terms, weights).sort((a, b) => a.qi - b.qi);
    if (plans.length === 0 || k <= 0) return [];
    const score = this.scorer(weights);
    const acc = (this.acc ??= new Float64Array(this.numDocs));
    const seen = (this.seen ??= new Uint8Array(this.numDocs));
    const touched: number[] = [];
    for (const t of plans) {
      const { docs, tf } = this.segment(t);
      for (let p = 0; p < docs.length; p++) {
        const d = docs[p]!;
        if (!seen[d]) {
          seen[d] = 1;
          touched.push(d);
        }
        acc[d] = acc[d]! + score(tf[p]!, t.start + p, d, t.weight);
      }
    }
    const heap = new TopK(k);
    for (const d of touched) {
      heap.offer(d, acc[d]!);
      acc[d] = 0;
      seen[d] = 0;
    }
    return heap.sorted().map((h) => ({ id: this.data.docIds[h.doc]!, score: h.score / UNITS }));
  }

  /**
   * BM25 of one posting under `weights`: the term's weight (count × idf) × tfFactor(column-weighted
   * count, the document's length norm), in whole UNITS. `packed`: its column counts, one byte each
   * (little-endian); `p`: its position in the file, the overflow table's key.
   */
  private scorer(weights: readonly number[]): (packed: number, p: number, d: number, weight: number) => number {
    const [w0, w1, w2, w3] = weights as [number, number, number, number];
    const norm = this.norm;
    const overflow = this.overflow;
    const k1p1 = BM25_K1 + 1.0;
    return (packed, p, d, weight) => {
      let t0 = packed & 0xff;
      let t1 = (packed >>> 8) & 0xff;
      let t2 = (packed >>> 16) & 0xff;
      let t3 = packed >>> 24;
      if (t0 === TF_OVERFLOW || t1 === TF_OVERFLOW || t2 === TF_OVERFLOW || t3 === TF_OVERFLOW) {
        const key = p * COLUMNS;
        if (t0 === TF_OVERFLOW) t0 = overflow.get(key)!;
        if (t1 === TF_OVERFLOW) t1 = overflow.get(key + 1)!;
        if (t2 === TF_OVERFLOW) t2 = overflow.get(key + 2)!;
        if (t3 === TF_OVERFLOW) t3 = overflow.get(key + 3)!;
      }
      const f = w0 * t0 + w1 * t1 + w2 * t2 + w3 * t3;
      return roundUnits(weight * ((f * k1p1) / (f + norm[d]!)) * UNITS);
    };
  }

  /** Resolves the terms (unknown ones dropped) with their weights and bounds under `weights`. */
  private plan(terms: readonly QueryTerm[], weights: readonly number[]): TermPlan[] {
    if (weights.length !== COLUMNS || weights.some((w) => !(w >= 0))) {
      throw new Error(`BM25 column weights must be ${COLUMNS} numbers ≥ 0, got [${weights.join(', ')}]`);
    }
    const { v, scale } = this.boundVector(weights);
    const nb = this.data.boundWeights.length;
    const plans: TermPlan[] = [];
    terms.forEach(({ term, count }, qi) => {
      const r = this.lookup(term);
      if (r < 0 || count <= 0) return;
      const weight = count * fts5Idf(this.numDocs, this.data.termDf[r]!);
      plans.push({
        qi,
        rank: r,
        start: this.data.termPostStart[r]!,
        end: this.data.termPostStart[r + 1]!,
        blockStart: this.data.termBlockStart[r]!,
        blockEnd: this.data.termBlockStart[r + 1]!,
        weight,
        bound: Math.ceil(weight * scale * this.data.termBound[r * nb + v]! * BOUND_SLACK * UNITS) + 1,
      });
    });
    return plans;
  }

  /**
   * The stored bound vector u that bounds `weights` best, and the factor to scale its bounds by: with
   * λ = max_c(w_c/u_c), Σ w_c·tf_c ≤ λ·Σ u_c·tf_c, and tfFactor(λF) ≤ max(λ, 1)·tfFactor(F).
   */
  private boundVector(weights: readonly number[]): { v: number; scale: number } {
    let best = { v: 0, scale: Infinity };
    this.data.boundWeights.forEach((u, v) => {
      let lambda = 0;
      for (let c = 0; c < COLUMNS; c++) lambda = Math.max(lambda, weights[c]! === 0 ? 0 : weights[c]! / u[c]!);
      const scale = Math.max(lambda, 1);
      if (scale < best.scale) best = { v, scale };
    });
    return best;
  }
}

/**
 * The first position in `docs[p, end)` whose document is `d` or later (`end` when none): galloping
 * from `p`, so a near one costs a step or two and a far one a few halvings.
 */
function gallop(docs: Uint32Array, p: number, end: number, d: number): number {
  let step = 1;
  let before = p;
  while (p + step < end && docs[p + step]! < d) {
    before = p + step;
    step *= 2;
  }
  let lo = before + 1;
  let hi = Math.min(end, p + step);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (docs[mid]! < d) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether the ascending `docs[lo, end)` holds `d` (binary search). */
function includes(docs: Uint32Array, lo: number, end: number, d: number): boolean {
  let a = lo;
  let b = end - 1;
  while (a <= b) {
    const mid = (a + b) >>> 1;
    const x = docs[mid]!;
    if (x === d) return true;
    if (x < d) a = mid + 1;
    else b = mid - 1;
  }
  return false;
}

function ascending(a: Uint32Array): boolean {
  for (let i = 1; i < a.length; i++) if (a[i - 1]! >= a[i]!) return false;
  return true;
}

/** The positions of `a` ordered by their values. */
function sortedPermutation(a: Uint32Array): Uint32Array {
  const order = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) order[i] = i;
  return order.sort((x, y) => a[x]! - a[y]!);
}

/** One term's postings: documents, and column counts four to a word. */
interface Segment {
  docs: Uint32Array;
  tf: Uint32Array;
}

/** Reusable buffers of `Postings.topK` for one window of documents. */
class WindowScratch {
  /** Bit x set while the window's document x (offset from its first) is a candidate. */
  readonly candBits: Int32Array;
  /** Per document of the window: its score so far, in UNITS (zero outside a window's work). */
  readonly partial: Float64Array;
  /** The window's candidates still alive, as offsets, ascending. */
  readonly cand: Uint32Array;
  constructor(readonly size: number) {
    this.candBits = new Int32Array((size + 31) >>> 5);
    this.partial = new Float64Array(size);
    this.cand = new Uint32Array(size);
  }
}

/** The k best (score, doc) pairs seen: a binary min-heap, the root the worst (lowest score, then latest doc). */
class TopK {
  private readonly scores: Float64Array;
  private readonly docs: Uint32Array;
  private size = 0;
  constructor(private readonly k: number) {
    this.scores = new Float64Array(k);
    this.docs = new Uint32Array(k);
  }
  get full(): boolean {
    return this.size === this.k;
  }
  get minScore(): number {
    return this.scores[0]!;
  }
  private worse(i: number, j: number): boolean {
    const a = this.scores[i]!;
    const b = this.scores[j]!;
    return a < b || (a === b && this.docs[i]! > this.docs[j]!);
  }
  private swap(i: number, j: number): void {
    const s = this.scores[i]!;
    this.scores[i] = this.scores[j]!;
    this.scores[j] = s;
    const d = this.docs[i]!;
    this.docs[i] = this.docs[j]!;
    this.docs[j] = d;
  }
  /** Adds the pair if it is among the k best so far; says whether it was. */
  offer(doc: number, score: number): boolean {
    if (this.size < this.k) {
      let i = this.size++;
      this.scores[i] = score;
      this.docs[i] = doc;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return true;
    }
    const root = this.scores[0]!;
    if (score < root || (score === root && doc > this.docs[0]!)) return false;
    this.scores[0] = score;
    this.docs[0] = doc;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let w = i;
      if (l < this.size && this.worse(l, w)) w = l;
      if (r < this.size && this.worse(r, w)) w = r;
      if (w === i) break;
      this.swap(i, w);
      i = w;
    }
    return true;
  }
  sorted(): Array<{ doc: number; score: number }> {
    const out = Array.from({ length: this.size }, (_, i) => ({ doc: this.docs[i]!, score: this.scores[i]! }));
    return out.sort((a, b) => b.score - a.score || a.doc - b.doc);
  }
}
