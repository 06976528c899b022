import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { DOCUMENT_TOKENS, QUERY_TOKENS } from '../../src/encoder/budgets.js';
import { OnnxEncoder } from '../../src/encoder/onnx-encoder.js';
import { WordPieceTokenizer } from '../../src/encoder/tokenizer.js';
import { defaultModelDir } from '../../src/paths.js';

interface Golden {
  kind: 'query' | 'document';
  text: string;
  ids: number[];
  vector: number[];
}
const dir = defaultModelDir();
const golden = JSON.parse(readFileSync(join(dir, 'golden.json'), 'utf8')) as Golden[];
let encoder: OnnxEncoder;
before(async () => {
  encoder = await OnnxEncoder.load(dir, { threads: 1 });
});

test('the serving tokenizer gives the ids training used (golden inputs tokenized at training time)', () => {
  const tok = WordPieceTokenizer.fromFile(join(dir, 'tokenizer.json'));
  for (const g of golden) {
    const ids = g.kind === 'query' ? tok.queryIds(g.text, QUERY_TOKENS) : tok.documentIds(g.text, DOCUMENT_TOKENS);
    assert.deepEqual(ids, g.ids, g.text);
  }
});

test('the ONNX session reproduces the golden vectors computed by PyTorch', async () => {
  for (const g of golden) {
    const [v] = await encoder.encode([g.text], g.kind);
    assert.equal(v!.length, g.vector.length);
    const maxDiff = Math.max(...g.vector.map((x, i) => Math.abs(x - v![i]!)));
    assert.ok(maxDiff < 1e-5, `max |diff| ${maxDiff} for ${g.text.slice(0, 40)}`);
  }
});

test('embeddings are unit length; batching and order do not change them', async () => {
  const texts = [
    'KeyError: x',
    'import numpy as np\nnp.array([1, 2]).reshape(3)\nValueError: cannot reshape array of size 2 into shape (3,)',
    'short',
  ];
  const batch = await encoder.encode(texts, 'query');
  for (const v of batch) assert.ok(Math.abs(Math.hypot(...v) - 1) < 1e-4);
  const one = await encoder.encode([texts[1]!], 'query');
  assert.ok(Math.max(...one[0]!.map((x, i) => Math.abs(x - batch[1]![i]!))) < 1e-5);
});

test('queries keep head and tail: the error at the end of a long traceback still counts', async () => {
  const long = `${'    x = helper(x)\n'.repeat(400)}ZeroDivisionError: division by zero`;
  const ids = encoder.tokenizer.queryIds(long, QUERY_TOKENS);
  assert.equal(ids.length, QUERY_TOKENS);
  assert.deepEqual(ids.slice(-4), encoder.tokenizer.ids('ZeroDivisionError: division by zero').slice(-4));
});
