import type { Frame } from '../types.js';
import { candidate, type Candidate } from './candidate.js';
import { v8Frame } from './v8-frame.js';

/**
 * JavaScript test runners whose reports are neither Jest's nor Mocha's, as each documents its output:
 * - node:test's TAP reporter (`node --test`, the default outside a TTY): `not ok 3 - splits evenly`, then
 *   a YAML block (`---` … `...`) with `error:` (the message; `|-` and indented lines when it has
 *   several), `name: 'AssertionError'`, `failureType:`, `location:` and `stack:`. A suite's own entry
 *   (`failureType: 'subtestsFailed'`, `error: '1 subtest failed'`) repeats its tests' failures.
 * - AVA: under a failed test's title, `Error thrown in test:` (or `Rejected promise returned by test.
 *   Reason:`) then the error as Node inspects it, `TypeError {` … `message: 'Invalid URL',` … `}`, and
 *   its frames as `› fn (file.js:57:17)`.
 * - Vitest's `⎯⎯ Unhandled Errors ⎯⎯` section: an error thrown outside any test (a timer after its test
 *   ended) fails the run even when every test passed. Each is headed `⎯⎯ Uncaught Exception ⎯⎯` (or
 *   `Unhandled Rejection`), then `TypeError: …`, its frames as `❯ fn src/x.tsx:88:40` and the code frame
 *   (`88|   const rect = …`). It is the runner's verdict, over errors tests logged to stderr.
 * - deno test: its `ERRORS` section, a test's name and where it is (`reads fixture => ./src/feed_test.ts:48:6`),
 *   then `error: NotFound: No such file or directory (os error 2): readfile './x.xml'` (Deno's own classes,
 *   such as `NotFound` and `PermissionDenied`, end in neither Error nor Exception).
 * - bun test: a failed matcher as `error: expect(received).toBe(expected)`, `Expected:` and `Received:`
 *   below it, the code frame above it (`7 |   expect(sub(3, 1)).toBe(1);`, a caret row), its frames as
 *   `at /path/x.test.ts:7:21`. Bun names no class for it.
 */
const TAP_NOT_OK = /^(\s*)not ok \d{1,6}(?: - (.{0,500}))?$/;
const YAML_KEY = /^(\s*)([a-z]\w{0,40}):(?: (.*))?$/i;
const AVA_THROWN =
  /^(?:Error thrown in test|Rejected promise returned by test\. Reason|Error thrown in (?:before|after)(?:Each)? hook):?$/;
const AVA_INSPECTED = /^([A-Z]\w{0,80}(?:Error|Exception)?) \{$/;
const AVA_TYPED = /^([A-Z]\w{0,80}(?:Error|Exception)): (\S.{0,1000})$/;
const AVA_MESSAGE = /^message: (['"`])(.{0,1000})\1,?$/;
const VITEST_UNHANDLED = /^⎯{2,} (?:Uncaught Exception|Unhandled Rejection|Unhandled Error) ⎯{2,}$/;
const VITEST_ERROR = /^((?:[A-Z]\w{0,80})?(?:Error|Exception)): (\S.{0,1000})$/;
const VITEST_FRAME = /^\s*❯ (?:(\S.{0,300}?) )?((?:file:\/\/)?\S{1,400}?):(\d{1,7}):\d{1,7}$/;
const VITEST_CODE = /^\s*(\d{1,7})\|(.*)$/;
const DENO_TEST_AT = /^\S.{0,300}? => (\.{0,2}\/\S{1,300}?):(\d{1,7}):\d{1,5}$/;
const DENO_ERROR = /^error: (?:Uncaught (?:\(in promise\) )?)?([A-Z]\w{1,60}): (\S.{0,1000})$/;
const BUN_EXPECT = /^error: (expect\(.{0,200}\)\.(?:not\.|resolves\.|rejects\.)?\w{2,60}\(.{0,200}\))$/;
const BUN_CODE = /^\s{0,4}\d{1,7} \| (.*)$/;
const AVA_FRAME = /^› (?:.{1,300} \()?((?:file:\/\/)?\S{1,400}?):(\d{1,7}):\d{1,7}\)?$/;

export function findJsTestRunnerFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const tap = line.includes('not ok') ? TAP_NOT_OK.exec(line) : null;
    if (tap) {
      const c = tapDiagnostic(lines, i, tap[1]!.length);
      if (c) out.push(c);
      continue;
    }
    if (line.startsWith('⎯') && VITEST_UNHANDLED.test(line.trim())) {
      const c = vitestUnhandled(lines, i);
      if (c) out.push(c);
      continue;
    }
    const deno = line.includes(' => ') ? DENO_TEST_AT.exec(line.trim()) : null;
    const denoError = deno ? DENO_ERROR.exec((lines[i + 1] ?? '').trim()) : null;
    if (deno && denoError) {
      const frames: Frame[] = [{ file: deno[1]!, line: Number(deno[2]), function: null, source: null }];
      out.push(
        candidate(
          'typescript',
          denoError[1]!,
          denoError[2]!.trim(),
          `${line.trim()}\n${lines[i + 1]!.trim()}`,
          i,
          3.5,
          frames,
        ),
      );
      continue;
    }
    const bun = line.startsWith('error: expect(') ? BUN_EXPECT.exec(line) : null;
    if (bun) {
      out.push(bunExpect(lines, i, bun[1]!));
      continue;
    }
    if (line.includes('Error thrown in') || line.includes('Rejected promise')) {
      const c = AVA_THROWN.test(line.trim()) ? avaError(lines, i) : null;
      if (c) out.push(c);
    }
  }
  return out;
}

/** bun test's failed matcher: the code row above its caret, `Expected:` / `Received:` below, its `at` frame. */
function bunExpect(lines: string[], at: number, matcher: string): Candidate {
  const code: string[] = [];
  if (/^\s*\^\s*$/.test(lines[at - 1] ?? '')) {
    const row = BUN_CODE.exec(lines[at - 2] ?? '');
    if (row) code.push(row[1]!.trim());
  }
  const frames: Frame[] = [];
  for (let k = at + 1; k < Math.min(lines.length, at + 30) && frames.length === 0; k++) {
    const f = v8Frame(lines[k]!);
    if (f) frames.push({ ...f, source: code[0] ?? null });
  }
  const ts = /\.[cm]?tsx?$/.test(frames[0]?.file ?? '');
  const c = candidate(
    ts ? 'typescript' : 'javascript',
    null,
    matcher,
    lines
      .slice(at, at + 5)
      .join('\n')
      .trim(),
    at,
    3,
    frames,
  );
  c.codeLines = code;
  return c;
}

/** The error under a Vitest `Uncaught Exception` heading, its `❯` frames (innermost first) and its code line. */
function vitestUnhandled(lines: string[], at: number): Candidate | null {
  let k = at + 1;
  while (k < lines.length && !lines[k]!.trim()) k++;
  const m = VITEST_ERROR.exec((lines[k] ?? '').trim());
  if (!m) return null;
  const frames: Frame[] = [];
  let code: string | null = null;
  for (let j = k + 1; j < Math.min(lines.length, k + 60); j++) {
    const f = VITEST_FRAME.exec(lines[j]!);
    if (f) {
      frames.push({ file: f[2]!, line: Number(f[3]), function: f[1] ?? null, source: null });
      continue;
    }
    const src = VITEST_CODE.exec(lines[j]!);
    if (src && frames.length === 1 && Number(src[1]) === frames[0]!.line) frames[0]!.source = code = src[2]!.trim();
    if (!src && !/^\s*\|/.test(lines[j]!) && frames.length) break;
  }
  const c = candidate('javascript', m[1]!, m[2]!.trim(), lines[k]!.trim(), k, 3.5, frames);
  c.innermostFirst = true;
  if (code) c.codeLines = [code];
  return c;
}

/** The YAML block under `not ok` (indented as deep as the line or deeper, `---` to `...`). */
function tapDiagnostic(lines: string[], at: number, indent: number): Candidate | null {
  if ((lines[at + 1] ?? '').trim() !== '---') return null;
  const fields = new Map<string, string[]>();
  let key = '';
  let keyIndent = -1;
  for (let k = at + 2; k < Math.min(lines.length, at + 200); k++) {
    const l = lines[k]!;
    if (l.trim() === '...') break;
    const m = YAML_KEY.exec(l);
    if (m && (keyIndent < 0 || m[1]!.length <= keyIndent) && m[1]!.length > indent) {
      key = m[2]!;
      keyIndent = m[1]!.length;
      fields.set(key, m[3] === undefined || /^[|>]-?$/.test(m[3].trim()) ? [] : [unquote(m[3])]);
    } else if (key && l.trim()) fields.get(key)!.push(l.trim());
  }
  if ((fields.get('failureType')?.[0] ?? '') === 'subtestsFailed') return null;
  const message = (fields.get('error') ?? fields.get('message'))?.[0] ?? '';
  // Node's assert errors are AssertionErrors, code ERR_ASSERTION (its reporter may print only the code).
  const type = fields.get('name')?.[0] ?? (fields.get('code')?.[0] === 'ERR_ASSERTION' ? 'AssertionError' : null);
  if (!message && !type) return null;
  const frames: Frame[] = [];
  const where = /^(?:file:\/\/)?(\S{1,400}?):(\d{1,7}):\d{1,7}$/.exec(fields.get('location')?.[0] ?? '');
  if (where) frames.push({ file: where[1]!, line: Number(where[2]), function: null, source: null });
  const errorText = [type ? `${type}: ${message}` : message, ...(fields.get('error') ?? []).slice(1)].join('\n');
  // The runner's verdict on a test, as Jest's and Mocha's reports.
  return candidate('javascript', type, message, errorText, at, 3.5, frames);
}

function unquote(s: string): string {
  const t = s.trim();
  const q = /^(['"])(.*)\1$/.exec(t);
  return q ? q[2]! : t;
}

/** AVA's rendering of the error a test threw: its class and message, and the frames below it. */
function avaError(lines: string[], at: number): Candidate | null {
  let k = at + 1;
  while (k < lines.length && !lines[k]!.trim()) k++;
  const head = (lines[k] ?? '').trim();
  let type: string;
  let message = '';
  const typed = AVA_TYPED.exec(head);
  const inspected = typed ? null : AVA_INSPECTED.exec(head);
  if (typed) {
    type = typed[1]!;
    message = typed[2]!.trim();
  } else if (inspected) {
    type = inspected[1]!;
    for (let j = k + 1; j < Math.min(lines.length, k + 30) && lines[j]!.trim() !== '}'; j++) {
      const m = AVA_MESSAGE.exec(lines[j]!.trim());
      if (m) message = m[2]!;
    }
  } else return null;
  const frames: Frame[] = [];
  for (let j = k + 1; j < Math.min(lines.length, k + 40) && frames.length < 10; j++) {
    const f = AVA_FRAME.exec(lines[j]!.trim());
    if (f && !f[1]!.startsWith('node:')) frames.push({ file: f[1]!, line: Number(f[2]), function: null, source: null });
  }
  // V8 prints `at` frames innermost first.
  return {
    ...candidate('javascript', type, message, message ? `${type}: ${message}` : head, k, 3.5, frames),
    innermostFirst: true,
  };
}
