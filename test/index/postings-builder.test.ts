import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { readJsonlCorpus } from '../../src/corpus/jsonl-reader.js';
import { toDocument } from '../../src/corpus/to-document.js';
import { PostingsBuilder, utf8Order } from '../../src/index/postings-builder.js';
import { BLOCK_SIZE, BOUND_WEIGHTS, COLUMNS, lengthNorm, readPostingsFile, TF_OVERFLOW, tfFactor } from '../../src/index/postings-file.js';
import { Postings } from '../../src/index/postings.js';
import { lexicalText, lexicalTokens } from '../../src/text/lexical.js';
import { CORPUS } from '../helpers/small-index.js';

/** 3,000 real threads as the build adds them, and a few with column counts of 255 and more. */
let docs: Array<[number, string[]]>;
/** The same threads' columns as the build has them, before `lexicalText`. */
let raw: Array<[number, string[]]>;
before(async () => {
  docs = [];
  raw = [];
  for await (const t of readJsonlCorpus(CORPUS)) {
    const d = toDocument(t);
    raw.push([d.id, [d.title, d.body, d.bestAnswer, d.keyword ?? '']]);
    docs.push([d.id, [lexicalText(d.title), lexicalText(d.body), lexicalText(d.bestAnswer), d.keyword ? lexicalText(d.keyword) : '']]);
    if (docs.length === 3000) break;
  }
  docs.splice(1000, 0, [1, ['loop loop', 'loop '.repeat(300), 'x', '']], [2, ['a', 'b', 'loop '.repeat(1000), 'KeyError']]);
});

function build(opts: ConstructorParameters<typeof PostingsBuilder>[0], file: string): { builder: PostingsBuilder; runsSeen: number } {
  const builder = new PostingsBuilder(opts);
  let runsSeen = 0;
  for (const [id, cols] of docs) {
    builder.add(id, cols);
    if (opts?.spillDir) runsSeen = Math.max(runsSeen, readdirSync(opts.spillDir).filter((f) => f.endsWith('.tmp')).length);
  }
  builder.write(file);
  return { builder, runsSeen };
}

test('postings builder: spilling runs to disk writes the very bytes of building in memory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'postings-builder-'));
  build({}, join(dir, 'memory'));
  const spillDir = mkdtempSync(join(tmpdir(), 'postings-runs-'));
  // 64 KiB: ~5,500 postings a run, dozens of runs
  const { builder, runsSeen } = build({ memoryBudgetBytes: 64 * 1024, spillDir }, join(dir, 'spilled'));
  assert.ok(builder.spills >= 20, `${builder.spills} runs`);
  assert.equal(runsSeen, builder.spills, 'run files were not on disk while building');
  assert.deepEqual(readdirSync(spillDir), [], 'run files left after write');
  assert.ok(readFileSync(join(dir, 'spilled')).equals(readFileSync(join(dir, 'memory'))), 'the files differ');
  // and the counts of 255+ spilled with the rest score from the overflow table
  const p = Postings.open(join(dir, 'spilled'));
  assert.ok(p.data.overflow.length >= 4);
  const hits = p.exhaustiveTopK([{ term: 'loop', count: 1 }], [1, 1, 1, 1], 2);
  assert.deepEqual(
    hits.map((h) => h.id),
    [2, 1],
  );
  p.close();
});

test("postings builder: adding each column's lexicalTokens writes the very bytes of adding its lexicalText", () => {
  const dir = mkdtempSync(join(tmpdir(), 'postings-builder-'));
  // Words FTS5's unicode61 changes (diacritics, full-width, ligatures, CJK) next to plain ones, camelCase
  // and snake_case parts, and a column of nothing.
  const wide: Array<[number, string[]]> = [
    [7, ['Café naïveFunc ｆｕｌｌ straße', 'x² 中文 read_csv ǅemal ﬁle', 'plain words only', '']],
    [8, ['', 'ＡＢＣ_ｄｅｆ JSONDecodeError', 'çà çà', 'KeyError']],
  ];
  const all = [...raw, ...wide];
  const byText = new PostingsBuilder();
  for (const [id, cols] of all) byText.add(id, cols.map(lexicalText));
  byText.write(join(dir, 'text'));
  const byTokens = new PostingsBuilder();
  for (const [id, cols] of all) byTokens.addTokens(id, cols.map(lexicalTokens));
  byTokens.write(join(dir, 'tokens'));
  assert.ok(readFileSync(join(dir, 'tokens')).equals(readFileSync(join(dir, 'text'))), 'the files differ');
  const p = Postings.open(join(dir, 'tokens'));
  for (const term of ['cafe', 'ca', 'straße', 'csv', 'decode', 'keyerror']) {
    assert.ok(p.exhaustiveTopK([{ term, count: 1 }], [1, 1, 1, 1], 5).length > 0, `no posting for ${term}`);
  }
  p.close();
});

test('terms are ordered by their UTF-8 bytes, also where UTF-16 order disagrees (surrogate pairs vs U+E000 up)', () => {
  // Units from each range JS orders differently from UTF-8 bytes, mixed with ASCII, prefixes and repeats.
  const pool = ['a', 'b', 'z', '_', '0', 'é', 'ж', '中', '\ud7ff', '\ue000', '\uff41', '\uffff', '😀', '𝑥', '\u{10000}', '\u{10ffff}'];
  let seed = 7;
  const rand = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) % n;
  const set = new Set<string>();
  while (set.size < 3000) {
    let t = '';
    for (let k = 1 + rand(4); k > 0; k--) t += pool[rand(pool.length)];
    set.add(t);
  }
  const terms = [...set];
  const ids = new Map(terms.map((t, i) => [t, i]));
  const expected = terms
    .map((_, i) => i)
    .sort((a, b) => Buffer.compare(Buffer.from(terms[a]!, 'utf8'), Buffer.from(terms[b]!, 'utf8')));
  assert.deepEqual(utf8Order(terms, ids), expected);
  // JS's own order differs on these terms: the test would catch a plain sort.
  assert.notDeepEqual(
    terms.map((_, i) => i).sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1)),
    expected,
  );
});

test('postings builder: a discarded build leaves no run files', () => {
  const spillDir = mkdtempSync(join(tmpdir(), 'postings-runs-'));
  const builder = new PostingsBuilder({ memoryBudgetBytes: 64 * 1024, spillDir });
  for (const [id, cols] of docs.slice(0, 1500)) builder.add(id, cols);
  assert.ok(builder.spills > 0);
  assert.ok(readdirSync(spillDir).length > 0);
  builder.discard();
  assert.deepEqual(readdirSync(spillDir), []);
});

test("postings builder: each block's last document and bounds are those of its postings", () => {
  const dir = mkdtempSync(join(tmpdir(), 'postings-builder-'));
  build({ memoryBudgetBytes: 64 * 1024, spillDir: mkdtempSync(join(tmpdir(), 'postings-runs-')) }, join(dir, 'spilled'));
  const d = readPostingsFile(join(dir, 'spilled'));
  const overflow = new Map<number, number>();
  for (let i = 0; i < d.overflow.length; i += 2) overflow.set(d.overflow[i]!, d.overflow[i + 1]!);
  const avgdl = d.totalTokens / d.numDocs;
  const nb = BOUND_WEIGHTS.length;
  assert.deepEqual(d.boundWeights, BOUND_WEIGHTS);
  let overflowSeen = 0;
  for (let t = 0; t < d.numTerms; t++) {
    const start = d.termPostStart[t]!;
    const end = d.termPostStart[t + 1]!;
    assert.equal(d.termBlockStart[t + 1]! - d.termBlockStart[t]!, Math.ceil((end - start) / BLOCK_SIZE));
    const termMax = new Array<number>(nb).fill(0);
    for (let blk = d.termBlockStart[t]!, s = start; s < end; blk++, s += BLOCK_SIZE) {
      const e = Math.min(end, s + BLOCK_SIZE);
      assert.equal(d.blockLastDoc[blk], d.postDocs[e - 1], `term ${t} block ${blk}: last document`);
      for (let v = 0; v < nb; v++) {
        let max = 0;
        for (let p = s; p < e; p++) {
          let f = 0;
          for (let c = 0; c < COLUMNS; c++) {
            let n = d.postTf[p * COLUMNS + c]!;
            if (n === TF_OVERFLOW) {
              n = overflow.get(p * COLUMNS + c)!;
              if (v === 0) overflowSeen++;
            }
            f += BOUND_WEIGHTS[v]![c]! * n;
          }
          max = Math.max(max, tfFactor(f, lengthNorm(d.docLen[d.postDocs[p]!]!, avgdl)));
        }
        assert.equal(d.blockBound[blk * nb + v], max, `term ${t} block ${blk}: bound ${v}`);
        termMax[v] = Math.max(termMax[v]!, max);
      }
    }
    assert.deepEqual([...d.termBound.subarray(t * nb, (t + 1) * nb)], termMax, `term ${t}: bounds`);
  }
  assert.equal(overflowSeen, d.overflow.length / 2);
});
