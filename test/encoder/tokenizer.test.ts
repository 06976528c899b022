import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { readJsonlCorpus } from '../../src/corpus/jsonl-reader.js';
import { toDocument } from '../../src/corpus/to-document.js';
import { DOCUMENT_TOKENS, QUERY_TOKENS } from '../../src/encoder/budgets.js';
import { WordPieceTokenizer } from '../../src/encoder/tokenizer.js';
import { documentEmbeddingText } from '../../src/index/document-text.js';
import { defaultModelDir } from '../../src/paths.js';
import { CORPUS } from '../helpers/small-index.js';

const tok = WordPieceTokenizer.fromFile(join(defaultModelDir(), 'tokenizer.json'));

const EDGE_CASES = [
  '',
  '   \n\t\r\n  ',
  "TypeError: Cannot read properties of undefined (reading 'map')",
  "ModuleNotFoundError: No module named 'numpy.core._multiarray_umath'",
  'CamelCaseIdentifier snake_case_name SCREAMING_CASE x1y2z3 0x7fff',
  'a\x0bb c\x0cd e\x00f g\x1bh i\x7fj', // control characters inside words are dropped, not split
  '\x1b[31mERROR\x1b[0m: failed', // ANSI escapes
  'x'.repeat(100) + ' ' + 'y'.repeat(101) + ' ' + 'ab'.repeat(60), // the 100-character word limit
  'zqxjkvbwzqxj qqqqqqqq ##ing [UNK] [PAD]', // unlikely pieces, the subword prefix and specials as text
  '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~', // every ASCII punctuation character
  'Café naïve résumé ÉCOLE', // accents stripped after lowercasing
  'non\u00a0breaking\u2003space and\u200bzero-width', // non-ASCII whitespace and a format character
  '错误：找不到模块 numpy 模块', // CJK split per character
  'ошибка: модуль не найден ΣΊΣΥΦΟΣ', // Cyrillic, Greek final sigma
  'emoji 🎉 in text 😀x and 𠀀 astral CJK', // astral characters (surrogate pairs)
  'mixedé ascii\u00adsoft hyphen «quotes» “curly” — dash … ellipsis',
  'File "/usr/lib/python3.11/site-packages/pkg/mod.py", line 42, in <module>\r\n    import foo\r\n',
  'tab\tseparated\tvalues\nand\r\nline endings\u2028here',
];

test("tokenizer: the hand-written scanner gives the reference tokenizer's ids on edge cases", () => {
  for (const text of EDGE_CASES) {
    assert.deepEqual(tok.ids(text), tok.reference(text), JSON.stringify(text));
  }
});

test('tokenizer: a limit stops early but never changes the ids it gives', () => {
  const text = EDGE_CASES.join(' ').repeat(20);
  const all = tok.ids(text);
  for (const limit of [0, 1, 7, 100, 384]) {
    const some = tok.ids(text, limit);
    assert.ok(some.length >= limit && some.length < all.length, `limit ${limit}: ${some.length} ids`);
    assert.deepEqual(some, all.slice(0, some.length));
  }
});

test('tokenizer: the same ids as the reference on 2,000 real threads (queries and documents)', async () => {
  let n = 0;
  let ids = 0;
  for await (const thread of readJsonlCorpus(CORPUS)) {
    const doc = toDocument(thread);
    const text = documentEmbeddingText(doc);
    const expected = tok.reference(text);
    assert.deepEqual(tok.ids(text), expected, `thread ${doc.id}`);
    assert.deepEqual(
      tok.documentIds(text, DOCUMENT_TOKENS),
      tok.reference(text.slice(0, DOCUMENT_TOKENS * 8)).slice(0, DOCUMENT_TOKENS),
      `thread ${doc.id}`,
    );
    const query = `${doc.code}\n${doc.error}`;
    assert.deepEqual(tok.queryIds(query, QUERY_TOKENS).length <= QUERY_TOKENS, true);
    ids += expected.length;
    if (++n === 2000) break;
  }
  assert.equal(n, 2000);
  assert.ok(ids > 500_000, `${ids} ids compared`);
});
