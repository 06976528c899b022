import type { Frame } from '../types.js';
import type { Candidate } from './candidate.js';
import { V8_FRAME, v8Frame } from './v8-frame.js';

/**
 * What the runtimes put before an error line: `Uncaught` (browser consoles, the Node REPL), `Uncaught (in
 * promise)`, the console's source link (`main.js:34 Uncaught …`), Deno's `error: Uncaught`, Safari's
 * `Unhandled Promise Rejection:`, Next.js's server log mark (` ⨯ Error: …`), React Native's LogBox level in
 * Metro's terminal (` ERROR  Invariant Violation: …`). A line led so is JavaScript's even without frames.
 */
const LEAD = String.raw`(?:[^\s:]{1,200}:\d{1,7} )?(?:error: )?Uncaught (?:\(in promise\) )?|Unhandled (?:[Pp]romise )?[Rr]ejection:? |⨯ |ERROR {2}`;
const CONSOLE_LEAD = new RegExp(String.raw`^\s*(?:${LEAD})`);
/**
 * `Class: message`, Node's code in brackets after the class (`TypeError [ERR_INVALID_ARG_TYPE]: …`), or the
 * error's own name there when it differs from its class's (`Error [ZodError]: …`).
 */
const JS_ERROR = new RegExp(
  String.raw`^\s*(?:${LEAD})?((?:[A-Z]\w*)?(?:Error|Exception))(?: \[([A-Z_\d]+|[A-Z][a-z]\w{0,60})\])?: (.+)$`,
);
/**
 * An error whose own name Node shows and whose message starts with a line break, as Prisma's do:
 * `Error [PrismaClientKnownRequestError]: `, then `Invalid \`prisma.user.findUnique()\` invocation:` (with
 * the call's file and source excerpt, `→ 12 const u = await prisma.user.findUnique(`), then the message.
 */
const NAMED_MESSAGE_BELOW = new RegExp(
  String.raw`^\s*(?:${LEAD})?((?:[A-Z]\w*)?(?:Error|Exception)) \[([A-Z][a-z]\w{0,60}|[A-Z_\d]+)\]:$`,
);
const PRISMA_INVOCATION = /^Invalid `[^`\n]{1,200}` invocation(?: in)?:?$/;
/**
 * Angular's ErrorHandler logs `ERROR`, then the error; a runtime error's message opens with its code
 * (`ERROR RuntimeError: NG0201: No provider for HttpClient found …`; a production build's minified class
 * and message: `main.ts:15 ERROR T: NG0201`). The code is what people search by.
 */
const ANGULAR_RUNTIME = /^\s*(?:[^\s:]{1,200}:\d{1,7} )?(?:ERROR )?(?:[\w$]{1,60}: )?(NG0\d{3,4})(?:: (\S.{0,1000}))?$/;
const STRAY_WORD = /^\s*[a-z]\w{0,19} (?=(?:[A-Z]\w*)?(?:Error|Exception)\b)/;
const ANGULAR_CODE = /^(NG0\d{3,4})(?:: (\S.*)|\b)/;
/** clipanion's (Yarn Berry's) refusal of a command line: `Usage Error: The nearest package directory …`. */
const CLIPANION_USAGE = /^Usage Error: (\S.{0,2000})$/;
/** A message that opens a JSON dump (`ZodError`'s issues): `[` or `{` alone, the JSON on the lines below. */
const JSON_OPENS = /^[[{]$/;
/**
 * React's invariant errors (React Native's, React ≤ 15's): `error.name` is `Invariant Violation`, so the
 * console, Metro and React Native's LogBox print `Invariant Violation: …`, then the component stack
 * (`This error is located at:` and `in View (created by App)` lines), not frames.
 */
const INVARIANT = new RegExp(String.raw`^\s*(?:${LEAD})?Invariant Violation: (\S.{0,2000})$`);
const NOT_REGISTERED =
  /^(?:"\w{1,100}"|Module AppRegistry) (?:has not been registered|is not a registered callable module)\b/;
const JEST_HEADER = /^\s*● (?!\s)(.+ › .+|Test suite failed to run|[^A-Z\s].*)$/;
const CODE_FRAME = /^\s*(?:(>)\s*)?(\d+) \| ?(.*)$/;
const WEBPACK = /^ERROR in (\S+)/;
/**
 * esbuild's diagnostics (esbuild, Vite's dependency scan, Angular's application builder): `✘ [ERROR]
 * message [plugin name]`, with the compiler's code first where one reported it (`NG8001: …`, `TS2339: …`),
 * and the location on an indented line below (`    src/app/x.component.ts:9:6:`).
 */
const ESBUILD = /^\s*[✘X] \[ERROR\] (?:([A-Z]{2,4}\d{3,5}): )?(\S.{2,1000}?)(?: \[plugin [^\]]{1,80}\])?$/;
const ESBUILD_AT = /^\s+(\S{1,300}\.\w{1,6}):(\d{1,7}):\d{1,5}:$/;
/**
 * Wrangler reports a Cloudflare API error the same way, the API's own errors as notes below it, each with
 * its code: `✘ [ERROR] A request to the Cloudflare API (/memberships) failed.`, then `  Authentication
 * failed (status: 400) [code: 9106]`. The first code is the type.
 */
const API_CODE_NOTE = /^\s{2,8}\S.{0,1000} \[code: (\d{1,7})\]$/;
/** Mocha's spec reporter: `  1 failing`, then each failure numbered (`  1) Suite`), its error below. */
const MOCHA_FAILING = /^\s*\d{1,6} failing$/;
const MOCHA_ENTRY = /^\s*\d{1,6}\) \S/;
const VITEST_ARROW = /^\s*→ (\S.*)$/;
const VITEST_FAILED = /^\s*[×✗✕] \S/;
/** `next build`: the file's location on a line of its own, then `Type error: …` (tsc's message). */
const NEXT_LOCATION = /^\s*(\.{0,2}\/?\S{1,300}\.(?:tsx?|jsx?|mts|cts)):(\d{1,7}):\d{1,5}\s*$/;
/** `next build`: the page whose prerender failed, then the error (the export's own error after it is a consequence). */
const NEXT_PRERENDER = /^\s*Error occurred prerendering page "[^"]{1,300}"/;
const NEXT_TYPE_ERROR = /^\s*Type error: (\S.{2,1000})$/;
/**
 * webpack's (and Next.js's, CRA's) unresolved import, under `ERROR in` or `Failed to compile.` or alone:
 * `Module not found: Error: Can't resolve …` (its class: ModuleNotFoundError); Next.js prints it bare.
 */
const MODULE_NOT_FOUND = /^\s*Module not found: (?:Error: )?(Can't resolve .{1,500})$/;
/**
 * Vite's and its plugins' errors: `[vite]: Rollup failed to resolve import …`, `[plugin:vite:css] …`.
 * They are plain `Error`s whose message starts with the tag (a stack prints `Error: [vite]: …`): the
 * tag names the plugin, and stays in the message.
 */
const VITE =
  /^\s*(?:error during build:\s*)?(\[(?:vite|plugin:vite:[\w-]{1,40}|vite:[\w-]{1,40}|plugin [\w:-]{1,60})\]:? \S.{4,500})$/;
/** Playwright's list/line reporter: `  1) [chromium] › tests/login.spec.ts:3:5 › login › shows it ───`. */
const PLAYWRIGHT_HEADER = /^\s*\d{1,5}\) (?:\[[^\]\n]{1,80}\] › )?(\S{1,300}\.[cm]?[jt]sx?):(\d{1,7}):\d{1,5} › /;
/** tsc's code and message without the location, as ts-loader and fork-ts-checker print it under webpack's `ERROR in`. */
const TS_BARE = /^(TS\d{4,5}): (\S.{2,1000})$/;
/**
 * Deno's type check (`deno check`, `deno test`): `TS2339 [ERROR]: Property 'x' does not exist …` (Deno 1
 * puts `error: ` before it), the source line and its carets, then `    at file:///app/main.ts:41:14`.
 */
const DENO_TS = /^(?:error: )?(TS\d{4,5}) \[ERROR\]: (\S.{2,1000})$/;
const DENO_AT = /^\s*at (file:\/\/\/?\S{1,500}?|\S{1,500}?\.[cm]?[jt]sx?):(\d{1,7}):(\d{1,5})$/;
/**
 * tsc's diagnostic, `file.ts:2:15 - error TS2305: …` (pretty) or `file.ts(2,15): error TS2305: …`. Angular's
 * compiler reports through the same formatter with its own codes (`error NG8001`), for templates too
 * (`app.component.html:3:5`); Angular CLI's webpack builder puts `Error: ` before each, webpack 4 `ERROR in `.
 */
const TSC =
  /^(?:Error: |ERROR in )?(\S+\.(?:tsx?|mts|cts|vue|html))(?:\((\d+),(\d+)\)|:(\d+):(\d+)) ?[:-] ?error ((?:TS|NG)\d+): (.+)$/;
/**
 * ts-node up to v3 formatted its diagnostics itself: `src/server/index.ts (1,23): Cannot find module
 * 'http'. (2307)`, the code in parentheses after the message.
 */
const TS_NODE_OLD = /^(\S{1,300}\.(?:tsx?|mts|cts)) \((\d{1,7}),(\d{1,5})\): (\S.{1,1000}) \((\d{4,5})\)$/;
/**
 * ts-node's `TSError: ⨯ Unable to compile TypeScript:` wraps the diagnostics printed below it, up to its
 * frames: the first of them is the failure.
 */
const TS_NODE_WRAPPER = /^⨯ Unable to compile TypeScript:?$/;

/** Node.js stacks, Jest/Vitest failures (`●` blocks with code frames), and webpack `ERROR in` blocks. */
export function findJavaScriptFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  const used = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // What a test printed (Vitest's `stderr | file > test` block, Jest's `console.error` block) is no
    // failure, however much it looks like one: the runner reports a failed test in its own words.
    const printed = line.includes(' | ') || line.includes('console.') ? testOutputEnd(lines, i) : -1;
    if (printed > i) {
      for (let k = i + 1; k < printed; k++) out.push({ ...cand(null, '', [], [], '', k, 0), notAFailure: true });
      i = printed - 1;
      continue;
    }
    const ts = TSC.exec(line.trim());
    if (ts) {
      // tsc prints the source line with a gutter below the `file:line:col - error` form.
      const gutter = /^\s*\d+\s+(\S.*)$/.exec(lines[i + 2] ?? '') ?? /^\d+\s+(\S.*)$/.exec((lines[i + 1] ?? '').trim());
      out.push({
        ...cand(ts[6]!, ts[7]!.trim(), [], gutter ? [gutter[1]!] : [], line.trim(), i, 3),
        language: 'typescript',
        frames: [{ file: ts[1]!, line: Number(ts[2] ?? ts[4]), function: null, source: gutter?.[1] ?? null }],
      });
      continue;
    }
    const old = line.endsWith(')') ? TS_NODE_OLD.exec(line.trim()) : null;
    if (old) {
      out.push({
        ...cand(`TS${old[5]!}`, old[4]!.trim(), [], [], line.trim(), i, 3),
        language: 'typescript',
        frames: [{ file: old[1]!, line: Number(old[2]), function: null, source: null }],
      });
      continue;
    }
    const deno = line.includes(' [ERROR]: ') ? DENO_TS.exec(line.trim()) : null;
    if (deno) {
      out.push(readDenoDiagnostic(lines, i, deno[1]!, deno[2]!.trim()));
      continue;
    }
    const tsBare = line.includes('TS') ? TS_BARE.exec(line.trim()) : null;
    if (tsBare) {
      out.push({ ...cand(tsBare[1]!, tsBare[2]!.trim(), [], [], line.trim(), i, 2.5), language: 'typescript' });
      continue;
    }
    const pw = line.includes(' › ') ? PLAYWRIGHT_HEADER.exec(line) : null;
    const pwFailure = pw ? readPlaywrightBlock(lines, i, pw[1]!) : null;
    if (pwFailure) {
      out.push(pwFailure);
      continue;
    }
    const eb = line.includes('[ERROR] ') ? ESBUILD.exec(line) : null;
    if (eb) {
      let at: RegExpExecArray | null = null;
      for (let k = i + 1; k < Math.min(lines.length, i + 8) && !at; k++) at = ESBUILD_AT.exec(lines[k]!);
      let code: RegExpExecArray | null = null;
      for (let k = i + 1; k < Math.min(lines.length, i + 6) && !code && !eb[1]; k++)
        code = API_CODE_NOTE.exec(lines[k]!);
      const c = cand(eb[1] ?? code?.[1] ?? null, eb[2]!.trim(), [], [], line.trim(), i, 3);
      if (at) c.frames = [{ file: at[1]!, line: Number(at[2]), function: null, source: null }];
      if (/^(?:TS|NG)/.test(eb[1] ?? '') || /\.(?:[cm]?tsx?|html)$/.test(at?.[1] ?? '')) c.language = 'typescript';
      out.push(c);
      continue;
    }
    if (line.endsWith(' failing') && MOCHA_FAILING.test(line)) {
      const c = readMochaFailure(lines, i, used);
      if (c) out.push(c);
      continue;
    }
    const jest = JEST_HEADER.exec(line);
    if (jest && !/Jest has detected/.test(lines.slice(Math.max(0, i - 3), i).join(' '))) {
      const c = readJestBlock(lines, i);
      if (c) {
        out.push(c);
        for (let k = i; k <= i + 40 && k < lines.length; k++) used.add(k);
        continue;
      }
    }
    // vitest's verbose reporter: a `×` test line, then its error as an arrow line `→ expected 2 to be 3`.
    const arrow = VITEST_ARROW.exec(line);
    if (arrow && VITEST_FAILED.test(lines[i - 1] ?? '')) {
      const typed = JS_ERROR.exec(arrow[1]!);
      out.push(
        typed
          ? cand(typed[1]!, typed[3]!.trim(), [], [], arrow[1]!, i, 3)
          : cand(vitestClass(lines, i, arrow[1]!.trim()), arrow[1]!.trim(), [], [], arrow[1]!, i, 3),
      );
      continue;
    }
    if (line.includes('prerendering page') && NEXT_PRERENDER.test(line)) {
      const k = lines.slice(i + 1, i + 4).findIndex((l) => l.trim() !== '');
      const m = k >= 0 ? JS_ERROR.exec(lines[i + 1 + k]!) : null;
      if (m) {
        out.push(cand(m[1]!, m[3]!.trim(), [], [], lines[i + 1 + k]!.trim(), i + 1 + k, 3));
        used.add(i + 1 + k);
      }
      continue;
    }
    const nextType = line.includes('Type error: ') ? NEXT_TYPE_ERROR.exec(line) : null;
    const nextAt = nextType ? NEXT_LOCATION.exec(lines[i - 1] ?? '') : null;
    if (nextType && nextAt) {
      // The code frame under it: the row numbered as the location (its `>` may be gone with a quote's).
      let source: string | null = null;
      for (let k = i + 1; k < Math.min(lines.length, i + 10) && source === null; k++) {
        const f = CODE_FRAME.exec(lines[k]!);
        if (f && f[2] === nextAt[2]) source = f[3]!.trim();
      }
      out.push({
        ...cand('Type error', nextType[1]!.trim(), [], source ? [source] : [], line.trim(), i, 3),
        language: 'typescript',
        frames: [{ file: nextAt[1]!, line: Number(nextAt[2]), function: null, source }],
      });
      continue;
    }
    const missing = line.includes('Module not found: ') ? MODULE_NOT_FOUND.exec(line) : null;
    if (missing && !used.has(i)) {
      out.push(cand('ModuleNotFoundError', missing[1]!.trim(), [], [], line.trim(), i, 3));
      continue;
    }
    const vite = line.includes('[') ? VITE.exec(line) : null;
    if (vite) {
      out.push(cand('Error', vite[1]!.trim(), [], [], line.trim(), i, 3));
      continue;
    }
    const wp = WEBPACK.exec(line);
    if (wp) {
      // The message follows, sometimes twice: bare, then with its class.
      for (let k = i + 1; k < Math.min(lines.length, i + 6); k++) {
        const nf = MODULE_NOT_FOUND.exec(lines[k]!);
        if (nf) {
          out.push(cand('ModuleNotFoundError', nf[1]!.trim(), [], [], lines[k]!.trim(), i, 3));
          used.add(k);
          break;
        }
        const m = JS_ERROR.exec(lines[k]!);
        if (m) {
          out.push(cand(m[1]!, m[3]!.trim(), [], [], lines[k]!.trim(), i, 3));
          used.add(k);
          break;
        }
      }
      continue;
    }
    if (used.has(i)) continue;
    const angular = line.includes('NG0') ? ANGULAR_RUNTIME.exec(line) : null;
    if (angular) {
      const frames: Frame[] = [];
      for (let k = i + 1; k < Math.min(lines.length, i + 40); k++) {
        const f = v8Frame(lines[k]!);
        if (!f) break;
        frames.push(f);
      }
      out.push(
        angularTyped(cand(angular[1]!, (angular[2] ?? '').trim() || angular[1]!, frames, [], line.trim(), i, 3), true),
      );
      continue;
    }
    const usage = line.startsWith('Usage Error: ') ? CLIPANION_USAGE.exec(line) : null;
    if (usage) {
      out.push(cand('UsageError', usage[1]!.trim(), [], [], line.trim(), i, 2.5));
      continue;
    }
    const invariant = line.includes('Invariant Violation: ') ? INVARIANT.exec(line) : null;
    if (invariant) {
      // React Native's `"main" has not been registered` says why itself: a module failed to load (or
      // Metro runs from the wrong folder). The module's own error, printed beside it, is the failure.
      const consequence = NOT_REGISTERED.test(invariant[1]!);
      out.push(cand('Invariant Violation', invariant[1]!.trim(), [], [], line.trim(), i, consequence ? 1 : 3));
      continue;
    }
    // A stray word pasted before the error line (`return Error [ERR_HTTP_HEADERS_SENT]: …`) where its
    // frames follow at once.
    const found =
      JS_ERROR.exec(line) ?? (V8_FRAME.test(lines[i + 1] ?? '') ? JS_ERROR.exec(line.replace(STRAY_WORD, '')) : null);
    const m = found ? { cls: found[1]!, own: found[2], text: found[3]! } : withMessageBelow(lines, i);
    if (!m) continue;
    // The error's own name, where Node shows it beside its class's (`Error [ZodError]`); a plain Error of
    // Node's is known by its code (`Error [ERR_REQUIRE_ESM]`); another class keeps its name.
    let name = m.own && (/[a-z]/.test(m.own) || (m.cls === 'Error' && m.own.startsWith('ERR_'))) ? m.own : m.cls;
    let message = m.text.trim();
    // Angular's runtime errors are known by the code their message opens with (`Error: NG0203 (X).`).
    const ng = ANGULAR_CODE.exec(message);
    if (ng) [name, message] = [ng[1]!, ng[2] ?? message];
    if (TS_NODE_WRAPPER.test(message) && tsNodeDiagnosticBelow(lines, i)) continue;
    const frames: Frame[] = [];
    let k = i + 1;
    const json = JSON_OPENS.test(message) ? jsonMessage(lines, i + 1, message) : null;
    if (json) [message, k] = [json.message, json.next];
    for (; k < Math.min(lines.length, i + 60); k++) {
      const f = v8Frame(lines[k]!);
      if (!f) {
        // Node's "Require stack:" list sits between a module error and its frames, and a message of
        // several lines (ERR_REQUIRE_ESM's advice) goes on above them.
        if (
          frames.length === 0 &&
          (lines[k]!.trim() === '' ||
            /^Require stack:$|^- \S/.test(lines[k]!.trim()) ||
            (k - i <= 4 && !JS_ERROR.test(lines[k]!)))
        )
          continue;
        break;
      }
      frames.push(f);
    }
    // Browsers' frames name the page (`index.html:12:48`), a URL or an evaluated script (`VM123`).
    const atTop =
      frames.length > 0 &&
      frames.every((f) => /node:|\.m?[jt]sx?|\.cjs|<anonymous>|\.html?\b|^https?:|^VM\d/.test(f.file));
    if (!atTop) {
      // `Uncaught Error: Minified React error #130`: a console's line, JavaScript's without frames (a bare
      // `TypeError: …` line is left to the error-line finder, which gives it its language); so is a line
      // with Node's error code (`Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'x' …`) or Angular's.
      if (frames.length === 0 && (CONSOLE_LEAD.test(line) || m.own?.startsWith('ERR_') || ng))
        out.push(angularTyped(cand(name, message, [], [], line.trim(), i, 2), ng !== null));
      continue;
    }
    // Node prints the failing source line above the error: `file.js:12`, the code, a caret.
    const code: string[] = [];
    if (i >= 3 && /^\s*\^+\s*$/.test(lines[i - 2] ?? '') && /:\d+$/.test(lines[i - 4] ?? ''))
      code.push(lines[i - 3]!.trim());
    for (let u = i; u < k; u++) used.add(u);
    out.push(angularTyped(cand(name, message, frames, code, line.trim(), i, 3), ng !== null));
  }
  return out;
}

/**
 * Vitest's header over what a test wrote (`stderr | src/x.test.ts > suite > test`), to the blank line
 * that ends it; Jest's `console.error` (`console.log`, …) over its indented block.
 */
const VITEST_PRINTED = /^(?:stdout|stderr) \| \S.{0,500}$/;
const JEST_CONSOLE = /^(\s*)console\.(?:log|info|warn|error|debug|trace)$/;

/** The line after a block of test output headed at `i`, or -1 when no such block starts there. */
function testOutputEnd(lines: string[], i: number): number {
  const line = lines[i]!;
  if (VITEST_PRINTED.test(line)) {
    let k = i + 1;
    while (k < Math.min(lines.length, i + 500) && lines[k]!.trim() !== '') k++;
    return k;
  }
  const jest = JEST_CONSOLE.exec(line);
  if (!jest) return -1;
  const indent = jest[1]!.length;
  let k = i + 1;
  for (; k < Math.min(lines.length, i + 500); k++) {
    const l = lines[k]!;
    if (l.trim() !== '' && /^\s*/.exec(l)![0].length <= indent) break;
  }
  return k;
}

/** Whether one of tsc's diagnostics follows ts-node's wrapper before its frames (within 40 lines). */
function tsNodeDiagnosticBelow(lines: string[], i: number): boolean {
  for (let k = i + 1; k < Math.min(lines.length, i + 40); k++) {
    const t = lines[k]!.trim();
    if (V8_FRAME.test(t)) return false;
    if (TSC.test(t) || TS_NODE_OLD.test(t)) return true;
  }
  return false;
}

/**
 * The message of an error whose message is JSON (Zod prints its issues so): the first issue's
 * `"message"` where there is one, else the JSON on one line; `next` is the line after the JSON's close.
 */
function jsonMessage(lines: string[], from: number, open: string): { message: string; next: number } | null {
  const close = open === '[' ? ']' : '}';
  for (let k = from; k < Math.min(lines.length, from + 200); k++) {
    // The JSON's lines are indented to its close; an unindented line before it is not this JSON.
    if (lines[k]!.trimEnd() !== close) {
      if (/^\S/.test(lines[k]!)) return null;
      continue;
    }
    const body = lines.slice(from, k);
    const quoted = body.map((l) => /^\s*"message": "((?:[^"\\]|\\.){1,1000})",?$/.exec(l)).find(Boolean);
    const message = quoted
      ? quoted[1]!.replace(/\\(.)/g, '$1')
      : `${open}${body.map((l) => l.trim()).join(' ')}${close}`;
    return { message: message.slice(0, 2000), next: k + 1 };
  }
  return null;
}

/** Deno's diagnostic with the source line below it and the `at file:///…:line:col` that ends it. */
function readDenoDiagnostic(lines: string[], i: number, code: string, message: string): Candidate {
  const c: Candidate = { ...cand(code, message, [], [], lines[i]!.trim(), i, 3), language: 'typescript' };
  for (let k = i + 1; k < Math.min(lines.length, i + 6); k++) {
    const at = DENO_AT.exec(lines[k]!);
    if (!at) continue;
    const source = k - i >= 2 ? lines[i + 1]!.trim() : '';
    c.frames = [
      { file: at[1]!.replace(/^file:\/\//, ''), line: Number(at[2]), function: null, source: source || null },
    ];
    if (source) c.codeLines = [source];
    break;
  }
  return c;
}

/**
 * Mocha's first listed failure after `N failing`: the error under its numbered title (Chai's
 * `AssertionError: expected 201 to equal 422`), the diff Mocha prints below it skipped, then its `at`
 * frames. Mocha lists failures after the run, so what tests logged on the way comes before it: the
 * runner's own report is stronger than an error line a test printed.
 */
function readMochaFailure(lines: string[], start: number, used: Set<number>): Candidate | null {
  const entry = lines.slice(start + 1, start + 40).findIndex((l) => MOCHA_ENTRY.test(l));
  if (entry < 0) return null;
  const from = start + 1 + entry;
  for (let k = from + 1; k < Math.min(lines.length, from + 15); k++) {
    const m = JS_ERROR.exec(lines[k]!);
    if (!m) continue;
    const frames: Frame[] = [];
    let end = k;
    for (let j = k + 1; j < Math.min(lines.length, k + 60); j++) {
      const f = v8Frame(lines[j]!);
      if (!f) {
        if (frames.length) break;
        continue;
      }
      end = j;
      frames.push(f);
    }
    for (let u = k; u <= end; u++) used.add(u);
    const c = cand(m[1]!, m[3]!.trim(), frames, [], lines[k]!.trim(), k, 3.5);
    if (frames.some((f) => /\.[cm]?tsx?$/.test(f.file))) c.language = 'typescript';
    return c;
  }
  return null;
}

/**
 * The class of a vitest failure its arrow line gives without one: the `Failed Tests` section below
 * prints the same message with its class (`TypeError: Cannot read properties of undefined …`); an
 * expectation's message is an `AssertionError`'s.
 */
function vitestClass(lines: string[], from: number, message: string): string {
  for (let k = from + 1; k < Math.min(lines.length, from + 2000); k++) {
    if (!lines[k]!.endsWith(message)) continue;
    const m = JS_ERROR.exec(lines[k]!);
    if (m && m[3]!.trim() === message) return m[1]!;
  }
  return 'AssertionError';
}

/** A Playwright failure: its error line under the header, the code frame's `>` row and the spec's frame. */
function readPlaywrightBlock(lines: string[], start: number, spec: string): Candidate | null {
  let error: RegExpExecArray | null = null;
  let at = -1;
  for (let k = start + 1; k < Math.min(lines.length, start + 8) && !error; k++) {
    error = JS_ERROR.exec(lines[k]!);
    at = k;
  }
  if (!error) return null;
  let source: string | null = null;
  const frames: Frame[] = [];
  for (let k = at + 1; k < Math.min(lines.length, at + 40); k++) {
    const l = lines[k]!;
    if (/^\s*\d{1,5}\) /.test(l)) break;
    const cf = CODE_FRAME.exec(l);
    if (cf?.[1] && source === null) source = cf[3]!.trim();
    const f = v8Frame(l);
    if (f) frames.push(f);
  }
  const c = cand(error[1]!, error[3]!.trim(), frames, source ? [source] : [], lines[at]!.trim(), start, 3);
  return /\.[cm]?tsx?$/.test(spec) ? { ...c, language: 'typescript' } : c;
}

/** Playwright's errors start with the API call that failed: `locator.click: `, `page.evaluate: `. */
const PLAYWRIGHT_CALL =
  /^(?:page|locator|frame|frameLocator|browser|browserContext|context|request|elementHandle|keyboard|mouse)\.\w{2,40}: /;
/** A class alone with its colon, the message on the next lines (`StorybookTestRunnerError:`). */
const BARE_CLASS = /^((?:[A-Z]\w{0,80})?(?:Error|Exception)):$/;

function readJestBlock(lines: string[], start: number): Candidate | null {
  const msg: string[] = [];
  const code: string[] = [];
  const frames: Frame[] = [];
  let errorType: string | null = null;
  let lastWasCode = false;
  for (let k = start + 1; k < Math.min(lines.length, start + 80); k++) {
    const l = lines[k]!;
    if (JEST_HEADER.test(l)) break;
    const f = v8Frame(l);
    if (f) {
      frames.push(f);
      continue;
    }
    const cf = CODE_FRAME.exec(l);
    if (cf) {
      code.push(cf[3]!);
      lastWasCode = true;
      continue;
    }
    if (/^\s*\|\s*\^/.test(l) || l.trim() === '') {
      lastWasCode = false;
      continue;
    }
    // A code-frame line the console hard-wrapped: its rest has no gutter.
    if (lastWasCode && frames.length === 0) {
      code[code.length - 1] += l.trim();
      continue;
    }
    if (frames.length === 0 && code.length === 0) {
      // Playwright names the API call before the error (`page.evaluate: StorybookTestRunnerError:`).
      const t = l.trim().replace(PLAYWRIGHT_CALL, '');
      const e = JS_ERROR.exec(t);
      const bare: RegExpExecArray | null = !e && !errorType && msg.length === 0 ? BARE_CLASS.exec(t) : null;
      if (e && !errorType) {
        errorType = e[1]!;
        msg.push(e[3]!.trim());
      } else if (bare)
        errorType = bare[1]!; // its message is on the lines below
      else msg.push(t);
    }
  }
  if (msg.length === 0) return null;
  // "Jest encountered an unexpected token" is boilerplate; the parser's own error follows in "Details:".
  if (/^Jest encountered an unexpected token/.test(msg[0]!)) {
    for (let k = start + 1; k < Math.min(lines.length, start + 80); k++) {
      if (JEST_HEADER.test(lines[k]!)) break;
      const e = JS_ERROR.exec(lines[k]!);
      if (e) {
        errorType = e[1]!;
        msg.unshift(e[3]!.trim());
        break;
      }
      // Node's report of the file that failed to parse: `path:line`, the source line, a caret row.
      if (/^\s*\^+$/.test(lines[k]!) && (lines[k - 1] ?? '').trim()) code.unshift(lines[k - 1]!.trim());
    }
  }
  // ts-jest prints tsc's diagnostic as the message: `file.ts:2:15 - error TS2305: …`.
  const tsc = /(?:^|\s)error (TS\d{3,5}): ?(.+)$/.exec(msg[0]!);
  if (!errorType && tsc) {
    errorType = tsc[1]!;
    msg[0] = tsc[2]!.trim();
    // tsc's pretty output: `2 import { x } from './y';` above a `~~~` row.
    const at = msg.findIndex((m, k) => k > 0 && /^~+$/.test(msg[k + 1] ?? '') && /^\d+ \S/.test(m));
    if (at > 0) code.unshift(msg[at]!.replace(/^\d+ /, ''));
  }
  // SWC / oxc print a miette report (`x Unexpected token`) and name the kind below: "Caused by: Syntax Error".
  const miette = /^[x×] (\S.*)$/.exec(msg[0]!);
  if (!errorType && miette) {
    const block = lines.slice(start + 1, Math.min(lines.length, start + 80)).map((l) => l.trim());
    const cause = block.findIndex((l) => l === 'Caused by:');
    const kind = cause >= 0 ? (block[cause + 1] ?? '').replace(/\s+/g, '') : '';
    errorType = /^[A-Z]\w*Error$/.test(kind) ? kind : 'SyntaxError';
    msg[0] = miette[1]!;
  }
  if (!errorType) errorType = /^expect\(/.test(msg[0]!) ? 'JestAssertionError' : 'Error';
  // Jest's report of a failed test or suite: stronger than an error a test logged (`● Console` blocks).
  return cand(errorType, msg[0]!, frames, code, msg.slice(0, 6).join('\n'), start, 3.5);
}

function cand(
  errorType: string | null,
  errorMessage: string,
  frames: Frame[],
  codeLines: string[],
  errorText: string,
  line: number,
  strength: number,
): Candidate {
  // V8 prints `at` frames innermost first.
  return {
    language: 'javascript',
    errorType,
    errorMessage,
    frames,
    codeLines,
    errorText,
    line,
    strength,
    innermostFirst: true,
  };
}

/**
 * `NAMED_MESSAGE_BELOW`'s error: its class, its own name, and its message, the first line below that is
 * not Prisma's preamble (the invocation, its file, its source excerpt); null where there is none.
 */
function withMessageBelow(lines: string[], i: number): { cls: string; own: string; text: string } | null {
  const line = lines[i]!;
  if (!line.endsWith(']:')) return null;
  const named = NAMED_MESSAGE_BELOW.exec(line);
  if (!named) return null;
  let preamble = false;
  for (let k = i + 1; k < Math.min(lines.length, i + 30); k++) {
    const t = lines[k]!.trim();
    if (!t || V8_FRAME.test(lines[k]!)) {
      if (t) return null;
      continue;
    }
    if (PRISMA_INVOCATION.test(t)) {
      preamble = true;
      continue;
    }
    // The invocation's location and source excerpt: `/app/src/x.ts:12:37`, `  10 export …`, `→ 12 …`.
    if (preamble && (/^\S{1,300}:\d{1,7}:\d{1,5}$/.test(t) || /^(?:→\s*)?\d{1,6}(?:\s|$)/.test(t))) continue;
    return { cls: named[1]!, own: named[2]!, text: t };
  }
  return null;
}

/** Angular's errors are TypeScript's (its projects are written in it). */
function angularTyped(c: Candidate, angular: boolean): Candidate {
  if (angular) c.language = 'typescript';
  return c;
}
