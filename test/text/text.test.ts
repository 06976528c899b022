import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyBlock } from '../../src/text/classify-block.js';
import { ERROR_NAME, errorKeyword, findErrorNames, shortErrorName } from '../../src/text/error-name.js';
import { lexicalText, lexicalTokens } from '../../src/text/lexical.js';
import { headTailSplit, middleTruncate } from '../../src/text/middle-truncate.js';

test('one error-name grammar: dotted prefixes, every suffix the pipeline knows, nothing else', () => {
  const whole = new RegExp(`^(?:${ERROR_NAME})$`);
  for (const name of [
    'ValueError',
    'json.decoder.JSONDecodeError',
    'java.lang.NullPointerException',
    'KeyboardInterrupt',
    'SystemExit',
    'StopIteration',
    'DeprecationWarning',
    'AssertionFailure',
    'SegmentationFault',
    'FileNotFound',
    'ConnectionTimeout',
    'PermissionDenied',
  ])
    assert.match(name, whole, name);
  for (const name of ['valueError', 'Error', 'ValueErrors', 'print', 'a.b.c.d.e.f.g.h.i.ValueError'])
    assert.doesNotMatch(name, whole, name);
  assert.deepEqual(findErrorNames('raised KeyError then (os.OSError) and ValueError:'), [
    'KeyError',
    'os.OSError',
    'ValueError',
  ]);
  assert.equal(shortErrorName('json.decoder.JSONDecodeError'), 'JSONDecodeError');
  assert.equal(errorKeyword('x\nTraceback…\nKeyboardInterrupt\nmore text'), 'KeyboardInterrupt');
});

test('block classification uses the same grammar on both sides (corpus <pre> blocks, pasted blocks)', () => {
  assert.equal(classifyBlock('requests.exceptions.ConnectionError: Max retries exceeded'), 'error');
  assert.equal(classifyBlock('for i in range(3):\n    print(i)'), 'code');
});

test('lexical tokens: lowercase words plus camelCase and snake_case parts', () => {
  assert.deepEqual(lexicalTokens('JSONDecodeError read_csv'), [
    'jsondecodeerror',
    'json',
    'decode',
    'error',
    'read_csv',
    'read',
    'csv',
  ]);
  assert.equal(lexicalText('Foo bar'), 'foo bar');
});

test('middle truncation keeps head and tail; headTailSplit gives the odd item to the tail', () => {
  assert.deepEqual(middleTruncate([1, 2, 3, 4, 5, 6, 7], 3), [1, 6, 7]);
  assert.deepEqual(middleTruncate([1, 2], 3), [1, 2]);
  assert.deepEqual(headTailSplit(7), { head: 3, tail: 4 });
  assert.deepEqual(headTailSplit(8, 1 / 8), { head: 1, tail: 7 });
});
