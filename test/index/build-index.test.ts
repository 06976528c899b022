import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { addFts5Baseline } from '../../src/index/fts5-baseline.js';
import { hasFts5Baseline } from '../../src/index/schema.js';
import { buildIndex } from '../../src/index/build-index.js';
import { INDEX_FORMAT_VERSION, IndexError, MANIFEST_FILE } from '../../src/index/manifest.js';
import { openIndex } from '../../src/index/open-index.js';
import { POSTINGS_FILE } from '../../src/index/postings-file.js';
import { buildSmallIndex, CORPUS } from '../helpers/small-index.js';

test('builds a versioned index that opens, with documents; FTS5 only as the baseline when asked', async () => {
  const dir = await buildSmallIndex(400);
  const idx = openIndex(dir);
  try {
    assert.equal(idx.manifest.formatVersion, INDEX_FORMAT_VERSION);
    assert.equal(idx.manifest.counts.documents, 400);
    assert.equal(idx.manifest.corpus.kind, 'jsonl');
    assert.equal(idx.manifest.encoder, null);
    const any = idx.db.prepare('SELECT id FROM docs LIMIT 1').pluck().get() as number;
    const doc = idx.getDocument(any)!;
    assert.ok(doc.title && doc.url);
    // The product searches the postings: no FTS5 table unless the baseline is asked for.
    assert.equal(hasFts5Baseline(idx.db), false);
    assert.throws(() => idx.bm25('"python"', [1, 1, 1, 1], 5), /no FTS5 baseline table.*--fts5-baseline/);
  } finally {
    idx.close();
  }
  assert.equal(addFts5Baseline(dir), 400);
  assert.equal(addFts5Baseline(dir), 0, 'added once');
  const withFts = openIndex(dir);
  const built = join(dir, '..', 'with-fts5');
  try {
    const n = withFts.db.prepare(`SELECT count(*) FROM docs_fts WHERE docs_fts MATCH '"python"'`).pluck().get() as number;
    assert.equal(n, withFts.documentFrequency('python'));
    assert.ok(n > 10);
    // Built with the flag: the same table.
    await buildIndex({ corpus: CORPUS, out: built, limit: 400, fts5Baseline: true });
    const other = openIndex(built);
    try {
      const q = '"python" OR "list" OR "keyerror"';
      assert.deepEqual(other.bm25(q, [3, 0.5, 1, 3], 20), withFts.bm25(q, [3, 0.5, 1, 3], 20));
    } finally {
      other.close();
    }
  } finally {
    withFts.close();
  }
  assert.throws(() => addFts5Baseline(join(dir, '..', 'no-such-index')), /snippet-search index build/);
});

test('an interrupted rebuild leaves the previous index in place and nothing half-written that loads', async () => {
  const dir = await buildSmallIndex(200);
  const before = readFileSync(join(dir, MANIFEST_FILE), 'utf8');
  await assert.rejects(
    buildIndex({
      corpus: CORPUS,
      out: dir,
      limit: 3000,
      onProgress: (p) => {
        if (p.done >= 1000) throw new Error('killed');
      },
    }),
    /killed/,
  );
  assert.equal(readFileSync(join(dir, MANIFEST_FILE), 'utf8'), before);
  assert.equal(existsSync(`${dir}.partial`), false);
  assert.equal(openIndex(dir).manifest.counts.documents, 200);
});

test('refuses another format version, a corrupt manifest, or no index, saying what to run', async () => {
  const dir = await buildSmallIndex(50);
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
  writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...manifest, formatVersion: INDEX_FORMAT_VERSION + 1 }));
  const refused = (found: number) => (e: unknown) =>
    e instanceof IndexError &&
    new RegExp(`format version ${found}; .*reads version ${INDEX_FORMAT_VERSION}\\. .*snippet-search index build`).test(e.message);
  assert.throws(() => openIndex(dir), refused(INDEX_FORMAT_VERSION + 1));
  // An index from before the postings file (version 1) is refused the same way: rebuild it.
  writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...manifest, formatVersion: 1 }));
  assert.throws(() => openIndex(dir), refused(1));
  writeFileSync(join(dir, MANIFEST_FILE), '{"format": "snippet-search-index", "formatVersion": 1, "builtAt": 3');
  assert.throws(() => openIndex(dir), /corrupt.*snippet-search index build/);
  assert.throws(() => openIndex(join(dir, 'nope')), /No index at .*snippet-search index build/);
});

test('an index without its postings file, or with a damaged one, is refused, saying what to run', async () => {
  const dir = await buildSmallIndex(50);
  const postings = join(dir, POSTINGS_FILE);
  const bytes = readFileSync(postings);
  writeFileSync(postings, bytes.subarray(0, bytes.length - 64));
  assert.throws(() => openIndex(dir), (e: unknown) => e instanceof IndexError && /corrupt .*lexical\.postings is truncated.*snippet-search index build/.test(e.message));
  writeFileSync(postings, Buffer.concat([Buffer.from('NOTPOSTS'), bytes.subarray(8)]));
  assert.throws(() => openIndex(dir), /corrupt .*not a snippet-search postings file/);
  rmSync(postings);
  assert.throws(() => openIndex(dir), /incomplete \(no lexical\.postings\).*snippet-search index build/);
});

test('a corpus path that is neither JSONL nor a dump directory is refused by name', async () => {
  await assert.rejects(buildIndex({ corpus: '/etc/hostname', out: '/tmp/never' }), /\/etc\/hostname: not a corpus/);
  await assert.rejects(buildIndex({ corpus: '/no/such/corpus.jsonl', out: '/tmp/never' }), /no such file/);
});
