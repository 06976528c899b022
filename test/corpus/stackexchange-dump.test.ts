import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseTags, readDuplicateLinks, readStackExchangeDump } from '../../src/corpus/stackexchange-dump.js';
import { CorpusError, type RawThread } from '../../src/corpus/thread.js';
import { FIXTURES } from '../helpers/paths.js';

const SAMPLE = join(FIXTURES, 'se-dump-sample');
const SITE = 'https://cstheory.meta.stackexchange.com';

async function readAll(
  dir: string,
  stagingDir: string,
  extra: Partial<Parameters<typeof readStackExchangeDump>[1]> = {},
): Promise<RawThread[]> {
  const out: RawThread[] = [];
  for await (const t of readStackExchangeDump(dir, { stagingDir, siteUrl: SITE, ...extra })) out.push(t);
  return out;
}

test('reads the real dump sample: BOM, escaped HTML bodies, tags, accepted answer first, duplicate links', async () => {
  const staging = mkdtempSync(join(tmpdir(), 'ss-stage-'));
  const threads = await readAll(SAMPLE, staging);
  assert.equal(threads.length, 589);
  const first = threads.find((t) => t.id === 1)!;
  assert.equal(first.answers[0]!.id, 100, 'question 1 accepted answer 100');
  assert.match(first.questionHtml!, /^<blockquote>/);
  assert.equal(first.url, `${SITE}/questions/1/what-should-our-site-domain-name-be`);
  assert.ok(threads.some((t) => t.tags.length > 0));
  // Question 2 has no accepted answer: answers come highest-scored first.
  const second = threads.find((t) => t.id === 2)!;
  assert.ok(second.answers.length > 1);
  const scores = second.answers.map((a) => a.score!);
  assert.deepEqual(
    scores,
    [...scores].sort((a, b) => b - a),
  );
  assert.equal(readDuplicateLinks(staging).length, 13);
});

test('answers that precede their question in the file are still attached', async () => {
  // The real dump has such rows (merged posts); this sample is in id order, so reverse its rows.
  const xml = readFileSync(join(SAMPLE, 'Posts.xml'), 'utf8');
  const rows = xml
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('<row ') && l.endsWith('/>'));
  const dir = mkdtempSync(join(tmpdir(), 'ss-dump-'));
  writeFileSync(
    join(dir, 'Posts.xml'),
    `\uFEFF<?xml version="1.0" encoding="utf-8"?>\r\n<posts>\r\n${rows
      .reverse()
      .map((r) => `  ${r}`)
      .join('\r\n')}\r\n</posts>`,
  );
  const reversed = await readAll(dir, mkdtempSync(join(tmpdir(), 'ss-stage-')));
  const inOrder = await readAll(SAMPLE, mkdtempSync(join(tmpdir(), 'ss-stage-')));
  assert.equal(reversed.length, 589);
  assert.deepEqual(
    reversed.map((t) => [t.id, t.answers.map((a) => a.id)]),
    inOrder.map((t) => [t.id, t.answers.map((a) => a.id)]),
  );
});

test('a truncated dump fails with the file and line; an interrupted import resumes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ss-dump-'));
  const full = readFileSync(join(SAMPLE, 'Posts.xml'));
  writeFileSync(join(dir, 'Posts.xml'), full.subarray(0, Math.floor(full.length / 2)));
  await assert.rejects(readAll(dir, mkdtempSync(join(tmpdir(), 'ss-stage-'))), (err: unknown) => {
    return (
      err instanceof CorpusError && err.file.endsWith('Posts.xml') && err.line !== null && /truncated/.test(err.message)
    );
  });

  copyFileSync(join(SAMPLE, 'Posts.xml'), join(dir, 'Posts.xml'));
  const staging = mkdtempSync(join(tmpdir(), 'ss-stage-'));
  let checkpoints = 0;
  await assert.rejects(
    readAll(dir, staging, {
      commitEvery: 200,
      onProgress: () => {
        if (++checkpoints === 3) throw new Error('interrupted');
      },
    }),
    /interrupted/,
  );
  let resumedFrom = Infinity;
  const threads = await readAll(dir, staging, {
    commitEvery: 200,
    onProgress: (p) => {
      resumedFrom = Math.min(resumedFrom, p.bytesRead);
    },
  });
  assert.equal(threads.length, 589);
  assert.ok(resumedFrom > 0.3 * full.length, 'the second run started past the first checkpoints');
});

test('tags in both dump formats', () => {
  assert.equal(parseTags('<python><pandas>'), 'python pandas');
  assert.equal(parseTags('|python|pandas|'), 'python pandas');
});
