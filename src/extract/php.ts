import type { Frame } from '../types.js';
import { candidate, type Candidate } from './candidate.js';
import { unescapeQuoted } from './escaped-lines.js';

/**
 * PHP's tools, as each documents its output:
 * - PHPUnit's report after the run: `There was 1 failure:` / `There were 2 errors:`, then `1) Class::test`,
 *   the message and the test's `file.php:N`. A failure is an assertion's (`ExpectationFailedException`,
 *   which PHPUnit does not print); an error names its exception (`TypeError: …`).
 * - Collision (Laravel's console renderer): the class alone on an indented line, the message below it,
 *   then `at file.php:N`.
 * - Symfony Console's report (artisan, composer, bin/console): `In Connection.php line 669:`, the class
 *   in brackets on the next line when run with `-v` (`[Illuminate\\Database\\QueryException]`), the message.
 * - Collision's test report (Pest, `php artisan test`): `FAILED  Tests\Feature\CartTest > it adds tax`
 *   with the exception's class at the end of the line (`ErrorException`; a failed expectation prints
 *   none), the message on the next line, then `at file.php:N` and the code with its `➜` marker.
 * - Composer's dependency resolution failure: `Your requirements could not be resolved to an installable
 *   set of packages.` (or, installing from a lock file, `Your lock file does not contain a compatible set
 *   of packages. Please run composer update.`), then `  Problem 1` and its `    - …` lines. No class is
 *   printed; the problems say which package wants what.
 * - PHPStan's table: `Line   path/File.php` heads a file's rows, each `  42     message` (wrapped over
 *   the next lines) with its identifier as `🪪  argument.type` (PHPStan ≥ 1.11).
 * - PHP_CodeSniffer's full report: `FILE: /app/src/Mailer.php`, a rule, `FOUND 3 ERRORS AFFECTING 3 LINES`,
 *   then a row per finding, `  5 | ERROR | [x] Header blocks must be separated by a single blank line`,
 *   its message wrapped over `    |       |     …` rows and, with `-s`, its sniff last in parentheses
 *   (`(PSR12.Files.FileHeader.SpacingAfterBlock)`). A WARNING row fails nothing.
 * - Monolog's log line (Laravel's `storage/logs/laravel.log`, Symfony's `var/log/*.log`): `[2025-02-03
 *   09:12:44] production.ERROR: message {"exception":"[object] (Illuminate\\Database\\QueryException(code:
 *   42S02): SQLSTATE[42S02]: … at /app/vendor/…/Connection.php:829)`, then `[stacktrace]` and `#0 file(line):
 *   call` frames; an exception's cause follows as `[previous exception] [object] (…)`. Its normalizer
 *   writes every exception so, whatever the message: the logged exception is the failure, its previous
 *   ones what led to it. Inside the JSON context a namespace's backslashes are doubled.
 */
const PHPUNIT_HEAD = /^There (?:was 1|were \d{1,6}) (failure|error)s?:$/;
const PHPUNIT_ENTRY = /^1\) \S{0,500}::\S{1,500}$/;
const PHP_TYPED = /^((?:[A-Z]\w{0,80}\\)*[A-Z]\w{0,80}(?:Exception|Error)): (\S.{0,2000})$/;
/**
 * Laravel's TestResponse tells a failed status assertion's cause (Laravel 9+): `The following exception
 * occurred during the last request:`, then the exception as `Class: message` and its stack. The exception
 * is the failure; the assertion on the status only reports it.
 */
const LARAVEL_LAST_REQUEST = /^The following exception occurred during the last request:$/;
const PHP_QUALIFIED = /^((?:[A-Z]\w{0,80}\\){0,10}[A-Z]\w{0,80}): (\S.{0,2000})$/;
const PHP_LOCATION = /^(\S{1,500}\.php):(\d{1,7})$/;
const COLLISION_CLASS = /^\s{1,8}((?:[A-Z]\w{0,80}\\){1,10}[A-Z]\w{0,80}|[A-Z]\w{0,80}(?:Exception|Error))\s*$/;
const COLLISION_AT = /^\s{0,8}at (\S{1,500}\.php):(\d{1,7})\s*$/;
/**
 * The same report in plain text (Laravel's error as a serverless runtime such as vercel-php returns it):
 * the namespaced class with a colon, alone at column 0 (`Illuminate\\View\\ViewException:`), the message on
 * the next line, then `  at /path/Vite.php:728` and the calls.
 */
const PLAIN_CLASS = /^((?:[A-Z]\w{0,80}\\){1,10}[A-Z]\w{0,80}):$/;
const SYMFONY_IN = /^In (\S{1,300}\.php) line (\d{1,7}):$/;
/** The class (verbose mode), with the exception's code when it has one: `[PDOException (42S01)]`. */
const SYMFONY_CLASS = /^\[((?:[A-Z]\w{0,80}\\)*[A-Z]\w{0,80})(?: \([\w.-]{1,40}\))?\]$/;
const COLLISION_FAILED =
  /^\s{0,4}FAILED {2}((?:[A-Z]\w{0,80}\\){0,10}[A-Z]\w{0,80}) > (\S.{0,400}?)(?: {2,}((?:[A-Z]\w{0,80}\\){0,10}[A-Z]\w{0,80}))?\s*$/;
const COLLISION_CODE = /^\s{0,4}➜\s{1,4}\d{1,7}▕\s?(.*)$/;
const COMPOSER_UNRESOLVED =
  /^(Your requirements could not be resolved to an installable set of packages\.|Your lock file does not contain a compatible set of packages\. Please run composer update\.)$/;
const PHPSTAN_FILE = /^\s{0,4}Line\s{2,}(\S.{0,500}\.php)\s*$/;
const PHPSTAN_ROW = /^\s{0,4}(\d{1,7})\s{2,}(\S.*)$/;
const PHPSTAN_MORE = /^\s{5,}(\S.*)$/;
const PHPSTAN_ID = /^🪪\s+([\w.]{1,80})$/;
const PHPCS_FILE = /^FILE: (\S.{0,500})$/;
const PHPCS_ROW = /^\s{0,6}(\d{1,7}) \| (ERROR|WARNING) \| (?:\[[x ]\] )?(\S.{0,1000})$/;
const PHPCS_MORE = /^\s{0,10}\| {1,10}\| {1,10}(\S.{0,1000})$/;
const PHPCS_SNIFF = /^\(([A-Z]\w{0,60}(?:\.[A-Z]\w{0,80}){2,4})\)$/;
const MONOLOG_EXCEPTION =
  /(\[previous exception\] )?\[object\] \(((?:[A-Za-z_]\w{0,80}\\{1,2}){0,10}[A-Za-z_]\w{0,80})\(code: [^)\n]{0,40}\): (.{0,2000}?) at (\S{1,500}?):(\d{1,7})\)/;
const PHP_STACK_FRAME = /^#\d{1,4} (\S{1,500}?)\((\d{1,7})\): (\S.{0,500})$/;

const PHP_CS_FIXER_FOUND = /^Found [1-9]\d{0,6} of \d{1,7} files? that can be fixed\b.{0,200}$/;

export function findPhpFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // PHP CS Fixer's `--dry-run` verdict: files it would change (no class; its diff is above it).
    if (line.startsWith('Found ') && PHP_CS_FIXER_FOUND.test(line.trim())) {
      out.push(php(null, line.trim(), [], line.trim(), i, 2));
      continue;
    }
    const head = line.startsWith('There w') ? PHPUNIT_HEAD.exec(line.trim()) : null;
    if (head) {
      const c = readPhpunit(lines, i, head[1] as 'failure' | 'error');
      if (c) out.push(c);
      continue;
    }
    if (line.startsWith('The following exception') && LARAVEL_LAST_REQUEST.test(line.trim())) {
      const k = lines.slice(i + 1, i + 4).findIndex((l) => l.trim() !== '');
      const ex = k >= 0 ? PHP_QUALIFIED.exec(lines[i + 1 + k]!.trim()) : null;
      if (ex) {
        // The cause of the runner's verdict on the test (3.5), printed below it: it goes first.
        const message = ex[2]!.replace(/ in \S{1,500}\.php:\d{1,7}$/, '').trim();
        out.push(candidate('php', ex[1]!, message, lines[i + 1 + k]!.trim(), i + 1 + k, 3.75));
        i += 1 + k;
        continue;
      }
    }
    const cls = line.startsWith(' ') ? COLLISION_CLASS.exec(line) : line.endsWith(':') ? PLAIN_CLASS.exec(line) : null;
    if (cls) {
      const c = readCollision(lines, i, cls[1]!);
      if (c) out.push(c);
      continue;
    }
    // Symfony Console before 4.0 printed the block without its `In file line N:` head: the class in
    // brackets, indented, the message below it (wrapped to the block's width).
    // Without the head, only a namespaced exception's class, two columns in, says it is such a block.
    const bracketed = line.startsWith('  [') ? SYMFONY_CLASS.exec(line.trim()) : null;
    if (bracketed && bracketed[1]!.includes('\\') && /(?:Exception|Error)$/.test(bracketed[1]!)) {
      const c = readOldSymfonyBlock(lines, i, bracketed[1]!);
      if (c) {
        out.push(c);
        continue;
      }
    }
    const symfony = line.startsWith('In ') ? SYMFONY_IN.exec(line.trim()) : null;
    if (symfony) {
      const c = readSymfonyBlock(lines, i, symfony[1]!, Number(symfony[2]));
      if (c) out.push(c);
      continue;
    }
    const failed = line.includes('FAILED ') ? COLLISION_FAILED.exec(line) : null;
    if (failed) {
      const c = readCollisionTest(lines, i, failed[3] ?? null);
      if (c) out.push(c);
      continue;
    }
    const composer = line.startsWith('Your ') ? COMPOSER_UNRESOLVED.exec(line.trim()) : null;
    if (composer) {
      out.push(readComposerProblems(lines, i, composer[1]!));
      continue;
    }
    const phpcs = line.startsWith('FILE: ') ? PHPCS_FILE.exec(line.trim()) : null;
    if (phpcs) {
      const c = readPhpcsFile(lines, i, phpcs[1]!.trim());
      if (c) out.push(c);
      continue;
    }
    const logged = line.includes('[object] (') ? MONOLOG_EXCEPTION.exec(line) : null;
    if (logged) {
      out.push(readMonolog(lines, i, logged));
      continue;
    }
    const file = line.includes('Line ') ? PHPSTAN_FILE.exec(line) : null;
    if (file) {
      const c = readPhpstanRow(lines, i, file[1]!);
      if (c) out.push(c);
    }
  }
  return out;
}

function php(
  errorType: string | null,
  errorMessage: string,
  frames: Frame[],
  errorText: string,
  line: number,
  strength: number,
): Candidate {
  return { language: 'php', errorType, errorMessage, frames, codeLines: [], errorText, line, strength };
}

/** The first ERROR row of a PHP_CodeSniffer file report, its wrapped message joined, its sniff as the type. */
function readPhpcsFile(lines: string[], head: number, file: string): Candidate | null {
  for (let k = head + 1; k < Math.min(lines.length, head + 400); k++) {
    const l = lines[k]!;
    if (PHPCS_FILE.test(l.trim())) return null;
    const row = PHPCS_ROW.exec(l);
    if (!row || row[2] !== 'ERROR') continue;
    const parts = [row[3]!.trim()];
    let sniff: string | null = null;
    for (let j = k + 1; j < Math.min(lines.length, k + 12); j++) {
      const more = PHPCS_MORE.exec(lines[j]!);
      if (!more) break;
      const code = PHPCS_SNIFF.exec(more[1]!.trim());
      if (code) sniff = code[1]!;
      else parts.push(more[1]!.trim());
    }
    const message = parts.join(' ');
    const frames: Frame[] = [{ file, line: Number(row[1]), function: null, source: null }];
    return php(sniff ?? 'ERROR', message, frames, `${l.trim()}`, k, 3);
  }
  return null;
}

/** A Monolog-logged exception and the `#N file(line): call` frames of its `[stacktrace]`, innermost first. */
function readMonolog(lines: string[], i: number, m: RegExpExecArray): Candidate {
  const frames: Frame[] = [{ file: m[4]!, line: Number(m[5]), function: null, source: null }];
  if (lines[i + 1]?.trim() === '[stacktrace]') {
    for (let k = i + 2; k < Math.min(lines.length, i + 200); k++) {
      const f = PHP_STACK_FRAME.exec(lines[k]!.trim());
      if (!f) break;
      frames.push({ file: f[1]!, line: Number(f[2]), function: f[3]!.replace(/\\\\/g, '\\'), source: null });
    }
  }
  const type = m[2]!.replace(/\\\\/g, '\\');
  // The message is inside the JSON context's string: its quotes, backslashes and slashes are escaped.
  const message = unescapeQuoted(m[3]!.trim());
  // The cause a `[previous exception]` names led to the logged one, which is what the reader reports.
  const c = php(type, message, frames, `${type}: ${message}`, i, m[1] ? 2 : 3);
  c.innermostFirst = true;
  return c;
}

function readPhpunit(lines: string[], head: number, kind: 'failure' | 'error'): Candidate | null {
  let k = head + 1;
  while (k < lines.length && lines[k]!.trim() === '') k++;
  if (!PHPUNIT_ENTRY.test(lines[k]?.trim() ?? '')) return null;
  const message = (lines[k + 1] ?? '').trim();
  if (!message) return null;
  let frames: Frame[] = [];
  for (let j = k + 2; j < Math.min(lines.length, k + 60); j++) {
    const at = PHP_LOCATION.exec(lines[j]!.trim());
    if (at) {
      frames = [{ file: at[1]!, line: Number(at[2]), function: null, source: null }];
      break;
    }
    if (/^\d{1,6}\) \S/.test(lines[j]!.trim())) break;
  }
  const typed = PHP_TYPED.exec(message);
  if (kind === 'error' || typed) {
    return typed
      ? php(typed[1]!, typed[2]!.trim(), frames, message, k + 1, 3.5)
      : php(null, message, frames, message, k + 1, 3.5);
  }
  return php('ExpectationFailedException', message, frames, message, k + 1, 3.5);
}

function readCollision(lines: string[], i: number, errorType: string): Candidate | null {
  let k = i + 1;
  while (k < lines.length && lines[k]!.trim() === '') k++;
  const message = (lines[k] ?? '').trim();
  if (!message || COLLISION_AT.test(lines[k] ?? '')) return null;
  let j = k + 1;
  while (j < lines.length && lines[j]!.trim() === '') j++;
  const at = COLLISION_AT.exec(lines[j] ?? '');
  if (!at) return null;
  return php(errorType, message, [{ file: at[1]!, line: Number(at[2]), function: null, source: null }], message, i, 3);
}

function readPhpstanRow(lines: string[], header: number, file: string): Candidate | null {
  for (let k = header + 1; k < Math.min(lines.length, header + 6); k++) {
    const row = PHPSTAN_ROW.exec(lines[k]!);
    if (!row) continue;
    const parts = [row[2]!.trimEnd()];
    let id: string | null = null;
    for (let j = k + 1; j < Math.min(lines.length, k + 20); j++) {
      const more = PHPSTAN_MORE.exec(lines[j]!);
      if (!more) break;
      const text = more[1]!.trimEnd();
      const ident = PHPSTAN_ID.exec(text);
      if (ident) {
        id = ident[1]!;
        break;
      }
      if (/^(?:💡|✏️)/u.test(text)) break;
      parts.push(text);
    }
    const message = parts.join(' ');
    return php(id, message, [{ file, line: Number(row[1]), function: null, source: null }], message, k, 3);
  }
  return null;
}

function readSymfonyBlock(lines: string[], at: number, file: string, line: number): Candidate | null {
  const block: string[] = [];
  for (let k = at + 1; k < Math.min(lines.length, at + 12); k++) {
    const t = lines[k]!.trim();
    if (!t) {
      if (block.length) break;
      continue;
    }
    block.push(t);
  }
  const cls = SYMFONY_CLASS.exec(block[0] ?? '');
  const message = (cls ? block[1] : block[0]) ?? '';
  if (!message) return null;
  return php(cls?.[1] ?? null, message, [{ file, line, function: null, source: null }], message, at, 3);
}

/** The message under an old Symfony Console block's bracketed class at `at`: its lines up to a blank one. */
function readOldSymfonyBlock(lines: string[], at: number, errorType: string): Candidate | null {
  const parts: string[] = [];
  for (let k = at + 1; k < Math.min(lines.length, at + 8); k++) {
    const t = lines[k]!.trim();
    if (!t || !lines[k]!.startsWith('  ')) break;
    parts.push(t);
  }
  // A line cut at the block's width goes on at the next one (`"security.token_storage"` / `.`).
  const message = parts.reduce((m, p) => (m && /^[.,;:!?)]/.test(p) ? m + p : m ? `${m} ${p}` : p), '');
  return message ? php(errorType, message, [], message, at, 3) : null;
}

/** Composer's verdict and its first problem's lines (what the query's error text carries). */
function readComposerProblems(lines: string[], at: number, verdict: string): Candidate {
  const problem: string[] = [];
  for (let k = at + 1; k < Math.min(lines.length, at + 12); k++) {
    const t = lines[k]!.trim();
    if (!t && problem.length === 0) continue;
    if (/^Problem [2-9]/.test(t) || (!t && problem.length > 0)) break;
    if (/^Problem 1$|^- /.test(t)) problem.push(t);
    else if (problem.length) break;
  }
  return php(null, verdict, [], [verdict, ...problem].join('\n'), at, 2.5);
}

/**
 * Collision's report of a failed test (`COLLISION_FAILED`): the message below it (up to `at file:N`),
 * where it failed, and the source line its `➜` marks.
 */
function readCollisionTest(lines: string[], at: number, type: string | null): Candidate | null {
  const message: string[] = [];
  let frames: Frame[] = [];
  const code: string[] = [];
  let ended = false;
  for (let k = at + 1; k < Math.min(lines.length, at + 40); k++) {
    const t = lines[k]!.trim();
    const loc = COLLISION_AT.exec(lines[k]!);
    if (loc) {
      frames = [{ file: loc[1]!, line: Number(loc[2]), function: null, source: null }];
      continue;
    }
    const marked = COLLISION_CODE.exec(lines[k]!);
    if (marked) {
      code.push(marked[1]!.trim());
      if (frames[0]) frames[0].source = marked[1]!.trim();
      break;
    }
    // The message runs to the first blank line; `at file:N` and the code follow it.
    if (!t && message.length) ended = true;
    if (frames.length === 0 && t && !ended && message.length < 5) message.push(t);
  }
  if (!message.length && !type) return null;
  const c = php(type ?? 'ExpectationFailedException', message[0] ?? '', frames, message.join('\n'), at, 3.5);
  c.codeLines = code;
  return c;
}
