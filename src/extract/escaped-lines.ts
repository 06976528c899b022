import { isLambdaErrorRecord } from './lambda-error.js';

/**
 * Lines that carry other lines escaped inside a string, as the lines they carry:
 *
 * - a structured (JSON) log record whose strings hold `\n` escapes (python-json-logger's `exc_info`,
 *   structlog's `exception`, Logstash's and Cloud Logging's `stack_trace`, pino's `err.stack`), alone on
 *   its line or behind a short prefix (a collector's timestamp and stream: `… stdout F {"level": …}`);
 * - a repr of a traceback: a Python list or dict printed with its escapes (a notebook runner's
 *   `['Traceback…', "Cell In[3]…\n", …]`, Celery's `{'traceback': 'Traceback (most recent call
 *   last):\n  File …'}`), colour codes escaped too (`\x1b[0;31m`);
 * - a log line that escaped its message's newlines outside any string (Apache's error log: `PHP Fatal
 *   error:  Uncaught Error: … in /x.php:151\nStack trace:\n#0 …`), split at them.
 *
 * This runs on the raw text, before lines are cut to `MAX_LINE`: such a record is one long line, and its
 * traceback's last line (the error) would be cut first. A line over `MAX_ESCAPED_LINE` is left as it is.
 */
export function expandEscapedLines(text: string): string {
  if (!text.includes('\\n')) return text;
  const lines = text.split('\n');
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes('\\n') || line.length > MAX_ESCAPED_LINE) continue;
    const carried =
      jsonLogLines(line) ?? (TRACE_IN_STRING.test(line) ? (quotedStringLines(line) ?? line.split('\\n')) : null);
    if (!carried) continue;
    lines[i] = carried.join('\n');
    changed = true;
  }
  return changed ? lines.join('\n') : text;
}

const MAX_ESCAPED_LINE = 256 * 1024;

/** An escaped newline before a traceback's frame or header, in any runtime's words. */
const TRACE_IN_STRING =
  /Traceback \(most recent call last\)|\\n\s{0,8}(?:at |File "|File [/\w])|\\n\\t(?:at |\.\.\. )|\\n(?:goroutine \d|panic: |Caused by: |Stack trace:\\n#0 )/;

/** Fields of a structured log record that hold its message, read first. */
const JSON_MESSAGE_KEYS = ['message', 'msg', 'event', 'error', 'err'];
/** The most characters before a record's `{` that a line may have (a timestamp, a stream, a level). */
const MAX_RECORD_PREFIX = 200;

/**
 * A structured (JSON) log record whose strings hold escaped newlines: its prefix and message, then every
 * multi-line string it holds as the lines it was, so a traceback inside reads as one. Null for any other
 * line (not an object, not JSON, no multi-line string) and for Lambda's error record, which
 * `lambda-error.ts` reads whole.
 */
export function jsonLogLines(text: string): string[] | null {
  const t = text.trim();
  const open = t.indexOf('{');
  if (open < 0 || open > MAX_RECORD_PREFIX || !t.endsWith('}')) return null;
  let record: unknown;
  try {
    record = JSON.parse(t.slice(open));
  } catch {
    return null;
  }
  if (!record || typeof record !== 'object' || Array.isArray(record)) return null;
  if (isLambdaErrorRecord(record)) return null;
  const multi: string[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === 'string') {
      if (v.includes('\n')) multi.push(v);
    } else if (v && typeof v === 'object' && depth < 4) {
      for (const x of Object.values(v)) walk(x, depth + 1);
    }
  };
  walk(record, 0);
  if (multi.length === 0) return null;
  const obj = record as Record<string, unknown>;
  const key = JSON_MESSAGE_KEYS.find((k) => typeof obj[k] === 'string' && !(obj[k] as string).includes('\n'));
  const prefix = t.slice(0, open).trim();
  const head = key ? [`${prefix ? `${prefix} ` : ''}${obj[key] as string}`] : prefix ? [prefix] : [];
  return [...head, ...multi.flatMap((v) => v.split(/\r?\n/))];
}

/** Where a repr's structure opens on a string: `['`, `{"`, `("`, `: '`, `= "`. */
const STRUCTURE_START = /[[{(]\s{0,3}['"]|[:=]\s{1,3}['"]/;
// eslint-disable-next-line no-control-regex -- the escape byte starts the sequence
const ANSI = /\x1b\[[\d;]{0,20}[A-Z]/gi;
const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '', '0': '' };

/**
 * A JSON string's text as written inside a log line, its quotes, backslashes and slashes unescaped
 * (`Class \"Redis\" not found` → `Class "Redis" not found`); other escapes stay as written.
 */
export function unescapeQuoted(s: string): string {
  return s.replace(/\\(["\\/])/g, '$1');
}

/**
 * The strings of a repr (a Python list, tuple or dict, or JSON that did not parse), each decoded, its
 * lines one by one, colour codes dropped; the text before the structure first. Null when the line holds
 * no quoted string after a structure's opening.
 */
export function quotedStringLines(line: string): string[] | null {
  const start = line.search(STRUCTURE_START);
  if (start < 0) return null;
  const out: string[] = [];
  const before = line.slice(0, start).trim();
  if (before) out.push(before);
  let found = 0;
  for (let i = start; i < line.length; i++) {
    const quote = line[i]!;
    if (quote !== "'" && quote !== '"') continue;
    let s = '';
    let j = i + 1;
    for (; j < line.length && line[j] !== quote; j++) {
      const c = line[j]!;
      if (c !== '\\' || j + 1 >= line.length) {
        s += c;
        continue;
      }
      const e = line[++j]!;
      const hex = e === 'x' ? 2 : e === 'u' ? 4 : 0;
      const code = hex ? /^[0-9a-f]+$/i.exec(line.slice(j + 1, j + 1 + hex)) : null;
      if (code && code[0].length === hex) {
        s += String.fromCharCode(parseInt(code[0], 16));
        j += hex;
      } else s += SIMPLE_ESCAPES[e] ?? e;
    }
    found++;
    for (const l of s.replace(ANSI, '').split('\n')) out.push(l.trimEnd());
    i = j;
  }
  return found > 0 ? out : null;
}
