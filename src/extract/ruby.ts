import type { Frame } from '../types.js';
import { candidate, type Candidate } from './candidate.js';

const RSPEC_FAILURE = /^\s*Failure\/Error:(?: (.*))?$/;
const RUBY_RAISE = /^(\S+\.rb):(\d+):in [`'](.+?)': (.+) \(((?:[A-Z]\w*::)*[A-Z]\w*)\)\s*$/;
const BACKTRACE = /^\s*# (\S+?):(\d+):in [`'](.+?)'/;
const TYPED = /^((?:[A-Z]\w*::)*[A-Z]\w*(?:Error|Exception|Invalid|NotFound)):\s*(\S.*)?$/;
const NOTIFIER = /^An? `?((?:[A-Z]\w*::)*[A-Z]\w*(?:Error|Exception))`? occurred in /;
const MINITEST = /^\s*(?:\d+\) )?(Failure|Error):\s*$/;
/** The test a Minitest report names (`OrdersTest#test_total [test/orders_test.rb:24]:`); Rails' runner prints no number. */
const MINITEST_TEST = /^\S{1,300}#\S{1,300}(?: \[[^\]\n]{1,300}\])?:$/;
/**
 * Rails logs an exception it rescued as `Class (message):` (ActionDispatch::DebugExceptions), the
 * message over as many lines as it has (an SQL error quotes its query), then the backtrace as
 * `gem (1.2.3) lib/file.rb:75:in 'method'` or `app/…/file.rb:12:in 'method'` lines.
 */
const RAILS_LOGGED = /^((?:[A-Z]\w{0,80}::){1,8}[A-Z]\w{0,80}|[A-Z]\w{0,80}(?:Error|Exception)) \((\S.{0,2000})$/;
/** ActionView's annotated template source: the line number, a colon, the line (`    13:     <%= a.b %>`). */
const TEMPLATE_SOURCE = /^\s{2,8}\d{1,6}: (.{0,300}\S)\s*$/;
/** A backtrace line, a gem's (Rails' `actionpack (7.1.3) lib/x.rb:75:in 'm'`) or a plain `file.rb:N:in 'm'`. */
export const RAILS_FRAME = /^(?:[\w-]{1,80} \([\w.]{1,40}\) )?(\S{1,300}\.rb):(\d{1,7}):in [`'](.{1,200})'$/;

/**
 * Chef Infra's resource failure (chef-client, Test Kitchen): `Error executing action \`run\` on resource
 * 'execute[migrate]'`, a rule of `=`, the exception's class alone (`Mixlib::ShellOut::ShellCommandFailed`),
 * a rule of `-` as long, then its message (`Expected process to exit with [0], but received '127'`).
 */
const CHEF_RESOURCE_ERROR = /^Error executing action `\w{1,60}` on resource '[^'\n]{1,300}'$/;
const RUBY_CLASS_ALONE = /^[A-Z]\w{0,80}(?:::[A-Z]\w{0,80}){0,8}$/;

function chefResourceError(lines: string[], i: number): Candidate | null {
  if (!CHEF_RESOURCE_ERROR.test(lines[i]!.trim())) return null;
  for (let k = i + 1; k < Math.min(lines.length, i + 6); k++) {
    const t = lines[k]!.trim();
    if (!RUBY_CLASS_ALONE.test(t) || !/^-{3,}$/.test(lines[k + 1]?.trim() ?? '')) continue;
    const message = lines[k + 2]?.trim() ?? '';
    if (!message) return null;
    return candidate('ruby', t, message, `${t}: ${message}`, i, 3);
  }
  return null;
}

/** Ruby: RSpec `Failure/Error:` blocks, Minitest failures, `file.rb:N:in 'm': msg (Class)` raises, exception notifier mails, Chef's resource failures. */
export function findRubyFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.includes('Error executing action')) {
      const chef = chefResourceError(lines, i);
      if (chef) out.push(chef);
    }
    const r = RSPEC_FAILURE.exec(line);
    if (r) {
      const msg: string[] = [];
      const frames: Frame[] = [];
      // `Failure/Error:` alone: the failing code spans the lines below it, to a blank line (RSpec's
      // report of an error outside an example: `An error occurred while loading ./spec/x_spec.rb.`).
      const code: string[] = [];
      let from = i + 1;
      const indent = /^\s*/.exec(line)![0].length;
      if (!r[1]?.trim()) {
        // In an example's report the code runs to a blank line, its message indented as the code is;
        // outside one (`An error occurred while loading`, at column 0) the code is indented, blank lines
        // kept, and the error starts back at column 0.
        for (; from < Math.min(lines.length, i + 30); from++) {
          const l = lines[from]!;
          if (indent > 0 ? !l.trim() : l.trim() && /^\s*/.exec(l)![0].length <= indent) break;
          if (l.trim()) code.push(l.trim());
        }
      }
      for (let k = from; k < Math.min(lines.length, i + 60); k++) {
        const l = lines[k]!;
        const bt = BACKTRACE.exec(l);
        if (bt) frames.push({ file: bt[1]!, line: Number(bt[2]), function: bt[3]!, source: null });
        else if (frames.length) break;
        else if (l.trim()) msg.push(l.trim());
        else if (msg.length) break;
      }
      let errorType = 'RSpec::Expectations::ExpectationNotMetError';
      let message = msg[0] ?? '';
      // An error (not a failed expectation) is its class on a line of its own, the message below it.
      const t = TYPED.exec(message) ?? /^((?:[A-Z]\w*::)*[A-Z]\w*):$/.exec(message);
      if (t) {
        errorType = t[1]!;
        message = (t[2] ?? '').trim() || msg[1] || '';
      }
      out.push({
        language: 'ruby',
        errorType,
        errorMessage: message,
        frames,
        codeLines: code.length ? code.slice(0, 1) : [(r[1] ?? '').trim()],
        errorText: msg.slice(0, 4).join('\n'),
        line: i,
        strength: 3,
        innermostFirst: true,
      });
      continue;
    }
    const raise = RUBY_RAISE.exec(line.trim());
    if (raise) {
      out.push({
        language: 'ruby',
        errorType: raise[5]!,
        errorMessage: raise[4]!.trim(),
        frames: [{ file: raise[1]!, line: Number(raise[2]), function: raise[3]!, source: null }],
        codeLines: [],
        errorText: line.trim(),
        line: i,
        strength: 3,
      });
      continue;
    }
    const logged = line.includes(' (') && /^\s*[A-Z]/.test(line) ? RAILS_LOGGED.exec(line.trim()) : null;
    const rails = logged ? railsLogged(lines, i, logged[1]!, logged[2]!) : null;
    if (rails) {
      out.push(rails);
      continue;
    }
    const n = NOTIFIER.exec(line.trim());
    if (n) {
      const next =
        lines
          .slice(i + 1, i + 5)
          .map((l) => l.trim())
          .find(Boolean) ?? '';
      out.push({
        language: 'ruby',
        errorType: n[1]!,
        errorMessage: next,
        frames: [],
        codeLines: [],
        errorText: `${n[1]}: ${next}`,
        line: i,
        strength: 2,
      });
      continue;
    }
    const mt = MINITEST.exec(line);
    if (mt && (/^\s*\d/.test(line) || MINITEST_TEST.test((lines[i + 1] ?? '').trim()))) {
      const body = lines
        .slice(i + 2, i + 6)
        .map((l) => l.trim())
        .filter(Boolean);
      const t = TYPED.exec(body[0] ?? '');
      out.push({
        language: 'ruby',
        errorType: t ? t[1]! : 'Minitest::Assertion',
        errorMessage: t ? (t[2] ?? '').trim() : (body[0] ?? ''),
        frames: [],
        codeLines: [],
        errorText: body.join('\n'),
        line: i,
        strength: 3,
      });
    }
  }
  return out;
}

/** Whether the request log's `Completed 4xx/5xx …` line is among the three lines before line `i`. */
function afterRailsCompleted(lines: string[], i: number): boolean {
  for (let k = i - 1, seen = 0; k >= 0 && seen < 3; k--) {
    const t = lines[k]!.trim();
    if (!t) continue;
    if (/^Completed [45]\d\d [A-Z]/.test(t)) return true;
    seen++;
  }
  return false;
}

/**
 * A Rails-logged exception: its message to the `):` that closes it, and the backtrace after (required
 * unless the request's `Completed 500` line is just above it).
 */
function railsLogged(lines: string[], i: number, errorType: string, first: string): Candidate | null {
  let end = first.endsWith('):') ? i : -1;
  for (let k = i + 1; end < 0 && k < Math.min(lines.length, i + 60); k++) if (/\):\s*$/.test(lines[k]!)) end = k;
  if (end < 0) return null;
  const frames: Frame[] = [];
  // A template's error comes with its source around the failing line (`    13:     <%= x.name %>`).
  const source: string[] = [];
  for (let k = end + 1; k < Math.min(lines.length, end + 80); k++) {
    const t = lines[k]!.trim();
    if (!t && frames.length === 0) continue;
    const annotated = frames.length === 0 ? TEMPLATE_SOURCE.exec(lines[k]!) : null;
    if (annotated) {
      source.push(annotated[1]!);
      continue;
    }
    const f = RAILS_FRAME.exec(t);
    if (!f) break;
    frames.push({ file: f[1]!, line: Number(f[2]), function: f[3]!, source: null });
  }
  // Without its backtrace (cut from a paste), the request's `Completed 500 Internal Server Error in 49ms`
  // just above, or a template's annotated source below, still says that Rails logged it.
  if (frames.length === 0 && source.length < 2 && !afterRailsCompleted(lines, i)) return null;
  const message = (end === i ? first.replace(/\):\s*$/, '') : first).trim();
  return {
    language: 'ruby',
    errorType,
    errorMessage: message,
    frames,
    codeLines: source.slice(0, 3),
    errorText: `${errorType} (${message})`,
    line: i,
    strength: 3,
    innermostFirst: true,
  };
}
