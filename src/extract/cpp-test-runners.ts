import type { Candidate } from './candidate.js';

/**
 * C++ test runners' failure reports, as each documents them:
 * - GoogleTest: a failed assertion is `path/to/test.cc:41: Failure` (`path(41): error: ` with MSVC), its
 *   message on the lines below (`Expected equality of these values:`, `Value of: …`), then `[  FAILED  ]
 *   Suite.Test (0 ms)`; an exception that escaped a test is `unknown file: Failure` / `C++ exception with
 *   description "…" thrown in the test body.` GoogleTest prints no class: the failure is its `Failure`.
 * - Catch2's console reporter: `path/test.cpp:45: FAILED:`, the assertion on the next line
 *   (`  REQUIRE( parse("1h30m") == 5400 )`), then `with expansion:` and the values.
 * A line of that shape counts only inside the runner's output: a GoogleTest `[ RUN      ]` before it or
 * its `[  FAILED  ]` after it; Catch2's rule of dashes or its `test cases:` summary.
 */
const GTEST_FAILURE = /^(?:unknown file|(\S.{0,300}?)(?::(\d{1,7})|\((\d{1,7})\))): (?:Failure|error: (\S.{0,1000}))$/;
const GTEST_RUN = /^\[ RUN {6}\] /;
const GTEST_FAILED = /^\[ {2}FAILED {2}\] /;
const CATCH_FAILED = /^(\S.{0,300}?)(?::(\d{1,7})|\((\d{1,7})\)): FAILED:$/;
const CATCH_CONTEXT = /^-{40,}$|^test cases: {1,2}\d/;

export function findCppTestFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes('Failure') && !line.includes('error: ') && !line.includes('FAILED:')) continue;
    const g = GTEST_FAILURE.exec(line.trim());
    if (g && inGtestOutput(lines, i)) {
      const message = g[4] ?? nextNonBlank(lines, i + 1, (l) => !GTEST_FAILED.test(l.trim()));
      if (message === null) continue;
      out.push(located('Failure', message, line.trim(), i, g[1] ?? null, g[2] ?? g[3]));
      continue;
    }
    const c = CATCH_FAILED.exec(line.trim());
    if (c && inCatchOutput(lines, i)) {
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
  return {
    language: 'cpp',
    errorType: type,
    errorMessage: message,
    frames: file ? [{ file, line: ln ? Number(ln) : null, function: null, source: null }] : [],
    codeLines: [],
    errorText: `${text}\n${message}`,
    line: i,
    strength: 3,
  };
}

function nextNonBlank(lines: string[], from: number, ok: (line: string) => boolean): string | null {
  for (let k = from; k < Math.min(lines.length, from + 4); k++) {
    const t = lines[k]!.trim();
    if (!t) continue;
    return ok(lines[k]!) ? t : null;
  }
  return null;
}

/** A GoogleTest `[ RUN      ]` within the 200 lines before, or its `[  FAILED  ]` within the 60 after. */
function inGtestOutput(lines: string[], i: number): boolean {
  for (let k = i - 1; k >= Math.max(0, i - 200); k--) if (GTEST_RUN.test(lines[k]!.trim())) return true;
  for (let k = i + 1; k < Math.min(lines.length, i + 60); k++) if (GTEST_FAILED.test(lines[k]!.trim())) return true;
  return false;
}

/** Catch2's rules of dashes around a test case's name, or its `test cases:` summary. */
function inCatchOutput(lines: string[], i: number): boolean {
  for (let k = i - 1; k >= Math.max(0, i - 30); k--) if (CATCH_CONTEXT.test(lines[k]!.trim())) return true;
  for (let k = i + 1; k < Math.min(lines.length, i + 200); k++) if (CATCH_CONTEXT.test(lines[k]!.trim())) return true;
  return false;
}
