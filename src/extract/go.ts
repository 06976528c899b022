import type { Frame } from '../types.js';
import { candidate, type Candidate } from './candidate.js';

const PANIC = /^panic: ?(\S.*)$/;
/**
 * net/http recovers a handler's panic and logs it with the goroutine's stack (server.go: `http: panic
 * serving %v: %v\n%s`), behind the log package's date and time (and whatever the program printed on
 * that line before it, with no newline: `got here 1.2020/02/13 19:41:05 http: panic serving …`).
 */
const HTTP_PANIC =
  /(?:^|\s|\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})? )http: panic serving \S{1,200}: (\S.{0,2000})$/;
/**
 * Gin's Recovery middleware: `[Recovery] 2023/07/30 - 02:44:34 panic recovered:`, in debug mode the request
 * as `httputil.DumpRequest` writes it (its line, its headers, a blank line), the panic's value, then the
 * stack as `file.go:99 (0x8bf7d5)` lines, each followed by its function and source when gin could read
 * them. In release mode no request is printed: the value follows the head at once.
 */
const GIN_RECOVERY = /\[Recovery\] .{0,60}panic recovered:$/;
const GIN_FRAME = /^(\S{1,300}\.(?:go|s)):(\d{1,7}) \(0x[\da-f]{1,16}\)$/;
const HTTP_REQUEST_LINE = /^[A-Z]{3,7} \S{1,2000} HTTP\/\d(?:\.\d)?$/;
/**
 * `go test`'s `--- FAIL: TestX (0.00s)`, gotestsum's summary `=== FAIL: pkg/path TestX (0.00s)`, and
 * gotestfmt's `❌ TestX (0s)` (in a collapsed group on GitHub Actions).
 */
const FAIL_TEST = /^\s*(?:--- FAIL: |=== FAIL: \S{1,300} |❌ (?=(?:Test|Example|Benchmark|Fuzz)\w*[\s/]))(\S+)/;
/** slog's records at DEBUG, INFO or WARN: `time=… level=WARN msg="…"`, `{"time":…,"level":"INFO",…}`. */
const QUIET_RECORD = /(?:^|\s)level=(?:DEBUG|INFO|WARN)\b|"level":\s?"(?:DEBUG|INFO|WARN)"/i;
const TEST_MSG = /^\s+(\S+\.go):(\d+):\s?(.*)$/;
const PKG_HEADER = /^# (\S+)$/;
/**
 * Ginkgo v2's report of a failed spec: `[FAILED] Timed out after 10.001s.` (or `[PANICKED]`, `[TIMEDOUT]`),
 * the matcher's message below it, then `In [It] at: /path/x_test.go:121 @ 03/14/26 10:22:54.615`. The
 * timeline's `[FAILED] in [It] - file:line` marks only where it happened.
 */
const GINKGO_FAILED = /^\s*\[(?:FAILED|PANICKED|TIMEDOUT)\] (?!in \[)(\S.{0,1000})$/;
const GINKGO_AT = /^\s*In \[\w{1,40}\] at: (\S{1,300}\.go):(\d{1,7})\b/;
const COMPILE = /^(\S+\.go):(\d+)(?::(\d+))?: (.+)$/;
/** The go command's own diagnostics name a column (`go test`'s messages do not): `main.go:4:2: …`. */
const LOCATED = /^(?:go: )?(\S{1,300}\.go):(\d{1,7}):(\d{1,5}): (\S.{2,1000})$/;
/**
 * sqlc reports what it could not generate much as the go command reports a package: `# package db`, then
 * `query.sql:27:8: column "delivered_on" does not exist`, the database's message about a query.
 */
const SQLC = /^(\S{1,300}\.sql):(\d{1,7}):\d{1,5}: (\S.{2,1000})$/;

/** Go: `panic:` with goroutine frames, `--- FAIL` test messages, and compiler errors under `# package`. */
export function findGoFailures(input: string[]): Candidate[] {
  const out: Candidate[] = [];
  const lines = unflatten(input);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const ginkgo = line.includes('] ') ? GINKGO_FAILED.exec(line) : null;
    if (ginkgo) {
      const c = readGinkgoFailure(lines, i, ginkgo[1]!.trim());
      if (c) {
        out.push(c);
        continue;
      }
    }
    const p =
      (/^panic:/.test(line.trimStart()) ? PANIC.exec(line.trim()) : null) ??
      (line.includes('http: panic serving ') ? HTTP_PANIC.exec(line.trim()) : null);
    if (p) {
      const frames: Frame[] = [];
      for (let k = i + 1; k < Math.min(lines.length, i + 200); k++) {
        const fn = lines[k]!;
        const loc = /^\s+(\S+\.go):(\d+)/.exec(lines[k + 1] ?? '');
        if (/^\S[^\n\r(\u2028\u2029]*\(.*\)$/.test(fn) && loc) {
          frames.push({
            file: loc[1]!,
            line: Number(loc[2]),
            function: fn.slice(0, fn.lastIndexOf('(')),
            source: null,
          });
          k++;
        } else if (/^exit status \d+|^FAIL\b/.test(fn)) break;
      }
      out.push({
        language: 'go',
        errorType: 'panic',
        innermostFirst: true,
        errorMessage: p[1]!.replace(/ \[recovered\]$/, '').trim(),
        frames,
        codeLines: [],
        errorText: line.trim(),
        line: i,
        strength: 3,
      });
      continue;
    }
    const gin = line.includes('[Recovery] ') && GIN_RECOVERY.test(line) ? ginRecovery(lines, i) : null;
    if (gin) {
      out.push(gin);
      continue;
    }
    const f = FAIL_TEST.exec(line);
    if (f) {
      const msg = testMessage(lines, i, f[1]!);
      if (msg) {
        out.push({
          language: 'go',
          errorType: 'test failure',
          errorMessage: msg.message,
          frames: [{ file: msg.file, line: msg.line, function: f[1]!, source: null }],
          codeLines: [],
          errorText: [line.trim(), msg.text].join('\n'),
          line: i,
          strength: 2,
        });
      }
      continue;
    }
    const located = line.includes('.go:') ? LOCATED.exec(line.trim()) : null;
    if (located && !PKG_HEADER.test(lines[i - 1] ?? '')) {
      // Without the `# pkg` header (a module error, a pasted line), weaker than a build's own report.
      out.push(compileError(located, 'build failed', line, i, 2.5));
      continue;
    }
    const sqlc = line.startsWith('# package ') ? SQLC.exec((lines[i + 1] ?? '').trim()) : null;
    if (sqlc) {
      const frame = { file: sqlc[1]!, line: Number(sqlc[2]), function: null, source: null };
      out.push(candidate('sql', null, sqlc[3]!.trim(), lines[i + 1]!.trim(), i + 1, 3, [frame]));
      continue;
    }
    if (PKG_HEADER.test(line)) {
      const c = COMPILE.exec(lines[i + 1] ?? '');
      if (c) {
        // `FAIL <pkg> [setup failed]` (go test) names the verdict; `go build` prints none.
        const pkg = PKG_HEADER.exec(line)![1]!;
        const verdict = lines
          .map((l) => /^FAIL\s+(\S+) \[(setup failed|build failed)\]$/.exec(l.trim()))
          .find((v) => v?.[1] === pkg);
        out.push(compileError(c, verdict?.[2] ?? 'build failed', lines[i + 1]!, i + 1, 3));
      }
    }
  }
  const fatal = fatalLogLine(lines);
  if (fatal) out.push(fatal);
  return out;
}

/**
 * The log package's line (`2026/03/23 13:18:30 msg`, with `Lshortfile`'s `main.go:42: ` too) and what
 * ends a process: `go run`'s `exit status 1`, the runner's exit code, make's error, or the text's end.
 */
const GO_LOG = /^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})? (?:(\S{1,300}\.go):(\d{1,7}): )?(\S.{0,2000})$/;
const PROCESS_END =
  /^(?:exit status [1-9]\d{0,2}|Process completed with exit code [1-9]\d{0,2}\.?|make: \*\*\* .{1,300} Error \d{1,3})$/;
const FAILURE_WORDS =
  /\b(?:fail(?:ed|ure)?|error|cannot|can't|unable|invalid|not found|no such|refused|denied|fatal|missing)\b/i;

/**
 * `log.Fatal`'s message: the last line the log package printed before the process ended, where it
 * words a failure (`migrate up: migration failed: …`, its message's own lines below it). No class: the
 * program chose its words. Weak: a panic, a test's failure or a typed error says more.
 */
function fatalLogLine(lines: string[]): Candidate | null {
  let last = -1;
  let m: RegExpExecArray | null = null;
  for (let i = lines.length - 1; i >= 0 && !m; i--) {
    m = lines[i]!.startsWith('20') ? GO_LOG.exec(lines[i]!) : null;
    if (m) last = i;
  }
  if (!m) return null;
  let ended = true;
  for (let k = last + 1; k < lines.length; k++) {
    if (PROCESS_END.test(lines[k]!.trim())) break;
    if (k - last > 30) {
      ended = false;
      break;
    }
  }
  if (!ended || !FAILURE_WORDS.test(m[3]!)) return null;
  const frames: Frame[] = m[1] ? [{ file: m[1], line: Number(m[2]), function: null, source: null }] : [];
  return candidate('go', null, m[3]!.trim(), lines[last]!.trim(), last, 2, frames);
}

/** A diagnostic at `file:line[:col]: message` (`COMPILE`, `LOCATED`: file, line, column, message). */
function compileError(m: RegExpExecArray, errorType: string, text: string, at: number, strength: number): Candidate {
  return {
    language: 'go',
    errorType,
    errorMessage: m[4]!.trim(),
    frames: [{ file: m[1]!, line: Number(m[2]), function: null, source: null }],
    codeLines: [],
    errorText: text.trim(),
    line: at,
    strength,
  };
}

/**
 * The message of a failed test. `go test -v` prints a test's `file_test.go:N: msg` lines BEFORE its
 * `--- FAIL` line (after `=== RUN`); without `-v` they follow it, indented. Both are read, earliest first.
 */
function testMessage(
  lines: string[],
  failAt: number,
  name: string,
): { message: string; file: string; line: number; text: string } | null {
  let from = failAt + 1;
  for (let k = failAt - 1; k >= Math.max(0, failAt - 300); k--) {
    const t = lines[k]!.trim();
    if (t === `=== RUN   ${name}` || t === `=== CONT  ${name}` || (/^=== RUN\s/.test(t) && t.endsWith(` ${name}`))) {
      from = k + 1;
      break;
    }
    if (/^--- (?:FAIL|PASS|SKIP): /.test(t)) break;
  }
  const range =
    from <= failAt ? [...rangeOf(from, failAt), ...rangeOf(failAt + 1, failAt + 12)] : rangeOf(failAt + 1, failAt + 12);
  let logged: { message: string; file: string; line: number; text: string } | null = null;
  for (const k of range) {
    const m = TEST_MSG.exec(lines[k] ?? '');
    if (!m) continue;
    let message = m[3]!.trim();
    // A log record the test routed through t.Log (slog's text or JSON handler) below the error level is
    // what the code logged on the way, not what failed the test.
    if (QUIET_RECORD.test(message)) {
      logged ??= { message, file: m[1]!, line: Number(m[2]), text: lines[k]!.trim() };
      continue;
    }
    // testify: `file_test.go:12:` then "Error Trace:", "Error: Not equal:" … lines.
    if (!message || /^Error Trace:/.test(message)) {
      const err = lines
        .slice(k, k + 12)
        .map((l) => /^\s+Error:\s+(\S.*)$/.exec(l))
        .find(Boolean);
      if (err) message = err[1]!.trim();
    }
    return { message, file: m[1]!, line: Number(m[2]), text: lines[k]!.trim() };
  }
  return logged;
}

function rangeOf(from: number, to: number): number[] {
  const out: number[] = [];
  for (let k = from; k < to; k++) out.push(k);
  return out;
}

/**
 * A `go test -v` transcript pasted into one line ("=== RUN   T --- FAIL: T (0.00s)     x_test.go:8: msg")
 * is split back into its lines.
 */
function unflatten(lines: string[]): string[] {
  if (!lines.some(flattened)) return lines;
  const out: string[] = [];
  for (const l of lines) {
    if (!flattened(l)) {
      out.push(l);
      continue;
    }
    const parts = l.split(/\s(?=--- FAIL: |=== RUN )| {2}(?=[\w./-]{1,200}_test\.go:\d+: )/).filter((p) => p.trim());
    for (const p of parts) out.push(/_test\.go:\d+: /.test(p) ? `    ${p.trim()}` : p.trim());
  }
  return out;
}

/** Whether a line holds a test marker after some other text (plain `indexOf`: no pattern scans the line). */
function flattened(line: string): boolean {
  const t = line.trimStart();
  const fail = t.indexOf('--- FAIL: ');
  const run = t.indexOf('=== RUN ');
  return fail > 0 || run > 0;
}

/** A Ginkgo failure with the `In [It] at:` line that ends its report (within 60 lines); null without one. */
function readGinkgoFailure(lines: string[], i: number, message: string): Candidate | null {
  for (let k = i + 1; k < Math.min(lines.length, i + 60); k++) {
    const at = GINKGO_AT.exec(lines[k]!);
    if (!at) continue;
    const text = lines
      .slice(i, Math.min(k, i + 6))
      .map((l) => l.trim())
      .join('\n');
    return candidate('go', 'test failure', message, text, i, 3, [
      { file: at[1]!, line: Number(at[2]), function: null, source: null },
    ]);
  }
  return null;
}

/** The panic gin's Recovery logged at line `i` (`GIN_RECOVERY`): its value after the request, its frames. */
function ginRecovery(lines: string[], i: number): Candidate | null {
  let k = i + 1;
  // The request (debug mode): its first line and headers, up to the blank line that ends them.
  if (HTTP_REQUEST_LINE.test((lines[k] ?? '').trim())) {
    while (k < Math.min(lines.length, i + 60) && lines[k]!.trim() !== '') k++;
    while (k < lines.length && lines[k]!.trim() === '') k++;
  }
  const value = (lines[k] ?? '').trim();
  if (!value || GIN_FRAME.test(value)) return null;
  const frames: Frame[] = [];
  for (let f = k + 1; f < Math.min(lines.length, k + 200); f++) {
    const at = GIN_FRAME.exec(lines[f]!.trim());
    if (at) frames.push({ file: at[1]!, line: Number(at[2]), function: null, source: null });
    else if (!/^\s/.test(lines[f]!)) break;
  }
  return { ...candidate('go', 'panic', value, lines[i]!.trim(), i, 3, frames), innermostFirst: true };
}
