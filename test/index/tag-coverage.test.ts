import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildIndex } from '../../src/index/build-index.js';
import { MANIFEST_FILE, readManifest } from '../../src/index/manifest.js';
import { openIndex } from '../../src/index/open-index.js';

const row = (id: number, title: string, tags?: string[]) =>
  JSON.stringify({
    id,
    url: `https://stackoverflow.com/questions/${id}/q`,
    title,
    question_html: `<p>${title}</p><pre><code>x = 1</code></pre>`,
    answers_html: [`<p>Answer to ${title}.</p>`],
    ...(tags ? { tags } : {}),
  });

test('a JSONL corpus keeps its tags; --default-tags fills only the untagged threads; the manifest counts them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ss-tags-'));
  const corpus = join(dir, 'corpus.jsonl');
  writeFileSync(
    corpus,
    [
      row(1, 'goroutine leak in http handler', ['go', 'http']),
      row(2, 'list index out of range'),
      row(3, 'keyerror on dict lookup', []),
      row(4, 'git rebase conflict', ['git']),
      row(5, 'undefined is not a function', ['javascript', 'node.js']),
    ].join('\n') + '\n',
  );
  const out = join(dir, 'index');
  const manifest = await buildIndex({ corpus, out, defaultTags: ['python'] });
  assert.deepEqual(manifest.tags?.languages, {
    python: 2,
    javascript: 1,
    java: 0,
    go: 1,
    rust: 0,
    ruby: 0,
    csharp: 0,
    php: 0,
    c: 0,
    shell: 0,
    swift: 0,
    dart: 0,
    r: 0,
    julia: 0,
    haskell: 0,
    scala: 0,
    elixir: 0,
    perl: 0,
    lua: 0,
    ocaml: 0,
    terraform: 0,
    ansible: 0,
    sql: 0,
    kubernetes: 0,
    aws: 0,
  });
  assert.equal(manifest.tags?.threads, 5);
  assert.equal(manifest.tags?.withTags, 5);
  assert.equal(manifest.tags?.withoutLanguage, 1, 'the git thread');
  assert.deepEqual(manifest.tags?.top.slice(0, 2), [
    { tag: 'python', count: 2 },
    { tag: 'git', count: 1 },
  ]);
  const index = openIndex(out);
  try {
    assert.deepEqual(index.tagsOf(1), ['go', 'http']);
    assert.deepEqual(index.tagsOf(2), ['python']);
    assert.deepEqual(index.tagsOf(4), ['git']);
    assert.deepEqual(index.tagsOf(99), []);
    assert.deepEqual(index.getDocument(5)?.tags, ['javascript', 'node.js']);
  } finally {
    index.close();
  }

  // Without default tags, untagged threads stay untagged: no language, searched for every failure.
  const plain = await buildIndex({ corpus, out: join(dir, 'plain') });
  assert.equal(plain.tags?.languages.python, 0);
  assert.equal(plain.tags?.withoutLanguage, 3);
});

test('a manifest without tag coverage (an index built before it) still reads', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ss-tags-'));
  const corpus = join(dir, 'corpus.jsonl');
  writeFileSync(corpus, row(1, 'list index out of range') + '\n');
  const out = join(dir, 'index');
  await buildIndex({ corpus, out });
  const m = JSON.parse(readFileSync(join(out, MANIFEST_FILE), 'utf8')) as Record<string, unknown>;
  delete m.tags;
  writeFileSync(join(out, MANIFEST_FILE), JSON.stringify(m));
  assert.equal(readManifest(out).tags, undefined);
});
