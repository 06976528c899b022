import type { Frame } from '../types.js';
import { ERROR_NAME as EXCEPTION_NAME } from '../text/error-name.js';
import { candidate, type Candidate } from './candidate.js';

const TRACEBACK_HEAD = /^(.{0,40}?)Traceback \(most recent call last\):?\s*$/;
const FRAME = /^(\s*)File "([^"\n]{1,500})", line (\d+)(?:, in (.{1,200}))?\s*$/;
const CARET = /^\s*[~^][\s~^]*$/;
const EXCEPTION_LINE = new RegExp(
  String.raw`^(${EXCEPTION_NAME}|[A-Z]\w*Error|StopIteration|KeyboardInterrupt|SystemExit|GeneratorExit)(?::\s?(.*))?$`,
);
/**
 * After a traceback's frames, an unindented `module.name: message` line ends it, whatever the class is
 * called (`socket.timeout`, `select.error`), and so does a bare class in CamelCase with a message
 * (`NoReverseMatch: Reverse for 'about' not found.`: Python 2 printed every class unqualified). Python
 * puts a space after the colon: `ledgerd.worker:worker.py:98 …` is a logger's record, not an exception.
 */
const LOOSE_EXCEPTION_LINE = /^([A-Z_][\w.]{0,200})(?::(?:\s(.*))?)?$/i;
const CAMEL_CLASS = /^[A-Z][a-z\d]{1,40}(?:[A-Z][a-z\d]{0,40}){1,8}$/;
function looseException(line: string): RegExpExecArray | null {
  const m = LOOSE_EXCEPTION_LINE.exec(line);
  // `http.https://github.com/.extraheader` (actions/checkout's cleanup) is a URL, not `module.name: message`.
  if (!m || m[2]?.startsWith('//')) return null;
  return /\.[A-Z_]\w*$/i.test(m[1]!) || (CAMEL_CLASS.test(m[1]!) && m[2]?.trim()) ? m : null;
}
/** A heading drawn between rules: `~~~~ Stack of MainThread (1403) ~~~~`, `++++ Timeout ++++`. */
const RULED_HEADING = /^([~+=_*#-])\1{2,} \S.{0,200} \1{3,}$/;
/**
 * Exceptions that report another exception printed beside them: a notebook runner's (nbclient's,
 * nbconvert's, papermill's) quotes the cell's own traceback; gunicorn's arbiter raises `HaltServer`
 * ('Worker failed to boot.', 'App failed to load.') after a worker logged why it could not start.
 */
const WRAPPER_EXCEPTION = /(?:^|\.)(?:CellExecutionError|PapermillExecutionError|HaltServer)$/;
/** The line between two tracebacks of a chain (IPython prints it between its own, too). */
export const CHAIN =
  /^(During handling of the above exception, another exception occurred:|The above exception was the direct cause of the following exception:)\s*$/;
const PYTEST_E = /^E(?:\s|$)/;
const PYTEST_LOCATION = /^(\S[^\s:]*):(\d+):\s(?:in\s(\S.*)|(\S.*))$/;
const PYTEST_SECTION = /^_{3,}\s.*\s_{3,}$|^={3,}\s.*\s={3,}$|^-{3,}\s.*\s-{3,}$/;
const PIP_FAILED_WHEEL = /^\s*(?:ERROR: )?Failed building wheel for \S/;
/** pytest's short summary line: `FAILED path::test - Error: message`. */
const PYTEST_SUMMARY = new RegExp(String.raw`^(?:FAILED|ERROR) \S+ - (${EXCEPTION_NAME}): ?(.*)$`);
const PYTEST_REPR = /^\s*\w+\s*=\s*<.*>\s*$/;

/** Finds Python failures: tracebacks (chained, SyntaxError carets, 3.11+ `^^^` lines), pytest and pip errors. */
export function findPythonFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  const used = new Set<number>();
  // 1. Plain tracebacks (also a `File "…", line N` block without its header, as people paste them).
  for (let i = 0; i < lines.length; i++) {
    if (used.has(i)) continue;
    const head = TRACEBACK_HEAD.exec(lines[i]!);
    const bare = !head && FRAME.test(lines[i]!) && !(i > 0 && FRAME.test(lines[i - 1] ?? ''));
    if (!head && !bare) continue;
    // The traceback's own indentation: its header's, or two less than its first frame's (pip and
    // other tools indent a subprocess's output; the exception line sits at that indentation).
    const indent = head
      ? /^\s*$/.test(head[1]!)
        ? head[1]!.length
        : 0
      : Math.max(0, /^\s*/.exec(lines[i]!)![0].length - 2);
    const tb = readTraceback(lines, head ? i + 1 : i, indent, !head);
    if (!tb) continue;
    for (let k = i; k <= tb.end; k++) used.add(k);
    // Frames printed after their exception, as Sentry's raw stack trace and some loggers print them:
    // the exception line just above the headless frames is theirs.
    const above = bare && tb.candidate.errorType === null ? exceptionAbove(lines, i) : null;
    if (above) {
      const text = lines[above.line]!.trim();
      out.push({ ...tb.candidate, ...above, errorText: text, strength: 3 });
    } else {
      // A wrapper's cause, printed beside it, is the failure; the wrapper is when none is.
      const wrapper = WRAPPER_EXCEPTION.test(tb.candidate.errorType ?? '');
      out.push({ ...tb.candidate, line: i, ...(wrapper ? { strength: 2 } : {}) });
    }
    i = tb.end;
  }
  // 2. pytest `E   ` blocks (long, short and native styles; collection and setup errors).
  for (let i = 0; i < lines.length; i++) {
    if (used.has(i) || !PYTEST_E.test(lines[i]!)) continue;
    let j = i;
    while (j + 1 < lines.length && PYTEST_E.test(lines[j + 1]!)) j++;
    const c = readPytestBlock(lines, i, j);
    // A chained exception (pytest prints each in the chain with its own `E` lines, "During handling of
    // the above exception…" between them): the one the chain ends with is the failure.
    if (c && chainedBelow(lines, j)) c.strength -= 0.5;
    if (c) out.push(c);
    i = j;
  }
  // 2b. A fixture pytest could not set up, reported in words under its section: `ERROR at setup of
  // test_x` then `ScopeMismatch: You tried to access the function scoped fixture …` (no `E` lines).
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i]!.includes(' ERROR at setup of ') || !PYTEST_SETUP_SECTION.test(lines[i]!.trim())) continue;
    const k = nextNonBlank(lines, i + 1);
    const m = k >= 0 && !used.has(k) ? PYTEST_SETUP_ERROR.exec(lines[k]!.trim()) : null;
    if (m) out.push(candidate('python', m[1]!, m[2]!.trim(), lines[k]!.trim(), k, 3));
  }
  // 3. pip / build-backend failures.
  let subprocessBlock = false;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (/^error: subprocess-exited-with-error\b/.test(t)) {
      subprocessBlock = true;
      let msg = '';
      for (let k = i + 1; k < Math.min(lines.length, i + 8); k++) {
        const m = /^\s*×\s+(\S.*)$/.exec(lines[k]!);
        if (m) {
          msg = m[1]!;
          break;
        }
      }
      const failed = lines.slice(i).find((l) => /^\s*ERROR: Failed building wheel for /.test(l));
      if (failed) msg = failed.trim().replace(/^ERROR:\s*/, '');
      out.push(simple('subprocess-exited-with-error', msg || t, lines[i]!, i, 2));
    }
  }
  // pip before 22 (`ERROR: Command errored out with exit status 1:`), or its output pasted in part: the
  // failed wheel alone names the failure, under the name pip ≥ 22 gives it.
  if (!subprocessBlock) {
    const i = lines.findIndex((l) => PIP_FAILED_WHEEL.test(l));
    if (i >= 0) {
      const msg = lines[i]!.trim().replace(/^ERROR:\s*/, '');
      out.push(simple('subprocess-exited-with-error', msg, lines[i]!, i, 2));
    }
  }
  // 4. pytest's short summary lines, when nothing better named the failure.
  if (out.length === 0) {
    for (let i = 0; i < lines.length; i++) {
      const m = PYTEST_SUMMARY.exec(lines[i]!);
      if (m) out.push(simple(m[1]!, m[2]!, lines[i]!, i, 1));
    }
  }
  return out;
}

/** Whether a chaining line follows the `E` block ending at `j`, before the next `E` block or section. */
function chainedBelow(lines: string[], j: number): boolean {
  for (let k = j + 1; k < Math.min(lines.length, j + 40); k++) {
    const l = lines[k]!;
    if (PYTEST_E.test(l) || /^_{3,} .* _{3,}$/.test(l.trim())) return false;
    if (CHAIN.test(l.trim())) return true;
  }
  return false;
}

function simple(errorType: string, errorMessage: string, errorText: string, line: number, strength: number): Candidate {
  return { language: 'python', errorType, errorMessage, frames: [], codeLines: [], errorText, line, strength };
}

/**
 * Reads frames until the exception line, the first line at the traceback's `indent` that names one (a
 * line indented less ends the traceback: what follows is not its output); follows chained tracebacks.
 */
function readTraceback(
  lines: string[],
  start: number,
  indent: number,
  headless = false,
): { candidate: Omit<Candidate, 'line'>; end: number } | null {
  const frames: Frame[] = [];
  const codeLines: string[] = [];
  const errorLines: string[] = [];
  let errorType: string | null = null;
  let errorMessage = '';
  let i = start;
  let lastFrame: Frame | null = null;
  const limit = Math.min(lines.length, start + 2000);
  for (; i < limit; i++) {
    const line = lines[i]!;
    const f = FRAME.exec(line);
    if (f) {
      lastFrame = { file: f[2]!, line: Number(f[3]), function: f[4]?.trim() ?? null, source: null };
      frames.push(lastFrame);
      continue;
    }
    if (CARET.test(line) || line.trim() === '') {
      if (line.trim() === '' && errorType) break;
      continue;
    }
    // pytest's `E   ` prefix, only when it is one: `EOFError` and `ExceptionGroup` keep their `E`.
    const pytestE = /^E\s/.test(line);
    const lead = pytestE ? 0 : /^\s*/.exec(line)![0].length;
    const bare = pytestE ? line.replace(/^E\s{1,8}/, '') : line.slice(lead);
    const ex =
      lead <= indent || pytestE ? (EXCEPTION_LINE.exec(bare) ?? (frames.length ? looseException(bare) : null)) : null;
    if (!ex && lead < indent) break;
    // A stack printed without its header and exception (pytest-timeout's thread dumps, `~~~ Stack of
    // MainThread ~~~`, up to `+++ Timeout +++`) ends at a ruled heading: no traceback prints one.
    if (!ex && headless && RULED_HEADING.test(line.trim())) break;
    if (ex) {
      errorType = ex[1]!;
      errorMessage = (ex[2] ?? '').trim();
      errorLines.push(bare.trim());
      // A chained traceback follows: keep reading, the last exception is the one that propagated.
      const next = chainAfter(lines, i);
      if (next >= 0) {
        const after = nextNonBlank(lines, next + 1);
        if (after >= 0 && TRACEBACK_HEAD.test(lines[after]!)) {
          i = after;
          continue;
        }
      }
      break;
    }
    if (lastFrame && lastFrame.source === null && /^\s+\S/.test(line)) {
      lastFrame.source = line.trim();
      codeLines.push(line.trim());
    } else if (/^\s{2,}\S/.test(line) && lastFrame) {
      // A wrapped or multi-line source line.
      continue;
    } else if (frames.length === 0 && i - start > 3) {
      return null;
    }
  }
  if (!errorType) {
    if (frames.length === 0) return null;
    // Pasted without the final line (a truncated report): keep the code, say nothing about the type.
    return {
      candidate: {
        language: 'python',
        errorType: null,
        errorMessage: '',
        frames,
        codeLines,
        errorText: '',
        strength: 1,
      },
      end: i - 1,
    };
  }
  return {
    candidate: {
      language: 'python',
      errorType,
      errorMessage,
      frames,
      codeLines,
      errorText: errorLines.join('\n'),
      strength: 3,
    },
    end: i,
  };
}

const PYTEST_SETUP_SECTION = /^_{3,} ERROR at setup of \S.{0,300} _{3,}$/;
/** pytest's own setup errors name their class in CamelCase (`ScopeMismatch`, `FixtureLookupError`). */
const PYTEST_SETUP_ERROR = /^([A-Z][a-z\d]{1,40}(?:[A-Z][a-z\d]{0,40}){1,6}): (\S.{0,2000})$/;

/**
 * The chain line (`During handling of the above exception…`) that follows the exception on line `i`, or
 * -1: after a blank line, once the exception's message has ended. A message may run over several lines
 * (psycopg's `no pq wrapper available.` lists its attempts below it); a frame or another traceback
 * before the chain line means it is not this exception's.
 */
function chainAfter(lines: string[], i: number): number {
  for (let k = i + 1; k < Math.min(lines.length, i + 40); k++) {
    const t = lines[k]!.trim();
    if (t === '') continue;
    if (CHAIN.test(t)) return lines[k - 1]!.trim() === '' || k === i + 1 ? k : -1;
    if (TRACEBACK_HEAD.test(lines[k]!) || FRAME.test(lines[k]!)) return -1;
  }
  return -1;
}

function nextNonBlank(lines: string[], from: number): number {
  for (let i = from; i < Math.min(lines.length, from + 4); i++) if (lines[i]!.trim() !== '') return i;
  return -1;
}

/**
 * An `E` line's exception. pytest's own outcome, `Failed` (pytest.fail(), pytest-timeout's `Failed:
 * Timeout (>120.0s) from pytest-timeout.`), is a class too, and so is any class its module qualifies
 * (`hypothesis.errors.FailedHealthCheck: …`); `--tb=short` prints no `path:N: Failed` line below.
 */
const PYTEST_TYPED = new RegExp(
  String.raw`^(${EXCEPTION_NAME}|[A-Z]\w*Error|Failed|(?:[a-z_]\w{0,60}\.){1,8}[A-Z]\w{0,80})(?::\s?(.*))?$`,
);

/** A pytest `E` block: the message lines, the test's code above them, the `path:N: Type` line below. */
function readPytestBlock(lines: string[], first: number, last: number): Candidate | null {
  const eLines = lines
    .slice(first, last + 1)
    .map((l) => l.replace(/^E\s?/, '').trim())
    .filter(Boolean);
  if (eLines.length === 0) return null;
  let errorType: string | null = null;
  let errorMessage = eLines[0]!;
  let typed = PYTEST_TYPED.exec(eLines[0]!);
  // A whole traceback inside `E` lines (collection errors): its last exception line is the error.
  if (!typed && eLines.some((l) => /^File "|^Traceback \(most recent call last\)/.test(l))) {
    for (let k = eLines.length - 1; k > 0 && !typed; k--) typed = PYTEST_TYPED.exec(eLines[k]!);
  }
  if (typed) {
    errorType = typed[1]!;
    errorMessage = (typed[2] ?? '').trim();
  } else if (/^fixture '.+' not found$/.test(eLines[0]!)) {
    errorType = 'fixture not found';
  }
  // Below the block: `path/to/test.py:42: AssertionError`.
  for (let k = last + 1; k < Math.min(lines.length, last + 4); k++) {
    const loc = PYTEST_LOCATION.exec(lines[k]!);
    if (loc?.[4] && !errorType) {
      errorType = loc[4].trim();
      // `E   Failed: DID NOT RAISE …` above `test.py:12: Failed`: the type is not part of the message.
      if (errorMessage.startsWith(`${errorType}: `)) errorMessage = errorMessage.slice(errorType.length + 2);
    }
    if (loc) break;
  }
  if (!errorType && /^assert\b/.test(errorMessage)) errorType = 'AssertionError';
  if (!errorType) return null;

  // Above the block: the test's source lines back to the section header, frames at `path:N: in f` lines.
  const frames: Frame[] = [];
  const codeLines: string[] = [];
  let k = first - 1;
  while (k >= 0 && first - k < 400) {
    const l = lines[k]!;
    if (PYTEST_SECTION.test(l.trim()) || /^(Traceback:|Hint: )/.test(l.trim())) break;
    if (PYTEST_E.test(l)) break;
    k--;
  }
  for (let m = k + 1; m < first; m++) {
    const l = lines[m]!;
    const loc = PYTEST_LOCATION.exec(l);
    if (loc) {
      frames.push({ file: loc[1]!, line: Number(loc[2]), function: loc[3]?.trim() ?? null, source: null });
      continue;
    }
    const fr = FRAME.exec(l);
    if (fr) {
      frames.push({ file: fr[2]!, line: Number(fr[3]), function: fr[4] ?? null, source: null });
      continue;
    }
    if (PYTEST_REPR.test(l) || CARET.test(l) || l.trim() === '') continue;
    const src = l.replace(/^>/, ' ').trimEnd();
    if (src.trim() === '' || /^\s*\.\.\.\s*$/.test(src)) continue;
    codeLines.push(src);
    const lastFrame = frames[frames.length - 1];
    if (lastFrame && lastFrame.source === null) lastFrame.source = src.trim();
  }
  return {
    language: 'python',
    errorType,
    errorMessage,
    frames,
    codeLines: dedent(codeLines),
    errorText: eLines.slice(0, 6).join('\n'),
    line: first,
    strength: 3,
  };
}

function dedent(lines: string[]): string[] {
  const indents = lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length);
  const min = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(min));
}

/** The exception line (`KeyError: 'x'`) right above line `i` (blank lines between), at column 0. */
function exceptionAbove(lines: string[], i: number): { errorType: string; errorMessage: string; line: number } | null {
  let k = i - 1;
  while (k >= 0 && lines[k]!.trim() === '') k--;
  if (k < 0 || i - k > 2 || /^\s/.test(lines[k]!)) return null;
  const ex = EXCEPTION_LINE.exec(lines[k]!);
  return ex ? { errorType: ex[1]!, errorMessage: (ex[2] ?? '').trim(), line: k } : null;
}
