import { candidate, type Candidate } from './candidate.js';

const DIAGNOSTIC = /^error\[(E\d{4})\]: (.+)$/;
/** cargo-deny's findings: `error[vulnerability]: …`, `error[banned]: …`, `error[rejected]: …` (its check's kind). */
const DENY_FINDING = /^error\[([a-z][a-z-]{2,40})\]: (\S.{1,1000})$/;
/** Miri's report (after the test harness's `test x ... ` when under `cargo miri test`): the kind is the type. */
const MIRI_UB = /^(?:test \S{1,300} \.\.\. )?error: (Undefined Behavior|unsupported operation): (\S.{1,1000})$/;
const ARROW = /^\s*--> (.+?):(\d+):(\d+)\s*$/;
const GUTTER = /^\s*(\d+)\s*\|\s?(.*)$/;
// Rust ≥ 1.88 prints the thread id: `thread 'main' (35756) panicked at src/main.rs:3:5:`.
const PANIC_NEW = /^thread '([^']*)'(?: \(\d+\))? panicked at (\S+?):(\d+):(\d+):(?:\s*(\S.*))?$/;
/**
 * Rust's std aborting the process: `thread 'main' has overflowed its stack` then `fatal runtime error:
 * stack overflow` (an allocation failure, a panic in a panic: `fatal runtime error: …` alone).
 */
const RUST_ABORT =
  /^(?:thread '[^']{0,200}'(?: \(\d+\))? has (overflowed its stack)|fatal runtime error: (\S.{0,500}))$/;
/** cargo run/test's report of a binary a signal killed: `(signal: 11, SIGSEGV: invalid memory reference)`. */
const CARGO_SIGNAL =
  /^error: process didn't exit successfully: `[^`\n]{1,500}` \(signal: \d{1,3}, (SIG[A-Z]{2,10}): ([^)\n]{1,200})\)$/;
const PANIC_OLD = /^thread '([^']*)'(?: \(\d+\))? panicked at '(.*)', (\S+?):(\d+):(\d+)$/;
const PANIC_OLD_START = /^thread '[^']*'(?: \(\d+\))? panicked at '/;
/** A panic hook's own log line (log-panics, a logger's `[PANIC]` target): `… panicked at src/x.rs:10:5:`, the message below. */
const PANIC_LOGGED = /\bpanicked at (\S{1,300}?\.rs):(\d{1,7}):(\d{1,5}):?(?:\s(\S.{0,1000}))?$/;

/**
 * A lint denied into an error (`-D warnings`, `#![deny(…)]`): `error: unneeded \`return\` statement`, its
 * `-->` location, and a note naming the lint (`\`-D clippy::needless-return\` implied by \`-D warnings\``,
 * `\`#[deny(unused_variables)]\` on by default`, `#[allow(clippy::needless_return)]`): the lint is the type.
 */
const LINT_ERROR = /^error: (\S.{2,500})$/;
const LINT_NAMED = /`-D ([a-z][\w:-]{1,80})` implied by|#\[(?:deny|forbid|allow)\(([a-z][\w:]{1,80})\)\]/;

/** rustc's linker failure; the linker's own complaint is in the `= note:` lines under it. */
const LINK_FAILED = /^error: (linking with `[^`\n]{1,60}` failed): exit (?:status|code): ?-?\d+$/;
const LINKER_SAYS =
  /(?:^|\s)(?:\/\S*\/)?(?:ld|ld\.lld|lld|rust-lld|ld64\.lld|link\.exe)(?:\.\w+)?: (?:error: )?(\S.{2,500})$/;

/**
 * cargo-nextest's retries: a test that failed a try and passed a later one (`TRY 2 PASS [   0.498s]
 * my-crate tests::flaky`, and `FLAKY 2/3 …` in the summary) is flaky, not failed; the panic its failed
 * try printed (in `--- TRY 1 STDERR: … ---`) is not the run's failure.
 */
const NEXTEST_PASSED_RETRY = /^(?:TRY \d{1,3} PASS|FLAKY \d{1,3}\/\d{1,3}) \[[^\]]{0,40}\] (?:\S{1,200} )?(\S{1,500})$/;

/** Rust: `error[E…]` diagnostics with their source gutter, panics in both formats, and link failures. */
export function findRustFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  // Read only when a panic needs it.
  let retried: Set<string> | null = null;
  const flaky = { has: (test: string) => (retried ??= flakyTests(lines)).has(test) };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const link = line.startsWith('error: linking') ? LINK_FAILED.exec(line) : null;
    if (link) {
      let said = '';
      for (let k = i + 1; k < Math.min(lines.length, i + 40) && !said; k++) {
        const l = lines[k]!.trim();
        if (/^(?:error|warning)(?:\[|:)/.test(l)) break;
        const m = LINKER_SAYS.exec(l.replace(/^= note:\s*/, ''));
        if (m) said = m[1]!.replace(/: No such file or directory$/, '').trim();
      }
      out.push({
        language: 'rust',
        errorType: link[1]!,
        errorMessage: said || link[1]!,
        frames: [],
        codeLines: [],
        errorText: line,
        line: i,
        strength: 3,
      });
      continue;
    }
    const miri = line.includes('error: ') ? MIRI_UB.exec(line) : null;
    if (miri) {
      const at = ARROW.exec(lines[i + 1] ?? '');
      const frames = at ? [{ file: at[1]!, line: Number(at[2]), function: null, source: null }] : [];
      out.push(candidate('rust', miri[1]!, miri[2]!.trim(), line, i, 3, frames));
      continue;
    }
    const deny = line.startsWith('error[') ? DENY_FINDING.exec(line) : null;
    if (deny) {
      out.push(candidate('rust', deny[1]!, deny[2]!.trim(), line, i, 3));
      continue;
    }
    const d = DIAGNOSTIC.exec(line);
    if (d) {
      const code: string[] = [];
      let file = '';
      let ln: number | null = null;
      for (let k = i + 1; k < Math.min(lines.length, i + 30); k++) {
        const l = lines[k]!;
        const a = ARROW.exec(l);
        if (a) {
          file = a[1]!;
          ln = Number(a[2]);
          continue;
        }
        const g = GUTTER.exec(l);
        if (g) code.push(g[2]!);
        if (/^(error|warning)(\[|:)/.test(l.trim())) break;
      }
      out.push({
        language: 'rust',
        errorType: d[1]!,
        errorMessage: d[2]!.trim(),
        frames: file ? [{ file, line: ln, function: null, source: code[0] ?? null }] : [],
        codeLines: code,
        errorText: line,
        line: i,
        strength: 3,
      });
      continue;
    }
    const located = line.startsWith('error: ') && ARROW.test(lines[i + 1] ?? '');
    const lint = located ? deniedLint(lines, i) : null;
    if (lint) {
      out.push(lint);
      continue;
    }
    // An error without a code at a location: a macro's (sqlx's `query!`, a derive's), `compile_error!`'s.
    if (located) {
      out.push(uncodedError(lines, i));
      continue;
    }
    const fatal =
      line.includes('overflowed its stack') || line.startsWith('fatal runtime error: ') ? RUST_ABORT.exec(line) : null;
    if (fatal) {
      // std's abort (a stack overflow, an allocation failure, a panic while panicking); a stack overflow's
      // two lines make one failure (the same type and message).
      out.push(candidate('rust', 'fatal runtime error', fatal[2]?.trim() ?? 'stack overflow', line, i, 2.5));
      continue;
    }
    const signal = line.startsWith('error: process didn') ? CARGO_SIGNAL.exec(line) : null;
    if (signal) {
      out.push(candidate('rust', signal[1]!, signal[2]!.trim(), line, i, 2.5));
      continue;
    }
    const pn = PANIC_NEW.exec(line);
    if (pn && flaky.has(pn[1]!)) continue;
    // A Python extension's panic (PyO3's): the traceback below ends in `PanicException`, which is read there.
    if (pn && raisedInPython(lines, i)) continue;
    if (pn) {
      const msg = (pn[5] ?? '').trim() || (lines[i + 1] ?? '').trim();
      out.push(panic(msg, pn[2]!, pn[3]!, `${line}\n${pn[5] ? '' : msg}`.trim(), i));
      continue;
    }
    const logged = !line.startsWith('thread ') && line.includes('panicked at ') ? PANIC_LOGGED.exec(line) : null;
    if (logged) {
      out.push(panic((logged[4] ?? '').trim() || (lines[i + 1] ?? '').trim(), logged[1]!, logged[2]!, line, i));
      continue;
    }
    // The old format quotes the message first; a console may have wrapped it over several lines.
    let po = PANIC_OLD.exec(line);
    for (let k = 1; !po && k <= 3 && PANIC_OLD_START.test(line) && i + k < lines.length; k++)
      po = PANIC_OLD.exec(
        [line, ...lines.slice(i + 1, i + k + 1).map((l) => l.trim())].join(line.endsWith(' ') ? '' : ' '),
      );
    // A message of many lines (a build script's advice, blank lines in it): its first line, and the
    // location from the `', file.rs:N:M` line that closes the quote.
    if (!po && PANIC_OLD_START.test(line)) po = longOldPanic(lines, i);
    if (po && !flaky.has(po[1]!) && !raisedInPython(lines, i)) out.push(panic(po[2]!, po[3]!, po[4]!, line, i));
  }
  return out;
}

/** The tests cargo-nextest reports as passed on a retry (see `NEXTEST_PASSED_RETRY`). */
function flakyTests(lines: string[]): Set<string> {
  const names = new Set<string>();
  for (const l of lines) {
    const t = l.includes('TRY ') || l.includes('FLAKY ') ? NEXTEST_PASSED_RETRY.exec(l.trim()) : null;
    if (t) names.add(t[1]!);
  }
  return names;
}

/** A panic, in whichever format: its message and where it happened. */
function panic(errorMessage: string, file: string, line: string, errorText: string, i: number): Candidate {
  return candidate('rust', 'panic', errorMessage, errorText, i, 3, [
    { file, line: Number(line), function: null, source: null },
  ]);
}

/** rustc's `error: message` with its `-->` location and source gutter, and no code: the type is `error`. */
function uncodedError(lines: string[], i: number): Candidate {
  const at = ARROW.exec(lines[i + 1]!)!;
  const code: string[] = [];
  for (let k = i + 2; k < Math.min(lines.length, i + 30); k++) {
    const l = lines[k]!;
    if (/^(?:error|warning)(?:\[|:)/.test(l.trim())) break;
    const g = GUTTER.exec(l);
    if (g && g[2]!.trim()) code.push(g[2]!);
  }
  return {
    language: 'rust',
    errorType: 'error',
    errorMessage: lines[i]!.trim().slice('error: '.length).trim(),
    frames: [{ file: at[1]!, line: Number(at[2]), function: null, source: code[0] ?? null }],
    codeLines: code,
    errorText: lines[i]!.trim(),
    line: i,
    strength: 3,
  };
}

function deniedLint(lines: string[], i: number): Candidate | null {
  const m = LINT_ERROR.exec(lines[i]!.trim());
  const at = ARROW.exec(lines[i + 1]!);
  if (!m || !at) return null;
  const code: string[] = [];
  let name: string | null = null;
  for (let k = i + 2; k < Math.min(lines.length, i + 40) && !name; k++) {
    const l = lines[k]!;
    if (/^(?:error|warning)(?:\[|:)/.test(l.trim())) break;
    const n = LINT_NAMED.exec(l);
    if (n) name = (n[1] ?? n[2])!.replace(/-/g, '_');
    const g = code.length === 0 ? GUTTER.exec(l) : null;
    if (g && g[2]!.trim()) code.push(g[2]!);
  }
  if (!name) return null;
  return {
    language: 'rust',
    errorType: name,
    errorMessage: m[1]!.trim(),
    frames: [{ file: at[1]!, line: Number(at[2]), function: null, source: code[0] ?? null }],
    codeLines: code,
    errorText: lines[i]!.trim(),
    line: i,
    strength: 3,
  };
}

const PANIC_OLD_CLOSE = /^', (\S+?):(\d+):(\d+)$/;
function longOldPanic(lines: string[], i: number): RegExpExecArray | null {
  const first = /panicked at '(.*)$/.exec(lines[i]!.trim())![1]!.trim();
  let message = first;
  for (let k = i + 1; k < Math.min(lines.length, i + 60); k++) {
    const t = lines[k]!.trim();
    const close = PANIC_OLD_CLOSE.exec(t);
    if (close) {
      const m = [lines[i]!, '', message, close[1]!, close[2]!, close[3]!] as unknown as RegExpExecArray;
      return message ? m : null;
    }
    if (!message && t) message = t;
  }
  return null;
}

/** Whether a Python traceback below the panic at line `i` ends in PyO3's `PanicException`. */
function raisedInPython(lines: string[], i: number): boolean {
  for (let k = i + 1; k < Math.min(lines.length, i + 80); k++) {
    if (/^(?:pyo3_runtime\.)?PanicException: /.test(lines[k]!.trim())) return true;
  }
  return false;
}
