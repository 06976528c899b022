/**
 * What a run says about itself in its summary lines: a test runner's or build tool's own verdict.
 * A run that reports success reports no failure, whatever error-looking lines it printed on the way
 * (tests of error paths, retries, warnings, a pip upgrade notice in an `##[error]` annotation).
 */
export type Verdict = 'failed' | 'passed' | 'unknown';

/** Summary lines that say the run (or one of its steps) failed. Counts of zero never match. */
const FAILED: RegExp[] = [
  // (not a fraction: `attempt 1/3 failed; retrying` is a retry's count)
  /(?<![\d./])\b[1-9]\d{0,6} (?:failed|failing|failures?|errors?)\b/, // pytest, jest, vitest, mocha, rspec, minitest
  /^=+ .{0,200}\b(?:failed|error)\b.{0,200} =+$/i, // pytest's final line with a failure count
  /^FAILED\b|^FAIL\b|^--- FAIL\b|^ERROR collecting\b/, // pytest short summary, go test, jest file header
  /\btest result: FAILED\b/, // cargo test
  /^BUILD FAIL(?:ED|URE)\b|\bBUILD FAILURE\b/, // Gradle, Maven
  /\bProcess completed with exit code [1-9]/, // GitHub Actions
  /^The job running on runner .{1,200} has exceeded the maximum execution time\b/, // Actions' job timeout
  /\bexit(?:ed)? (?:with )?(?:code|status) [1-9]/i,
  // Travis CI runs every script line and reports each, then the build's own exit.
  /^The command ".{1,1000}" (?:failed and )?exited with [1-9]|^Done\. Your build exited with [1-9]/,
  /^(?:npm ERR!|npm error) /, // npm
  /^make(?:\[\d+\])?: \*\*\* /, // make
  /\bFailed!\s+- Failed:\s+[1-9]/, // dotnet test
  /^Build FAILED\.?$/, // MSBuild
  /^panic: |^fatal error: /, // Go
  /^Exception in thread "/, // JVM
  /^Unhandled exception\. /, // .NET
  /^\[ {2}FAILED {2}\] /, // GoogleTest
  // A sanitizer's report fails the process whatever its tests said (ThreadSanitizer exits 66); Valgrind's
  // `ERROR SUMMARY: 1 errors` is a count of errors like the first pattern's.
  /^(?:==\d{1,10}==)?(?:ERROR|WARNING): \w{0,20}Sanitizer: /,
];

/**
 * rustc's and cargo's `error: …`, which a program under test may print too (a CLI's usage error): a
 * failure unless a test run's success summary follows it (a build that failed runs no tests). So is a
 * Python traceback (`TRACEBACK`).
 */
const SOFT_FAILED = /^error(?:\[E\d{4}\])?: /;

/**
 * An uncaught Python exception ends the process: a failure, unless a test run's success summary follows
 * it (pytest's, unittest's and Django's `OK`): a passing test's logged traceback (`-o log_cli=true`,
 * django.request's `Internal Server Error` of an error-path test) is no failure, and a failing test's
 * comes with `N failed` / `FAILED (failures=1)`.
 */
const TRACEBACK = /^Traceback \(most recent call last\)/;

/** Summary lines that say the whole run passed. */
const PASSED: RegExp[] = [
  /^=+ (?:\d+ (?:passed|skipped|deselected|xfailed|xpassed|warnings?)(?:, )?)+ in [\d.]+s(?: \([\d:]+\))? =+$/, // pytest
  /^BUILD SUCCESS(?:FUL)?\b/, // Maven, Gradle
  /^Tests?:\s+(?:\d+ (?:passed|skipped|todo|pending)(?:, )?)+,? \d+ total$/, // jest
  /^Tests\s+\d+ passed(?: \|\s*\d+ skipped)? \(\d+\)$/, // vitest
  /^\d+ passed \([\d.]+m?s\)$/, // playwright
  /^test result: ok\. \d+ passed; 0 failed/, // cargo test
  /^OK(?: \((?:skipped|expected failures)=\d+(?:, \w+=\d+)*\))?$/, // unittest
  /^\d+ examples?, 0 failures\b/, // rspec
  /^\d+ (?:runs|tests), \d+ assertions, 0 failures, 0 errors\b/, // minitest
  /^ok\s+\S+\s+[\d.]+s$|^PASS$/, // go test
  /^Passed!\s+- Failed:\s+0\b/, // dotnet test
  /^Build succeeded\.$/, // MSBuild
  /\boutcome: \d+ passed, 0 failed\b/,
  /^\[ {2}PASSED {2}\] \d+ tests?\.$/, // GoogleTest
  /^All tests passed \(\d+ assertions? in \d+ test cases?\)$/, // Catch2
];

/**
 * `passed` when a success summary is printed and no failure summary is; `failed` when a failure summary
 * is printed; `unknown` otherwise (an issue text, a log cut before its end).
 */
export function runVerdict(lines: string[], markers: readonly (string | null)[] = []): Verdict {
  if (actionsJobPassed(lines, markers)) return 'passed';
  let passed = false;
  let soft = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (line.length > 400) continue;
    if (FAILED.some((re) => re.test(line))) return 'failed';
    if (SOFT_FAILED.test(line) || TRACEBACK.test(line)) soft = true;
    // Once a pass is known, a summary only matters after a soft failure.
    else if ((!passed || soft) && PASSED.some((re) => re.test(line))) {
      passed = true;
      soft = false;
    }
  }
  if (soft) return 'failed';
  return passed ? 'passed' : 'unknown';
}

/**
 * The lines of the last test run that says it passed: from after the last failure summary before its
 * success summary, to that summary (`[from, to)`), or null. What such a run printed (the tracebacks its
 * passing tests logged) is no failure of its own.
 */
export function passedRunSpan(lines: string[]): [number, number] | null {
  let lastFailed = -1;
  let span: [number, number] | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line.length > 400) continue;
    if (FAILED.some((re) => re.test(line))) lastFailed = i;
    else if (PASSED.some((re) => re.test(line))) span = [lastFailed + 1, i];
  }
  return span;
}

/** The Actions runner's last line of every job, after the post-job steps. */
const JOB_END = /^Cleaning up orphan processes$/;

/**
 * A whole GitHub Actions job log (its runner's closing line is there) in which no step failed: the
 * runner marks every failed step with `##[error]` (`Process completed with exit code N.` for a `run:`
 * step, the action's own message for a `uses:` step), so a finished job without one passed, whatever
 * its steps printed (a linter run with `--exit-zero`, tests of error paths).
 */
function actionsJobPassed(lines: string[], markers: readonly (string | null)[]): boolean {
  return !markers.includes('error') && lines.slice(-50).some((l) => JOB_END.test(l.trim()));
}
