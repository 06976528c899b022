import { candidate, type Candidate } from './candidate.js';

/**
 * C++ test runners' failure reports, as each documents them:
 * - GoogleTest: a failed assertion is `path/to/test.cc:41: Failure` (`path(41): error: ` with MSVC), its
 *   message on the lines below (`Expected equality of these values:`, `Value of: …`), then `[  FAILED  ]
 *   Suite.Test (0 ms)`; an exception that escaped a test is `unknown file: Failure` / `C++ exception with
 *   description "…" thrown in the test body.` GoogleTest prints no class: the failure is its `Failure`.
 * - Catch2's console reporter: `path/test.cpp:45: FAILED:`, the assertion on the next line
 *   (`  REQUIRE( parse("1h30m") == 5400 )`), then `with expansion:` and the values.
 * - Meson's test harness (`meson test`): a line per test, `3/6 proj:unit / compaction  FAIL  0.52s  killed
 *   by signal 11 SIGSEGV` (or `exit status 1`; `TIMEOUT`, `ERROR`); a signal is the type, else the test
 *   failed (`test failure`, the test named in the message). Its summary repeats the lines: the first counts.
 * A GoogleTest or Catch2 line of that shape counts only inside the runner's output: a GoogleTest
 * `[ RUN      ]` before it or its `[  FAILED  ]` after it (or, in a paste cut to the failure, a C++ file's
 * `Failure` with one of GoogleTest's assertion messages below); Catch2's rule of dashes or its `test
 * cases:` summary.
 */
const GTEST_FAILURE = /^(?:unknown file|(\S.{0,300}?)(?::(\d{1,7})|\((\d{1,7})\))): (?:Failure|error: (\S.{0,1000}))$/;
const GTEST_RUN = /^\[ RUN {6}\] /;
const CPP_SOURCE = /\.(?:cc|cpp|cxx|c\+\+|c|h|hh|hpp)$/;
/** The first line of GoogleTest's assertion messages (gtest.cc's and gmock's wording). */
const GTEST_ASSERTION =
  /^(?:Expected equality of these values:|Value of: |Expected: |Expected \(|The difference between |Death test: |C\+\+ exception with description |Actual function call count |Mock function |Failed$|Expected (?:true|false|no exception|exception)|Actual: )/;
const GTEST_FAILED = /^\[ {2}FAILED {2}\] /;
const CATCH_FAILED = /^(\S.{0,300}?)(?::(\d{1,7})|\((\d{1,7})\)): FAILED:$/;
const CATCH_CONTEXT = /^-{40,}$|^test cases: {1,2}\d/;
const MESON_TEST =
  /^\d{1,6}\/\d{1,6} (\S.{0,300}?)\s+(FAIL|TIMEOUT|ERROR)\s+\d{1,7}(?:\.\d{1,3})?s(?:\s+(killed by signal \d{1,2} (SIG[A-Z]{2,8})|\S.{0,200}))?$/;

export function findCppTestFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  // Where each runner's own lines are, found once: a failure line asks only for the nearest ones.
  let gtest: Marks | null | undefined;
  let catch2: Marks | null | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const meson =
      line.includes(' FAIL ') || line.includes(' TIMEOUT ') || line.includes(' ERROR ')
        ? MESON_TEST.exec(line.trim())
        : null;
    if (meson) {
      const test = meson[1]!.trim();
      const detail = meson[3]?.trim();
      if (meson[4]) out.push(candidate('cpp', meson[4], meson[3]!, line.trim(), i, 3));
      else
        out.push(
          candidate('cpp', 'test failure', detail ? `${test}: ${detail}` : `${test} ${meson[2]}`, line.trim(), i, 2.5),
        );
      continue;
    }
    if (!line.includes('Failure') && !line.includes('error: ') && !line.includes('FAILED:')) continue;
    const g = GTEST_FAILURE.exec(line.trim());
    if (g && gtest === undefined) gtest = marks(lines, GTEST_RUN, GTEST_FAILED);
    // A paste cut to the failure itself still reads as GoogleTest's: a C++ file, an assertion's words below.
    const alone = g && !g[4] && g[1] && CPP_SOURCE.test(g[1]) && GTEST_ASSERTION.test(lines[i + 1]?.trim() ?? '');
    if (g && ((gtest && near(gtest, i, 200, 60)) || alone)) {
      const message = g[4] ?? nextNonBlank(lines, i + 1, (l) => !GTEST_FAILED.test(l.trim()));
      if (message === null) continue;
      out.push(located('Failure', message, line.trim(), i, g[1] ?? null, g[2] ?? g[3]));
      continue;
    }
    const c = CATCH_FAILED.exec(line.trim());
    if (c && catch2 === undefined) catch2 = marks(lines, CATCH_CONTEXT, CATCH_CONTEXT);
    if (c && catch2 && near(catch2, i, 30, 200)) {
      const assertion = nextNonBlank(lines, i + 1, () => true);
      if (assertion === null) continue;
      const found = located('FAILED', assertion, line.trim(), i, c[1]!, c[2] ?? c[3]);
      found.codeLines = [assertion];
      out.push(found);
    }
  }
  return out;
}

/** A runner's failure at `file:ln` (GoogleTest's `unknown file`, an exception outside any assertion: no frame). */
function located(type: string, message: string, text: string, i: number, file: string | null, ln?: string): Candidate {
  const frames = file ? [{ file, line: ln ? Number(ln) : null, function: null, source: null }] : [];
  return candidate('cpp', type, message, `${text}\n${message}`, i, 3, frames);
}

function nextNonBlank(lines: string[], from: number, ok: (line: string) => boolean): string | null {
  for (let k = from; k < Math.min(lines.length, from + 4); k++) {
    const t = lines[k]!.trim();
    if (!t) continue;
    return ok(lines[k]!) ? t : null;
  }
  return null;
}

/** The lines that open a runner's output (`before`) and close it (`after`), in order; null when there are none. */
interface Marks {
  before: number[];
  after: number[];
}

function marks(lines: string[], before: RegExp, after: RegExp): Marks | null {
  const m: Marks = { before: [], after: [] };
  lines.forEach((l, k) => {
    const t = l.trim();
    if (before.test(t)) m.before.push(k);
    if (after.test(t)) m.after.push(k);
  });
  return m.before.length || m.after.length ? m : null;
}

/** Whether an opening mark is within `back` lines before line `i`, or a closing one within `ahead` after it. */
function near(m: Marks, i: number, back: number, ahead: number): boolean {
  const prev = m.before[firstAtOrAfter(m.before, i) - 1];
  const next = m.after[firstAtOrAfter(m.after, i + 1)];
  return (prev !== undefined && i - prev <= back) || (next !== undefined && next - i <= ahead);
}

/** The index of the first element of sorted `xs` that is ≥ `x` (`xs.length` when none is). */
function firstAtOrAfter(xs: number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
