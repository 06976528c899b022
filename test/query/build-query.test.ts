import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildQuery, detectKind } from '../../src/query/build-query.js';
import { splitComment } from '../../src/query/comment-parts.js';
import { middleTruncate } from '../../src/text/middle-truncate.js';

test('middle truncation keeps equal head and tail', () => {
  const xs = Array.from({ length: 10 }, (_, i) => i);
  assert.deepEqual(middleTruncate(xs, 4), [0, 1, 8, 9]);
  assert.deepEqual(middleTruncate(xs, 5), [0, 1, 7, 8, 9]);
  assert.deepEqual(middleTruncate(xs, 20), xs);
  assert.deepEqual(middleTruncate(xs, 0), []);
});

test('a comment splits into prose, code blocks and error blocks', () => {
  const parts = splitComment(
    "I try to read a file:\n\n```python\nwith open('a.txt') as f:\n    f.read()\n```\n\nand get\n\n```\nTraceback (most recent call last):\n  File \"a.py\", line 2, in <module>\nUnicodeDecodeError: 'utf-8' codec can't decode byte 0xff\n```\n",
  );
  assert.deepEqual(parts.code, ["with open('a.txt') as f:\n    f.read()"]);
  assert.equal(parts.errors.length, 1);
  assert.match(parts.prose, /I try to read a file/);
});

test('the query is [prose, code, error] with the error last and the error type as keyword', () => {
  const { query, failures } = buildQuery(
    "Why?\n\n```\nx = d['a']\n```\n\n```\nTraceback (most recent call last):\n  File \"t.py\", line 1, in <module>\n    x = d['a']\nKeyError: 'a'\n```",
  );
  assert.equal(failures[0]!.errorType, 'KeyError');
  assert.equal(query.keyword, 'KeyError');
  assert.ok(query.text.startsWith('Why?'));
  assert.ok(query.text.trimEnd().endsWith("KeyError: 'a'"));
  assert.match(query.code, /x = d\['a'\]/);
});

test('a CI log keeps only the failure, not the log around it', () => {
  const log =
    `2024-05-01T10:00:00.0000000Z ##[group]Run pytest\n2024-05-01T10:00:01.0000000Z collected 3 items\n` +
    `2024-05-01T10:00:02.0000000Z Traceback (most recent call last):\n2024-05-01T10:00:02.0000000Z   File "app.py", line 3, in <module>\n` +
    `2024-05-01T10:00:02.0000000Z     import numpy\n2024-05-01T10:00:02.0000000Z ModuleNotFoundError: No module named 'numpy'\n`;
  assert.equal(detectKind(log), 'log');
  const { query } = buildQuery(log);
  assert.equal(query.text, "import numpy\nModuleNotFoundError: No module named 'numpy'");
});

test('runs of Han, Hangul and kana leave what the retrievers read, in the error block as in the prose; the error shown stays verbatim', () => {
  const inError = "실행하면 이 오류가 납니다 KeyError: 'user_id' 어떻게 고치나요？";
  const inProse = `テストを実行すると失敗します。\n\n\`\`\`\nTraceback (most recent call last):\n  File "app.py", line 3, in <module>\n    rows["user_id"]\nKeyError: 'user_id'\n\`\`\``;
  for (const input of [inError, inProse]) {
    const { query } = buildQuery(input, 'comment');
    assert.equal(query.errorLine, "KeyError: 'user_id'");
    assert.doesNotMatch(
      query.text,
      /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u,
      query.text,
    );
    assert.match(query.text, /KeyError: 'user_id'/);
  }
  assert.match(buildQuery(inError, 'comment').query.error, /실행하면/);
});
