import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readJsonlCorpus } from '../../src/corpus/jsonl-reader.js';
import { CorpusError } from '../../src/corpus/thread.js';
import { toDocument } from '../../src/corpus/to-document.js';
import { SHARED } from '../helpers/paths.js';

const CORPUS = join(SHARED, 'data', 'so-python', 'corpus.jsonl.gz');

test('reads the gzipped so-python corpus as threads; the first answer is the best', async () => {
  const threads = [];
  for await (const t of readJsonlCorpus(CORPUS)) {
    threads.push(t);
    if (threads.length === 50) break;
  }
  assert.equal(threads.length, 50);
  for (const t of threads) {
    assert.ok(t.id > 0 && t.url.startsWith('https://stackoverflow.com/questions/'));
    assert.ok(['train', 'dev', 'test'].includes(t.split!));
  }
  const doc = toDocument(threads.find((t) => t.questionHtml && t.answers.length)!);
  assert.ok(doc.bestAnswer.length > 0);
  assert.equal(doc.answerUrl, null, 'so-python does not carry answer ids');
});

test('a line that is not JSON fails with the file and line number', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ss-jsonl-'));
  const file = join(dir, 'bad.jsonl');
  writeFileSync(
    file,
    `${JSON.stringify({ id: 1, url: 'https://stackoverflow.com/questions/1/a', title: 'a', question_html: null, answers_html: [] })}\n{not json\n`,
  );
  await assert.rejects(
    async () => {
      for await (const _ of readJsonlCorpus(file)) void _;
    },
    (err: unknown) => err instanceof CorpusError && err.line === 2 && err.message.startsWith(`${file}:2:`),
  );
});

test('a row without a required field names the field', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ss-jsonl-'));
  const file = join(dir, 'bad.jsonl');
  writeFileSync(file, `${JSON.stringify({ id: 1, title: 'no url' })}\n`);
  await assert.rejects(async () => {
    for await (const _ of readJsonlCorpus(file)) void _;
  }, /bad\.jsonl:1: field "url"/);
});
