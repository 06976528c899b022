import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { aggregate, firstGoldRank } from '../../src/eval/metrics.js';
import { readQueriesFile } from '../../src/eval/queries-file.js';

test('first gold rank, recall@k and MRR over the top 50', () => {
  assert.equal(firstGoldRank([5, 7, 9], new Set([9, 7])), 2);
  assert.equal(firstGoldRank([5], new Set([1])), null);
  const m = aggregate([1, 3, 12, null]);
  assert.deepEqual([m['R@1'], m['R@5'], m['R@10'], m['R@20'], m['R@50']], [0.25, 0.5, 0.5, 0.75, 0.75]);
  assert.equal(m.MRR, Math.round(((1 + 1 / 3 + 1 / 12) / 4) * 10000) / 10000);
});

test('a queries file with a bad line names the file and line; an empty gold is a "stay quiet" query', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ss-q-'));
  try {
    const f = join(dir, 'q.jsonl');
    const good = JSON.stringify({ qid: 'a', query: 'x', gold: [1] });
    const quiet = JSON.stringify({ qid: 'b', query: 'x', gold: [], final_exception_line: 'E: x' });
    writeFileSync(f, `${good}\n${quiet}\n${JSON.stringify({ qid: 'c', query: 'x', gold: ['1'] })}\n`);
    assert.throws(() => readQueriesFile(f), /q\.jsonl:3: field "gold\.0"/);
    writeFileSync(f, `${good}\n${quiet}\n`);
    const qs = readQueriesFile(f);
    assert.deepEqual(
      qs.map((q) => [q.qid, q.gold, q.final_exception_line]),
      [
        ['a', [1], undefined],
        ['b', [], 'E: x'],
      ],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
