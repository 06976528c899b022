import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { extractFailures } from '../../src/extract/extract.js';
import { messageTemplate } from '../../src/extract/message-template.js';
import { scrubSecrets } from '../../src/extract/scrub-secrets.js';

const logish = fc.array(
  fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.constantFrom(
      'Traceback (most recent call last):',
      '  File "a.py", line 1, in f',
      'E       assert 1 == 2',
      'panic: x',
      '--- FAIL: T',
      'error[E0001]: x',
      '  ● a › b',
      'Failure/Error: x',
      '    at a.b(C.java:1)',
      '##[error]x',
      '\u001b[31mred\u001b[0m',
      'ValueError: v',
    ),
  ),
  { maxLength: 60 },
);

test('extract never throws and returns well-formed failures on random log-like input', () => {
  fc.assert(
    fc.property(logish, (lines) => {
      const out = extractFailures(lines.join('\n'));
      for (const f of out) assert.equal(typeof f.errorMessage, 'string');
    }),
    { numRuns: 400 },
  );
});

test('adversarial inputs stay fast: no super-linear backtracking (budget in the assertion is generous)', () => {
  const hostile = [
    'a'.repeat(200_000),
    `File "${'x'.repeat(100_000)}`,
    `${'ValueError'.repeat(20_000)}: x`,
    `'${"'".repeat(50_000)}`,
    `${'/a'.repeat(50_000)}`,
    `${'-'.repeat(100_000)} x ${'-'.repeat(100_000)}`,
    `${'E '.repeat(50_000)}`,
    `${'java.'.repeat(40_000)}Exception`,
    `thread 'main' panicked at ${'a:'.repeat(50_000)}`,
    `${'  at a.b(C.java:1)\n'.repeat(20_000)}`,
    `${'x@'.repeat(50_000)}.com`,
  ];
  for (const h of hostile) {
    const t0 = performance.now();
    extractFailures(h);
    messageTemplate(h.slice(0, 20_000));
    scrubSecrets(h);
    const ms = performance.now() - t0;
    assert.ok(ms < 2000, `${ms.toFixed(0)} ms on ${JSON.stringify(h.slice(0, 30))}…`);
  }
});

test('a huge log with the failure at the end is handled', () => {
  const log = `${'collecting ... ok\n'.repeat(300_000)}Traceback (most recent call last):\n  File "x.py", line 1, in <module>\n    import foo\nModuleNotFoundError: No module named 'foo'\n`;
  const out = extractFailures(log);
  assert.equal(out[0]?.errorType, 'ModuleNotFoundError');
});
