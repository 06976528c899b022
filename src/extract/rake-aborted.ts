import type { Frame } from '../types.js';
import type { Candidate } from './candidate.js';

/**
 * Rake's report of a failed task (rake/application.rb, `display_error_message`), which `rails db:migrate`
 * and every other task print:
 *
 *     rails aborted!
 *     ActiveRecord::NoDatabaseError: FATAL:  database "app" does not exist   ← `Class: message`
 *     /app/bin/rails:4:in `<main>'                                          ← the backtrace, bare
 *
 *     Caused by:
 *     PG::ConnectionBad: FATAL:  database "app" does not exist              ← the cause, the same way
 *     …
 *     Tasks: TOP => db:migrate
 *     (See full trace by running task with --trace)
 *
 * A RuntimeError's message is printed without its class. The message may run over several lines (a
 * migration's wrapper quotes its cause's below a blank line), up to the first backtrace line.
 */
const ABORTED = /^\S{1,60} aborted!$/;
const CLASS_LINE = /^((?:[A-Z]\w{0,80}::){0,8}[A-Z]\w{0,80}): (\S.{0,2000})$/;
const FRAME = /^(\S{1,500}?):(\d{1,7}):in [`'](.{1,300})'$/;
const END = /^(?:Caused by:|Tasks: TOP\b|\(See full trace by running task\b)/;
/**
 * Classes raised around another error: Rails' migrator raises `StandardError, "An error has occurred, this
 * and all later migrations canceled:\n\n#{e}"`, and a bare `raise "…"` is a RuntimeError. The cause
 * names the failure.
 */
const WRAPPERS = new Set(['StandardError', 'RuntimeError']);

interface Section {
  errorType: string;
  message: string;
  frames: Frame[];
  line: number;
  text: string;
}

/** Rake's `… aborted!` reports: the exception, or its cause where the exception only wraps it. */
export function findRakeFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.endsWith(' aborted!') || !ABORTED.test(lines[i]!.trim())) continue;
    const chain: Section[] = [];
    let k = i + 1;
    while (k < lines.length && chain.length < 8) {
      const s = readSection(lines, k);
      if (!s) break;
      chain.push(s.section);
      k = s.next;
      while (k < lines.length && !lines[k]!.trim()) k++;
      if (lines[k]?.trim() !== 'Caused by:') break;
      k++;
    }
    if (chain.length === 0) continue;
    const primary = (WRAPPERS.has(chain[0]!.errorType) && chain[1]) || chain[0]!;
    out.push({
      language: 'ruby',
      errorType: primary.errorType,
      errorMessage: primary.message,
      frames: primary.frames,
      codeLines: [],
      errorText: primary.text,
      line: primary.line,
      strength: 3,
      innermostFirst: true,
    });
    i = k - 1;
  }
  return out;
}

/** One exception of the report: its class line (or a RuntimeError's bare message), then its frames. */
function readSection(lines: string[], from: number): { section: Section; next: number } | null {
  const first = lines[from]?.trim() ?? '';
  if (!first || END.test(first) || FRAME.test(first)) return null;
  const typed = CLASS_LINE.exec(first);
  const errorType = typed ? typed[1]! : 'RuntimeError';
  const message = typed ? typed[2]!.trim() : first;
  const frames: Frame[] = [];
  let k = from + 1;
  for (; k < Math.min(lines.length, from + 200); k++) {
    const t = lines[k]!.trim();
    if (END.test(t)) break;
    const f = FRAME.exec(t);
    if (f) frames.push({ file: f[1]!, line: Number(f[2]), function: f[3]!, source: null });
    else if (frames.length > 0 && t) break;
    // Lines before the first frame carry on the message; a blank line after the frames ends them.
    else if (frames.length > 0) break;
  }
  // Without one frame and without Rake's closing lines, `x aborted!` was somebody's prose.
  if (frames.length === 0 && !END.test(lines[k]?.trim() ?? '')) return null;
  return { section: { errorType, message, frames, line: from, text: first }, next: k };
}
