import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFailures } from '../../src/extract/extract.js';
import { failuresToText } from '../../src/render/failures.js';

/**
 * `Failure.frames` is innermost last in every language, so the human `extract` output's location line
 * (the last frame) is where the failure happened (issue #9: it printed the outermost frame for Go, C#,
 * Java and JS, whose stacks list the innermost frame first).
 */
const CASES: [string, string, string][] = [
  [
    'python',
    `Traceback (most recent call last):\n  File "/app/main.py", line 10, in <module>\n    run()\n  File "/app/job.py", line 4, in run\n    1 / 0\nZeroDivisionError: division by zero`,
    '/app/job.py:4',
  ],
  [
    'go',
    `panic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:\nmain.pick(...)\n\t/src/pick.go:7\nmain.main()\n\t/src/main.go:12 +0x1d\nexit status 2`,
    '/src/pick.go:7',
  ],
  [
    'java',
    `Exception in thread "main" java.lang.ArithmeticException: / by zero\n\tat com.acme.Calc.divide(Calc.java:8)\n\tat com.acme.Main.main(Main.java:5)`,
    'Calc.java:8',
  ],
  [
    'csharp',
    `Unhandled exception. System.InvalidOperationException: Sequence contains no elements\n   at App.Repo.First() in /src/Repo.cs:line 21\n   at App.Program.Main() in /src/Program.cs:line 9`,
    '/src/Repo.cs:21',
  ],
  [
    'javascript',
    `TypeError: Cannot read properties of undefined (reading 'id')\n    at getId (/app/src/user.js:3:15)\n    at main (/app/src/index.js:9:3)`,
    '/app/src/user.js:3',
  ],
  [
    'ruby',
    `  1) User saves\n     Failure/Error: user.save!\n\n     ActiveRecord::RecordInvalid:\n       Validation failed: Name can't be blank\n     # ./app/models/user.rb:12:in \`save!'\n     # ./spec/models/user_spec.rb:5:in \`block (2 levels) in <top (required)>'`,
    './app/models/user.rb:12',
  ],
];

for (const [language, text, innermost] of CASES) {
  test(`${language}: the last frame is the innermost one, and extract prints it as the location`, () => {
    const f = extractFailures(text)[0]!;
    const last = f.frames.at(-1)!;
    assert.equal(`${last.file}:${last.line}`, innermost);
    assert.match(failuresToText([f]), new RegExp(`\\n   at ${innermost.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n?`));
  });
}
