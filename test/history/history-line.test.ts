import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { historyKey, historyTemplate, isGenericLine } from '../../src/history/history-key.js';
import { ago, historyLine, type HistoryFacts } from '../../src/history/history-line.js';
import type { StoredFailure } from '../../src/history/types.js';
import type { Failure } from '../../src/types.js';

const NOW = Date.UTC(2026, 10, 20, 12);
const H = 3600_000;
let id = 100;

function past(o: Partial<StoredFailure>): StoredFailure {
  return {
    jobId: ++id,
    job: 'CI / test',
    key: 'k',
    errorType: 'E',
    template: 't',
    message: 'm',
    sha: `${String(id)}`.padEnd(40, 'c'),
    branch: 'feature',
    pr: 2,
    url: null,
    at: NOW - 5 * H,
    recoveredSha: null,
    flaky: false,
    ...o,
  };
}

function facts(list: StoredFailure[], current: Partial<HistoryFacts['current']> = {}): HistoryFacts {
  return {
    now: NOW,
    days: 30,
    defaultBranch: 'main',
    repoUrl: 'https://github.com/acme/widgets',
    current: { jobId: 1, sha: 'f'.repeat(40), branch: 'feature-3', pr: 3, ...current },
    past: list,
  };
}

describe('history line rules', () => {
  test('new: nothing recorded before (and the current job itself is not "before")', () => {
    assert.equal(historyLine(facts([])), '🆕 New in this PR: not seen on `main` or in other PRs in 30 days.');
    assert.equal(
      historyLine(facts([past({ jobId: 1, pr: 3 })])),
      '🆕 New in this PR: not seen on `main` or in other PRs in 30 days.',
    );
    assert.equal(
      historyLine(facts([], { branch: 'main', pr: null })),
      '🆕 New: not seen in this repository in 30 days.',
    );
  });

  test('also failing on the default branch, not recovered there', () => {
    const first = 'abc1234'.padEnd(40, '0');
    const list = [
      past({ branch: 'main', pr: null, sha: first, at: NOW - 50 * H }),
      past({ branch: 'main', pr: null, at: NOW - 2 * H }),
      past({ pr: 7 }),
    ];
    assert.equal(
      historyLine(facts(list)),
      `🔁 Also failing on \`main\` since [abc1234](https://github.com/acme/widgets/commit/${first}) (2 days, 2 runs): probably not caused by this PR.`,
    );
    // Passed on main since: no longer "also failing", but "fixed" (rule 3).
    const fixed = list.map((f) => (f.branch === 'main' ? { ...f, recoveredSha: 'def5678'.padEnd(40, '1') } : f));
    assert.match(historyLine(facts(fixed)), /^🩹 Failed the same way on `main` and was fixed in \[def5678\]/);
  });

  test('flaky: passed on a re-run of the same commit', () => {
    const list = [past({ pr: 12, flaky: true, recoveredSha: 'x' }), past({ pr: 15 }), past({ pr: 12, flaky: true })];
    assert.equal(
      historyLine(facts(list)),
      '🎲 Seen in 2 other PRs in 30 days (#12, #15); passed on re-run of the same commit twice: looks flaky.',
    );
  });

  test('fixed on the default branch: rebase', () => {
    const list = [past({ branch: 'main', pr: null, recoveredSha: 'def5678'.padEnd(40, '9') })];
    assert.equal(
      historyLine(facts(list)),
      `🩹 Failed the same way on \`main\` and was fixed in [def5678](https://github.com/acme/widgets/commit/${'def5678'.padEnd(40, '9')}): rebase or merge \`main\`.`,
    );
  });

  test('seen in other PRs; only this PR before', () => {
    assert.equal(
      historyLine(facts([past({ pr: 19 }), past({ pr: 12 }), past({ pr: 15 }), past({ pr: 12 })])),
      '👀 Seen in 3 other PRs in 30 days (#12, #15, #19).',
    );
    const mine = past({ pr: 3 });
    assert.equal(
      historyLine(facts([mine])),
      `🔂 Failed the same way on 1 earlier run of this PR (first at [${mine.sha.slice(0, 7)}](https://github.com/acme/widgets/commit/${mine.sha})).`,
    );
  });

  test('durations', () => {
    assert.equal(ago(10 * 60_000), 'under an hour');
    assert.equal(ago(5 * H), '5 hours');
    assert.equal(ago(50 * H), '2 days');
  });
});

describe('history key', () => {
  test('run-to-run values are masked, short quoted names are kept', () => {
    assert.equal(historyTemplate("No module named 'torchvision'"), "No module named 'torchvision'");
    assert.notEqual(
      historyTemplate("No module named 'torchvision'"),
      historyTemplate("No module named 'homeassistant'"),
    );
    assert.equal(
      historyTemplate("FileNotFoundError at /home/runner/work/a/b.py line 12: '/tmp/pytest-7/x.json' (0x7f3a)"),
      "FileNotFoundError at <path> line <n>: '<path>' (<hex>)",
    );
    assert.equal(historyTemplate("KeyError 'user_4821' in run 9f3c2a1b"), "KeyError 'user_<n>' in run <hex>");
    assert.equal(historyTemplate(`got '${'x'.repeat(100)}'`), "got '<*>'");
  });

  const f = (o: Partial<Failure>): Failure => ({
    language: 'python',
    errorType: '',
    errorMessage: '',
    code: '',
    frames: [],
    errorText: '',
    template: '',
    ...o,
  });

  test('a generic wrapper line is never a key', () => {
    assert.equal(
      historyKey([
        f({ errorMessage: 'Process completed with exit code 1.', template: 'Process completed with exit code <n>.' }),
      ]),
      null,
    );
    for (const line of [
      'Process completed with exit code 1',
      'make: *** [Makefile:12: test] Error 2',
      'error: could not compile `foo` due to 2 previous errors',
      'npm ERR! code ELIFECYCLE',
      'The operation was canceled.',
    ])
      assert.ok(isGenericLine(line), line);
    assert.ok(!isGenericLine("No module named 'torchvision'"));
  });

  test('the first specific failure keys by error type and template', () => {
    assert.deepEqual(
      historyKey([
        f({ errorMessage: 'Process completed with exit code 1' }),
        f({
          errorType: 'ModuleNotFoundError',
          errorMessage: "No module named 'torchvision'",
          template: "No module named '<*>'",
        }),
      ]),
      {
        key: "ModuleNotFoundError: No module named 'torchvision'",
        errorType: 'ModuleNotFoundError',
        template: "No module named '<*>'",
        message: "ModuleNotFoundError: No module named 'torchvision'",
      },
    );
  });
});
