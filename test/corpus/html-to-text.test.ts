import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyBlock } from '../../src/text/classify-block.js';
import { errorKeyword } from '../../src/text/error-name.js';
import { htmlToText } from '../../src/corpus/html-to-text.js';

test('HTML to text: entities decoded, <pre> blocks verbatim and returned apart', () => {
  const r = htmlToText(
    '<p>I run <code>x &lt; 3</code> and get:</p>\n<pre><code>if x &lt; 3:\n    print(&quot;a&quot;)\n</code></pre><p>Why?</p>',
  );
  assert.deepEqual(r.blocks, ['if x < 3:\n    print("a")']);
  assert.match(r.text, /I run x < 3 and get:/);
  assert.match(r.text, /```\nif x < 3:\n {4}print\("a"\)\n```/);
  assert.equal(r.prose.includes('print'), false);
});

test('blocks are classified as error output or code', () => {
  assert.equal(
    classifyBlock(
      'Traceback (most recent call last):\n  File "a.py", line 1, in <module>\nNameError: name \'x\' is not defined',
    ),
    'error',
  );
  assert.equal(classifyBlock("TypeError: unsupported operand type(s) for +: 'int' and 'str'"), 'error');
  assert.equal(
    classifyBlock('def f(x):\n    if x is None:\n        raise ValueError("x")\n    return x * 2\n\nprint(f(3))'),
    'code',
  );
});

test('the error keyword is the type on the final error line', () => {
  assert.equal(
    errorKeyword(
      'Traceback (most recent call last):\n  File "a.py", line 1\njson.decoder.JSONDecodeError: Expecting value',
    ),
    'JSONDecodeError',
  );
  assert.equal(errorKeyword('something failed with a KeyError somewhere'), 'KeyError');
  assert.equal(errorKeyword('no error here'), null);
});
