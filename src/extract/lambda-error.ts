import type { Frame } from '../types.js';
import type { Candidate } from './candidate.js';
import { languageOfTyped } from './error-class-language.js';
import { languageOfMessage } from './message-language.js';
import { languageOfPath } from './path-language.js';
import { RAILS_FRAME } from './ruby.js';
import { v8Frame } from './v8-frame.js';

/**
 * AWS Lambda's error record: the JSON every Lambda runtime returns for a failed invocation, which the
 * console shows as the test's "Response", `aws lambda invoke` writes to its outfile, and the Node.js
 * runtime logs behind `ERROR\tInvoke Error \t`:
 *
 *     {"errorMessage": "'body'", "errorType": "KeyError", "requestId": "…", "stackTrace": ["  File …"]}
 *     {"errorType": "TypeError", "errorMessage": "Cannot read …", "stack": ["TypeError: …", "    at …"]}
 *
 * on one line or pretty-printed over several. The stack is each runtime's own: Python's `File "x",
 * line N, in f\n    code` entries, Node's `at f (file:line:col)` lines, Java's `pkg.Class.method(File.java:N)`,
 * .NET's `at A.B() in /src/F.cs:line N`, Ruby's `file.rb:N:in 'm'`, Go's `{path, line, label}` objects.
 * Ruby's runtime wraps the class (`Function<NoMethodError>`, `Init<LoadError>`); the runtime's own
 * failures (`Runtime.ImportModuleError`, `Runtime.HandlerNotFound`, `Sandbox.Timedout`) keep their
 * names. A Step Functions failure quotes the record as a string in its `cause`.
 */
export function findLambdaErrors(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // (Quoted inside a string, as Step Functions' cause has it, the key's quotes are escaped.)
    if (!line.includes('errorType') && !line.includes('errorMessage')) continue;
    const found = recordAt(lines, i);
    if (!found) continue;
    const c = fromRecord(found.record, found.start, lines[found.start]!.trim());
    if (c) out.push(c);
    i = Math.max(i, found.end);
  }
  return out;
}

/** Whether a parsed JSON value is a Lambda error record (an object with a string `errorType` and `errorMessage`). */
export function isLambdaErrorRecord(value: unknown): boolean {
  return lambdaRecord(value) !== null;
}

interface LambdaRecord {
  errorType: string;
  errorMessage: string;
  stack: unknown[];
}

function lambdaRecord(value: unknown, depth = 0): LambdaRecord | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const o = value as Record<string, unknown>;
  if (typeof o.errorType === 'string' && typeof o.errorMessage === 'string') {
    const stack = [o.stackTrace, o.stack, o.trace].find(Array.isArray) as unknown[] | undefined;
    return { errorType: o.errorType, errorMessage: o.errorMessage, stack: stack ?? [] };
  }
  // Step Functions: `{"Error": "KeyError", "Cause": "{\"errorMessage\": …}"}`.
  const cause = o.Cause ?? o.cause;
  if (depth === 0 && typeof cause === 'string' && cause.trimStart().startsWith('{')) {
    try {
      return lambdaRecord(JSON.parse(cause), 1);
    } catch {
      return null;
    }
  }
  return null;
}

const MAX_RECORD_LINES = 300;

/** The record around line `i`: on the line itself (behind a log prefix), or pretty-printed from a `{` line above. */
function recordAt(lines: string[], i: number): { record: LambdaRecord; start: number; end: number } | null {
  const line = lines[i]!;
  const open = line.indexOf('{');
  const close = line.lastIndexOf('}');
  if (open >= 0 && close > open) {
    const record = parseRecord(line.slice(open, close + 1));
    if (record) return { record, start: i, end: i };
  }
  // Pretty-printed: the object opens on a line of its own (or after a label: `Response: {`) a few lines up.
  for (let s = i; s >= Math.max(0, i - 12); s--) {
    const t = lines[s]!.trimEnd();
    if (!t.endsWith('{')) continue;
    const body = [t.slice(t.lastIndexOf('{', t.length - 1))];
    for (let e = s + 1; e < Math.min(lines.length, s + MAX_RECORD_LINES); e++) {
      body.push(lines[e]!);
      if (!lines[e]!.trim().startsWith('}')) continue;
      const record = parseRecord(body.join('\n'));
      if (record) return { record, start: s, end: e };
    }
    return null;
  }
  return null;
}

function parseRecord(json: string): LambdaRecord | null {
  try {
    return lambdaRecord(JSON.parse(json));
  } catch {
    return null;
  }
}

const WRAPPED_CLASS = /^(?:Function|Init)<(.{1,200})>$/;
const PY_ENTRY = /^\s*File "([^"\n]{1,500})", line (\d{1,7}), in ([^\n]{1,200})(?:\n\s*(\S[^\n]{0,500}))?/;
const JAVA_ENTRY = /^([\w$.<>]{1,300})\.([\w$<>]{1,120})\(([\w$-]{1,200}\.(?:java|kt|scala)):(\d{1,7})\)$/;
const DOTNET_ENTRY = /^\s*at (.{1,400}?) in (.{1,400}):line (\d{1,7})\s*$/;

function fromRecord(record: LambdaRecord, line: number, errorText: string): Candidate | null {
  const wrapped = WRAPPED_CLASS.exec(record.errorType);
  const errorType = (wrapped ? wrapped[1]! : record.errorType).trim();
  // Node's import failure carries its require stack below the message: the first line.
  const message = record.errorMessage.split('\n')[0]!.trim();
  if (!errorType && !message) return null;
  const frames: Frame[] = [];
  const code: string[] = [];
  for (const entry of record.stack) {
    if (frames.length >= 50) break;
    if (entry && typeof entry === 'object') {
      // Go: `{"path": "…/main.go", "line": 21, "label": "handler"}`.
      const g = entry as Record<string, unknown>;
      if (typeof g.path === 'string' && typeof g.line === 'number')
        frames.push({ file: g.path, line: g.line, function: String(g.label ?? ''), source: null });
      continue;
    }
    if (typeof entry !== 'string') continue;
    const py = PY_ENTRY.exec(entry);
    if (py) {
      frames.push({ file: py[1]!, line: Number(py[2]), function: py[3]!.trim(), source: py[4]?.trim() ?? null });
      if (py[4]) code.push(py[4].trim());
      continue;
    }
    const t = entry.trim();
    const node = v8Frame(t);
    const java = node ? null : JAVA_ENTRY.exec(t);
    const dotnet = node || java ? null : DOTNET_ENTRY.exec(t);
    const ruby = node || java || dotnet ? null : RAILS_FRAME.exec(t);
    if (node) frames.push(node);
    else if (java)
      frames.push({ file: java[3]!, line: Number(java[4]), function: `${java[1]}.${java[2]}`, source: null });
    else if (dotnet) frames.push({ file: dotnet[2]!, line: Number(dotnet[3]), function: dotnet[1]!, source: null });
    else if (ruby) frames.push({ file: ruby[1]!, line: Number(ruby[2]), function: ruby[3]!, source: null });
  }
  // Python's entries come outermost first, as its tracebacks print; every other runtime's innermost first.
  const python = frames.length > 0 && frames.every((f) => f.file.endsWith('.py'));
  return {
    language: wrapped ? 'ruby' : languageOf(errorType, message, frames),
    errorType: errorType || null,
    errorMessage: message,
    frames,
    codeLines: code.slice(-3),
    errorText,
    line,
    strength: 3,
    innermostFirst: !python,
  };
}

/** The runtime's language: its frames' files, else the class and message (`No module named` is Python's). */
function languageOf(errorType: string, message: string, frames: Frame[]): string {
  for (const f of frames) {
    const byPath = languageOfPath(f.file.replace(/^file:\/\//, ''));
    if (byPath !== 'unknown') return byPath;
  }
  // Go's runtime names the error value's type: `errorString` (errors.New), `wrapError` (fmt.Errorf's %w).
  if (/^\*?(?:errors\.|fmt\.)?(?:errorString|wrapErrors?|joinError)$|^runtimeError$/.test(errorType)) return 'go';
  if (/^(?:Runtime|Sandbox)\./.test(errorType)) {
    if (/\bNo module named\b|Unable to import module '|on module '/.test(message)) return 'python';
    if (/Cannot find module|is undefined or not exported/.test(message)) return 'javascript';
    return languageOfMessage(message) ?? 'unknown';
  }
  return languageOfTyped(errorType, message);
}
