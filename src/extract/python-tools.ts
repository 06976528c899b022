import { type Candidate, EXCEPTION_NAME } from './candidate.js';

/**
 * Python tools that print their failures in their own shapes (each from its documentation or source):
 * - Django's system checks: `shop.Order.customer: (fields.E300) Field defines a relation …` under
 *   `ERRORS:` (the check's id is the type people search by);
 * - cleo, the console library of Poetry: the exception's class alone on a line, its message below,
 *   then `at /path/file.py:241 in _solve`;
 * - conda: `ResolvePackageNotFound:` or `PackagesNotFoundError: The following packages are not
 *   available …:` with the packages listed under it (`  - python=3.6`), which are the message;
 * - uvicorn: `Error loading ASGI app. Could not import module "main".` (it logs, it raises nothing);
 * - coverage.py's and pytest-cov's `--fail-under` verdicts and diff-cover's `Failure. Coverage is below
 *   90%.` (failures with no class); pytest-benchmark's `Performance has regressed.`;
 * - doctest: an example whose output differs, `Expected:` and `Got:` blocks under the stdlib's `Failed
 *   example:` or pytest's `[doctest]` section, which ends `path.py:43: DocTestFailure` (the stdlib's
 *   class for it; the message is the two blocks). An example that raised is a traceback of its own.
 * - Alembic: its commands fail through `alembic.util.messaging.err`, which logs the message and prints
 *   `  FAILED: Can't locate revision identified by 'ae10'` (ninja's `FAILED: out/app.o` is one path).
 * - behave: a failed step's AssertionError as `Assertion Failed: expected 120, got 100` under the step
 *   (its model prints any other exception as a traceback).
 * - Robot Framework's console: a test's row ends `| FAIL |`, its message on the lines below up to the
 *   row of dashes; a suite's row (followed by the `N tests, …` line) is a summary of its tests.
 * - Cython: `Error compiling Cython file:`, the source between two rules with a caret under the column,
 *   then `path.pyx:61:41: Cannot assign type …` (no class; the caret's line is the code).
 * - PDM's `install --check` on a stale lock: `WARNING: Lockfile hash doesn't match pyproject.toml,
 *   packages may be outdated`, then `Please run \`pdm lock\``: it fails the step though worded as a warning.
 * - Qt (PyQt's, PySide's): `qt.qpa.plugin: Could not load the Qt platform plugin "xcb" in "" even though
 *   it was found.`, then `This application failed to start because no Qt platform plugin could be
 *   initialized.` before Qt aborts; the plugin's line is the message (no class). Python's where the text
 *   names PyQt, PySide or Python, else C++'s.
 * - pytest-xdist: `worker 'gw0' crashed while running 'tests/test_x.py::test_y'` when a test killed its
 *   worker process (a segfault in native code, `os._exit`); no class.
 */
const DJANGO_CHECK = /^(\S.{0,300}?): \(([a-z_][\w.]{0,80}\.[ECW]\d{3})\) (\S.{2,1000})$/;
const DJANGO_HEADING = /^(?:ERRORS|WARNINGS):$/;
const CLEO_CLASS = /^\s{0,4}([A-Z]\w{2,80}(?:Error|Exception))$/;
const CLEO_AT = /^\s{0,6}at \S{1,300}\.py:\d{1,7} in \w{1,120}$/;
const CONDA_LISTED = /^([A-Z]\w{2,80}(?:Error|NotFound|Exception)):\s?(.{0,300}?)\s*$/;
const LIST_ITEM = /^\s{1,8}- (\S.{0,200})$/;
const UVICORN = /^Error loading ASGI app\. (\S.{2,300})$/;
/** coverage.py's `--fail-under` and pytest-cov's: the run failed on coverage, no test did (no class). */
const COVERAGE_FAIL =
  /^(?:Coverage failure: total of [\d.]{1,6} is less than fail-under=[\d.]{1,6}|FAIL Required test coverage of [\d.]{1,6}% not reached\. Total coverage: [\d.]{1,6}%|Failure\. Coverage is below [\d.]{1,6}%\.)$/;
/** pytest-benchmark's `--benchmark-compare-fail` verdict (it raises PerformanceRegression, printing no class). */
const BENCHMARK_REGRESSED = /^(?:ERROR: )?Performance has regressed\.$/;
const ALEMBIC_FAILED = /^\s{0,2}FAILED: (\S{1,200} \S.{2,2000})$/;
const PDM_LOCK_STALE = /^(?:WARNING: )?(Lock ?file hash doesn't match pyproject\.toml, packages may be outdated)$/i;
const BEHAVE_ASSERTION = /^\s{2,12}Assertion Failed: (\S.{0,2000})$/;
/** behave's step line, with its location comment: `    Then the total is 120   # features/steps/calc.py:17 0.001s`. */
const BEHAVE_STEP = /^\s{2,12}(?:Given|When|Then|And|But|\*) \S.{0,500}# \S{1,300}:\d{1,7}(?: [\d.]{1,10}s)?$/;
const ROBOT_FAIL = /^(\S.{0,300}?)\s+\| FAIL \|$/;
const ROBOT_RULE = /^-{20,}$|^={20,}$/;
const ROBOT_TYPED = new RegExp(String.raw`^(${EXCEPTION_NAME}): (\S.*)$`);
const XDIST_CRASH = /^worker '(gw\d{1,4})' crashed while running '(\S.{0,500})'$/;
const DOCTEST_FAILED_EXAMPLE = /^Failed example:$/;
const DOCTEST_GOT = /^Got(?: nothing)?:?$/;
const DOCTEST_EXAMPLE = /^(?:\d{3,5} )?\s*>>> (\S.{0,500})$/;

function simple(
  errorType: string | null,
  errorMessage: string,
  errorText: string,
  line: number,
  strength: number,
): Candidate {
  return { language: 'python', errorType, errorMessage, frames: [], codeLines: [], errorText, line, strength };
}

export function findPythonToolFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  let checks = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.trim();
    if (DJANGO_HEADING.test(t)) {
      checks = t === 'ERRORS:';
      continue;
    }
    // A system check's line under `ERRORS:` (errors and critical ones; warnings have their own heading).
    const check = checks && t.includes(') ') ? DJANGO_CHECK.exec(t) : null;
    if (check) {
      out.push(simple(check[2]!, check[3]!.trim(), t, i, 3));
      checks = false;
      continue;
    }
    const cleo = CLEO_CLASS.exec(line);
    if (cleo) {
      const message = cleoMessage(lines, i + 1);
      if (message) out.push(simple(cleo[1]!, message, `${cleo[1]!}\n${message}`, i, 3));
      continue;
    }
    const conda = t.endsWith(':') ? CONDA_LISTED.exec(t) : null;
    if (conda) {
      const items = listedBelow(lines, i + 1);
      if (items.length) {
        const intro = conda[2]!.trim();
        out.push(simple(conda[1]!, `${intro ? `${intro} ` : ''}${items.join(', ')}`.trim(), t, i, 3));
      }
      continue;
    }
    if (line === 'Expected:') {
      const c = doctestFailure(lines, i);
      if (c) out.push(c);
      continue;
    }
    if (t.endsWith('Performance has regressed.') && BENCHMARK_REGRESSED.test(t)) {
      out.push(simple(null, 'Performance has regressed.', t, i, 2));
      continue;
    }
    if (
      (t.startsWith('Coverage failure') || t.startsWith('FAIL Required') || t.startsWith('Failure.')) &&
      COVERAGE_FAIL.test(t)
    ) {
      out.push(simple(null, t, t, i, 2));
      continue;
    }
    const alembic = line.includes('FAILED: ') ? ALEMBIC_FAILED.exec(line) : null;
    if (alembic && alembicAbove(lines, i)) {
      out.push(simple(null, alembic[1]!.trim(), t, i, 2.5));
      continue;
    }
    const asgi = t.startsWith('Error loading ASGI app. ') ? UVICORN.exec(t) : null;
    if (asgi) {
      out.push(simple(null, t, t, i, 2));
      continue;
    }
    const behave = line.includes('Assertion Failed: ') ? BEHAVE_ASSERTION.exec(line) : null;
    if (behave && BEHAVE_STEP.test(lines[i - 1] ?? '')) {
      const c = simple('AssertionError', behave[1]!.trim(), t, i, 3);
      c.codeLines = [lines[i - 1]!.replace(/#[^#]*$/, '').trim()];
      out.push(c);
      continue;
    }
    const robot = t.endsWith('| FAIL |') ? robotFailure(lines, i) : null;
    if (robot) {
      out.push(robot);
      continue;
    }
    if (t === 'Error compiling Cython file:') {
      const c = cythonError(lines, i);
      if (c) out.push(c);
      continue;
    }
    const pdm = t.includes('hash doesn') ? PDM_LOCK_STALE.exec(t) : null;
    if (pdm && lines.slice(i + 1, i + 4).some((l) => l.includes('pdm lock'))) {
      out.push(simple(null, pdm[1]!, t, i, 2));
      continue;
    }
    if (t.startsWith('This application failed to start because no Qt platform plugin')) {
      out.push(qtPlatformFailure(lines, i));
      continue;
    }
    const crash = t.startsWith('worker ') ? XDIST_CRASH.exec(t) : null;
    // The crash's cause, where printed (faulthandler's `Fatal Python error: Segmentation fault`), says more.
    if (crash) out.push(simple(null, t, t, i, 1));
  }
  return out;
}

/** Whether Alembic ran: its command or its loggers (`[alembic.runtime.migration]`) within 50 lines above. */
function alembicAbove(lines: string[], i: number): boolean {
  for (let k = i - 1; k >= Math.max(0, i - 50); k--) if (/\balembic\b/.test(lines[k]!)) return true;
  return false;
}

/** cleo's message: the lines after the class, to the blank line before its `at file.py:N in fn`. */
function cleoMessage(lines: string[], from: number): string | null {
  const msg: string[] = [];
  for (let k = from; k < Math.min(lines.length, from + 30); k++) {
    const t = lines[k]!.trim();
    if (CLEO_AT.test(lines[k]!)) return msg.length ? msg[0]! : null;
    if (t && msg.length < 6) msg.push(t);
  }
  return null;
}

/** The `  - item` lines under a line (after at most one blank), up to 12. */
function listedBelow(lines: string[], from: number): string[] {
  const items: string[] = [];
  let k = from;
  if ((lines[k] ?? '').trim() === '') k++;
  for (; k < Math.min(lines.length, from + 14); k++) {
    const m = LIST_ITEM.exec(lines[k]!);
    if (!m) break;
    items.push(m[1]!.trim());
  }
  return items;
}

/**
 * A doctest example's `Expected:` block and the `Got:` block after it (each indented below its heading),
 * under `Failed example:` (the stdlib) or in pytest's `[doctest]` section (the example as `043  >>> x`).
 */
function doctestFailure(lines: string[], at: number): Candidate | null {
  const block: string[] = ['Expected:'];
  let k = at + 1;
  for (; k < Math.min(lines.length, at + 60) && /^\s+\S/.test(lines[k]!); k++) block.push(lines[k]!.trimEnd());
  if (!DOCTEST_GOT.test(lines[k]?.trim() ?? '')) return null;
  block.push(lines[k]!.trim());
  for (k++; k < Math.min(lines.length, at + 120) && /^\s+\S/.test(lines[k]!); k++) block.push(lines[k]!.trimEnd());
  // The example: the `>>>` line above (pytest numbers the docstring's lines; the stdlib indents it).
  let example: string | null = null;
  for (let j = at - 1; j >= Math.max(0, at - 30) && example === null; j--) {
    const m = DOCTEST_EXAMPLE.exec(lines[j]!);
    if (m) example = m[1]!.trim();
    else if (DOCTEST_FAILED_EXAMPLE.test(lines[j]!.trim())) break;
  }
  if (example === null && !DOCTEST_FAILED_EXAMPLE.test(lines[at - 2]?.trim() ?? '')) return null;
  if (example === null) example = lines[at - 1]!.trim();
  const message = block.join('\n');
  return {
    language: 'python',
    errorType: 'DocTestFailure',
    errorMessage: message,
    frames: [],
    codeLines: [example],
    errorText: message,
    line: at,
    strength: 3,
  };
}

/**
 * Robot Framework's failed test: its row, its message below to the rule. A suite's row (the `N tests,
 * N passed, N failed` line below it) sums up its tests and is none.
 */
function robotFailure(lines: string[], i: number): Candidate | null {
  const row = ROBOT_FAIL.exec(lines[i]!.trim());
  if (!row) return null;
  const message: string[] = [];
  for (let k = i + 1; k < Math.min(lines.length, i + 20); k++) {
    const t = lines[k]!.trim();
    if (ROBOT_RULE.test(t)) break;
    if (/^\d{1,6} tests?, \d{1,6} passed, \d{1,6} failed/.test(t)) return null;
    if (t) message.push(t);
  }
  if (message.length === 0) return null;
  // A library's exception other than AssertionError keeps its class: `HTTPError: 500 Server Error: …`.
  const typed = ROBOT_TYPED.exec(message[0]!);
  const text = `${row[1]!.trim()} | FAIL |\n${message.join('\n')}`;
  return simple(typed?.[1] ?? null, typed ? typed[2]!.trim() : message[0]!, text, i, 2.5);
}

const CYTHON_LOCATED = /^(\S{1,500}\.(?:pyx|pxd|pxi)):(\d{1,7}):\d{1,5}: (\S.{0,2000})$/;

/** Cython's compile error under its heading at line `at`: the located message, the line over the caret. */
function cythonError(lines: string[], at: number): Candidate | null {
  let code: string | null = null;
  for (let k = at + 1; k < Math.min(lines.length, at + 40); k++) {
    const t = lines[k]!.trim();
    if (/^\^$/.test(t) && k > at + 1) code ??= lines[k - 1]!.trim();
    const m = CYTHON_LOCATED.exec(t);
    if (!m) continue;
    // cythonize (a setup.py's build) raises the compiler's class over it; the cython command prints none.
    const raised = lines.slice(k + 1, k + 80).some((l) => l.trim().startsWith('Cython.Compiler.Errors.CompileError: '));
    const c = simple(raised ? 'Cython.Compiler.Errors.CompileError' : null, m[3]!.trim(), t, k, 3);
    c.frames = [{ file: m[1]!, line: Number(m[2]), function: null, source: code }];
    if (code) c.codeLines = [code];
    return c;
  }
  return null;
}

/** Qt's abort for want of a platform plugin at line `i`; the `qt.qpa.plugin:` line above it says which. */
function qtPlatformFailure(lines: string[], i: number): Candidate {
  let message = lines[i]!.trim();
  for (let k = i - 1; k >= Math.max(0, i - 4); k--) {
    const m = /^qt\.qpa\.plugin: (\S.{0,500})$/.exec(lines[k]!.trim());
    if (m) {
      message = m[1]!.trim();
      break;
    }
  }
  const python = lines.some((l) => /\b(?:PyQt[56]?|PySide[26]?|[Pp]ython3?)\b/.test(l));
  return { ...simple(null, message, lines[i]!.trim(), i, 2.5), language: python ? 'python' : 'cpp' };
}
