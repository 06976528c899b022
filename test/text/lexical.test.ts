import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readJsonlCorpus } from '../../src/corpus/jsonl-reader.js';
import { toDocument } from '../../src/corpus/to-document.js';
import { lexicalTokens, lexicalTokenSet, lexicalWords } from '../../src/text/lexical.js';
import { CORPUS } from '../helpers/small-index.js';

/** The tokenizer as it was first written, with regular expressions: the hand-written scanner must agree. */
function referenceTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}_]+/gu)) {
    const w = m[0];
    if (w.length > 64) continue;
    out.push(w.toLowerCase());
    if (/[a-z][A-Z]|_/.test(w)) {
      // eslint-disable-next-line regexp/no-super-linear-move
      for (const part of w.replace(/_/g, ' ').matchAll(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g)) {
        const p = part[0].toLowerCase();
        if (p.length > 1 && p !== w.toLowerCase()) out.push(p);
      }
    }
  }
  return out;
}

const EDGE_CASES = [
  '',
  '   ',
  'JSONDecodeError read_csv __init__ _private x1_y2 getHTTPResponse2XX',
  'a B aB a_B A_b ABc abC',
  'café naïve ｆｕｌｌ straße x² 中文 ǅemal ａｂｃ_ｄ ﬁle çà İstanbul ΣΊΣΥΦΟΣ',
  '𝒜𝓁𝓅𝒽𝒶 𝟙𝟚𝟛 😀smile😀 a\uD800b lone\uDC00low high\uD800',
  'x'.repeat(64) + ' ' + 'y'.repeat(65) + ' z',
  'tab\tnew\nline\r\nend;semi,comma.dot-dash/slash\\back',
  '١٢٣ ٤٥ देवनागरी e\u0301 a\u200bb',
];

test('lexical tokens: the hand-written scanner gives the regex tokenizer’s tokens (edge cases)', () => {
  for (const text of EDGE_CASES) {
    assert.deepEqual(lexicalTokens(text), referenceTokens(text), JSON.stringify(text));
    assert.deepEqual(lexicalTokenSet(text), new Set(referenceTokens(text)), JSON.stringify(text));
    assert.deepEqual(
      lexicalWords(text),
      [...text.matchAll(/[\p{L}\p{N}_]+/gu)].map((m) => m[0]),
      JSON.stringify(text),
    );
  }
});

test('lexical tokens: the same tokens as the regex tokenizer on 3,000 real threads', async () => {
  let n = 0;
  let tokens = 0;
  for await (const thread of readJsonlCorpus(CORPUS)) {
    const doc = toDocument(thread);
    const text = `${doc.title}\n${doc.body}\n${doc.bestAnswer}\n${doc.code}\n${doc.error}\n${doc.keyword ?? ''}`;
    const expected = referenceTokens(text);
    assert.deepEqual(lexicalTokens(text), expected, `thread ${doc.id}`);
    assert.deepEqual(lexicalTokenSet(text), new Set(expected), `thread ${doc.id}`);
    tokens += expected.length;
    if (++n === 3000) break;
  }
  assert.equal(n, 3000);
  assert.ok(tokens > 500_000, `${tokens} tokens compared`);
});
