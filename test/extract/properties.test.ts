import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { MAX_LINE, stripCiFraming } from '../../src/extract/ci-framing.js';
import { extractFailures } from '../../src/extract/extract.js';
import { messageTemplate } from '../../src/extract/message-template.js';

/**
 * Properties of the extractor that hold for any input. Timing lives in `bench/extract-adversarial.ts`;
 * the one time limit here is a hang guard (a test-runner timeout hundreds of times the expected time).
 */

const logish = fc.array(
  fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.constantFrom(
      'Traceback (most recent call last):',
      '  File "a.py", line 1, in f',
      'E       assert 1 == 2',
      'panic: x',
      '--- FAIL: T',
      '=== RUN   T',
      '    t_test.go:3: bad',
      'error[E0001]: x',
      '  ● a › b',
      'Failure/Error: x',
      '    at a.b(C.java:1)',
      '##[error]x',
      '\u001b[31mred\u001b[0m',
      'ValueError: v',
      '> quoted',
      '**bold**',
      '  | gutter',
      '  +-+---- 1 ----',
      'src/a.py:1: error: bad  [misc]',
      'npm error code ERESOLVE',
      'bash: x: command not found',
      '===== 3 passed in 0.1s =====',
    ),
  ),
  { maxLength: 60 },
);

test('every failure is well-formed: typed or with a message, distinct, at most maxFailures, frames innermost last', () => {
  fc.assert(
    fc.property(logish, fc.integer({ min: 1, max: 6 }), (lines, max) => {
      const out = extractFailures(lines.join('\n'), { maxFailures: max });
      assert.ok(out.length <= max);
      const keys = out.map((f) => `${f.errorType}\u0000${f.template}`);
      assert.equal(new Set(keys).size, keys.length, 'deduplicated by type and template');
      for (const f of out) {
        assert.ok(f.errorType !== '' || f.errorMessage !== '' || f.code !== '', 'something to search for');
        assert.ok(f.errorText !== '' || f.code !== '', 'an error text or code for the query');
        assert.equal(f.template, messageTemplate(f.errorMessage));
        for (const fr of f.frames) assert.ok(fr.line === null || (Number.isInteger(fr.line) && fr.line >= 0));
      }
    }),
    { numRuns: 300 },
  );
});

/** Known failures, each with the type and message the extractor must read off it. */
const KNOWN: [string, string, string][] = [
  [
    'Traceback (most recent call last):\n  File "app.py", line 3, in <module>\n    main()\nKeyError: \'user\'',
    'KeyError',
    "'user'",
  ],
  [
    "thread 'main' panicked at src/main.rs:3:5:\nindex out of bounds: the len is 3 but the index is 7",
    'panic',
    'index out of bounds: the len is 3 but the index is 7',
  ],
  [
    'Exception in thread "main" java.lang.IllegalStateException: not ready\n\tat com.acme.App.run(App.java:12)\n\tat com.acme.App.main(App.java:5)',
    'java.lang.IllegalStateException',
    'not ready',
  ],
  [
    "src/app.ts(4,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    'TS2322',
    "Type 'string' is not assignable to type 'number'.",
  ],
];

/** Wrappers real text puts around a failure; none may change what is read. */
const WRAPS: [string, (s: string) => string][] = [
  [
    'Actions timestamps',
    (s) =>
      s
        .split('\n')
        .map((l) => `2024-05-01T10:00:00.1234567Z ${l}`)
        .join('\n'),
  ],
  [
    'ANSI colour',
    (s) =>
      s
        .split('\n')
        .map((l) => `\u001b[31m${l}\u001b[0m`)
        .join('\n'),
  ],
  ['CRLF', (s) => s.replace(/\n/g, '\r\n')],
  ['a code fence in a comment', (s) => `I get this:\n\n\`\`\`\n${s}\n\`\`\`\n\nAny idea?`],
  [
    'a markdown quote',
    (s) =>
      s
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n'),
  ],
];

const noise = fc.array(
  fc.constantFrom(
    'Collecting requests',
    'Downloading requests-2.31.0-py3-none-any.whl (62 kB)',
    '[INFO] Scanning for projects...',
    'npm warn deprecated inflight@1.0.6',
    '',
    '  Compiling serde v1.0.190',
  ),
  { maxLength: 30 },
);

test('CI and markdown wrappers and unrelated noise around a failure do not change its type or message', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...KNOWN),
      fc.constantFrom(...WRAPS),
      noise,
      noise,
      ([text, type, message], [, wrap], before, after) => {
        const input = wrap([...before, text, ...after].join('\n'));
        const f = extractFailures(input)[0];
        assert.equal(f?.errorType, type, input);
        assert.equal(f?.errorMessage, message, input);
      },
    ),
    { numRuns: 200 },
  );
});

test('a run whose summary says it passed reports nothing, whatever error-looking lines it printed', () => {
  const summaries = [
    '============ 12 passed, 1 skipped in 3.21s ============',
    '[INFO] BUILD SUCCESS',
    'BUILD SUCCESSFUL in 14s',
    'Tests:       19 passed, 19 total',
    'test result: ok. 42 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s',
    '10 examples, 0 failures',
  ];
  const chatter = fc.array(
    fc.constantFrom(
      'ERROR: retrying connection (ConnectionError)',
      'warning: unused variable `x`',
      'DeprecationWarning: the imp module is deprecated',
      '##[error][notice] A new release of pip is available: 23.0 -> 24.0',
      'test_raises_value_error PASSED',
      'console.error: handled failure: Error: boom',
    ),
    { maxLength: 10 },
  );
  fc.assert(
    fc.property(chatter, fc.constantFrom(...summaries), (lines, summary) => {
      assert.deepEqual(extractFailures([...lines, summary].join('\n')), []);
    }),
    { numRuns: 100 },
  );
});

test('no pattern sees a line longer than MAX_LINE: framing cuts lines before any match (issue #9)', () => {
  const framed = stripCiFraming(
    `${' '.repeat(1 << 20)}Error: x\n${'\t'.repeat(1 << 20)}\n\u001b[31m${'('.repeat(1 << 20)}`,
  );
  assert.equal(framed.length, 3);
  for (const l of framed) assert.ok(l.text.length <= MAX_LINE, `a ${l.text.length}-character line got through`);
  assert.equal(framed[1]!.text, '', 'trailing whitespace is trimmed');
});

// A hang guard, not a timing budget (the bench measures): before the fix this input took minutes.
test(
  '1 MB of spaces before an error line is read in linear time (issue #9: 451 s before the fix)',
  { timeout: 60_000 },
  () => {
    const out = extractFailures(`${' '.repeat(1 << 20)}\nError: x\n${' '.repeat(1 << 20)}Error: y`);
    assert.ok(Array.isArray(out));
  },
);

test('a huge log with the failure at the end is handled', () => {
  const log = `${'collecting ... ok\n'.repeat(300_000)}Traceback (most recent call last):\n  File "x.py", line 1, in <module>\n    import foo\nModuleNotFoundError: No module named 'foo'\n`;
  const out = extractFailures(log);
  assert.equal(out[0]?.errorType, 'ModuleNotFoundError');
});
