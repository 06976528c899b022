import type { Failure } from '../types.js';
import type { Candidate } from './candidate.js';
import { findActionsErrors } from './actions-errors.js';
import { awsApiError } from './aws-api-error.js';
import { detectCandidates, findEslintRows } from './detect.js';
import { LANGUAGE_MODULES } from './languages.js';
import { messageTemplate } from './message-template.js';
import { normalizeText } from './normalize.js';
import { passedRunSpan, runVerdict } from './verdict.js';

export { normalizeLines } from './normalize.js';

export interface ExtractOptions {
  /** Keep at most this many distinct failures (primary first). */
  maxFailures?: number;
}

/**
 * Reads failing output (a CI log, test runner output, or an issue comment) and returns its failures,
 * primary first, deduplicated by error type and message template; `[]` when there is no failure.
 *
 * 1. The text is normalized (`normalize.ts`): CI framing, markdown, log prefixes and hard wraps go.
 * 2. A run whose own summary says it passed (`verdict.ts`) reports nothing.
 * 3. The per-language readers (structure: frames, code) and the language-agnostic detector
 *    (`detect.ts`: tool diagnostics, typed error lines, runtime fatals, shells, notifiers) propose
 *    candidates, each with a strength; wrappers ("exit code 1", `make: ***`, Maven's goal failure) are
 *    weakest, so they are primary only when no cause is printed. A reader may clear a line it knows is
 *    no failure (`notAFailure`: an exception a passing test logged), whoever else proposed it.
 * 4. The strongest candidate is primary; among equals the earliest printed.
 *
 * Frames come innermost last in every language (the order Python prints), so `frames.at(-1)` is where
 * the failure happened.
 */
/** The least strength of a reply's own failure that outranks the failure it quotes or left behind. */
const OWN_FAILURE = 2;
/** Prose that says the failure above was left behind for the one below ("now I get", "a new error"). */
const SUPERSEDED =
  /\b(?:now|then) (?:I|we|it) (?:get|gets|got|see|hit|am getting|'m getting|are getting)\b|\bnow (?:I'm |I am |it's |it is |we're |we are )?(?:getting|failing with|fails with|throws|crashes with|shows)\b|\bnow (?:get|gets|got) (?:this|a|the|an)\b|\b(?:a|another) (?:new|different) error\b/i;

/** How many lines before each line say a failure was left behind (`SUPERSEDED`); one past the end too. */
function supersededBefore(lines: string[]): Uint32Array {
  const before = new Uint32Array(lines.length + 1);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    before[i + 1] = before[i]! + (l.length < 400 && SUPERSEDED.test(l) ? 1 : 0);
  }
  return before;
}

export function extractFailures(text: string, opts: ExtractOptions = {}): Failure[] {
  const { lines, markers, levels, quoted } = normalizeText(text);
  const verdict = runVerdict(lines, markers);
  if (verdict === 'passed') return [];
  // Appended one by one: a spread of a huge candidate list overflows the call stack.
  const candidates: Candidate[] = [];
  const add = (found: Candidate[]) => {
    for (const c of found) candidates.push(c);
  };
  for (const find of LANGUAGE_MODULES) add(find(lines));
  add(findEslintRows(lines));
  add(detectCandidates({ lines, levels }));
  if (!candidates.some((c) => c.strength > 0.2)) add(findActionsErrors(lines, markers));
  // A service container's log, which Actions prints after the job's steps, is context: what failed is the step's.
  const service = serviceLogLines(lines);
  if (service.size) for (const c of candidates) if (service.has(c.line)) c.strength = Math.min(c.strength, 1);
  // A test run that passed, then a failure after it (the next step's): what the run printed is no failure.
  // (An `unknown` verdict saw no success summary: no such run to look for.)
  const run = verdict === 'failed' && candidates.length > 1 ? passedRunSpan(lines) : null;
  if (run && candidates.some((c) => c.line > run[1] && c.strength >= OWN_FAILURE)) {
    for (const c of candidates) if (c.line >= run[0] && c.line < run[1]) c.notAFailure = true;
  }
  const cleared = new Set(candidates.filter((c) => c.notAFailure).map((c) => c.line));
  const ranked = candidates
    .filter((c) => !cleared.has(c.line))
    .filter((c) => c.errorType !== null || c.errorMessage !== '' || c.codeLines.length > 0)
    .sort((a, b) => b.strength - a.strength || a.line - b.line);
  // A reply that quotes an earlier comment's error (`> `) and then pastes its own: its own is the one
  // to answer, when it is a real failure (not a wrapper or a word in prose).
  if (ranked.length > 1 && quoted[ranked[0]!.line]) {
    const own = ranked.findIndex((c) => !quoted[c.line] && c.line > ranked[0]!.line && c.strength >= OWN_FAILURE);
    if (own > 0) ranked.unshift(...ranked.splice(own, 1));
  }
  // A report that tells what it tried: "after upgrading I now get" below one paste and above another
  // says the first is behind them; the last failure so introduced is the one to answer.
  // (Counted once per line: a log of thousands of failures must not rescan its lines for each.)
  let latest = ranked[0];
  const said = ranked.length > 1 ? supersededBefore(lines) : null;
  for (const c of said ? [...ranked].sort((a, b) => a.line - b.line) : []) {
    if (!latest || c.line <= latest.line || c.strength < OWN_FAILURE) continue;
    if (said![c.line]! > said![latest.line + 1]!) latest = c;
  }
  if (latest && latest !== ranked[0]) ranked.unshift(...ranked.splice(ranked.indexOf(latest), 1));
  const seen = new Set<string>();
  const out: Failure[] = [];
  for (const c of ranked) {
    // A generic error line that carries an AWS API's error is known by the API's code (and, where no
    // reader knew the tool's language, is AWS's).
    const aws = c.errorType === null || GENERIC_TYPES.has(c.errorType) ? awsApiError(c.errorMessage) : null;
    if (aws) {
      c.errorType = aws.code;
      c.errorMessage = aws.message;
      if (c.language === 'unknown') c.language = 'aws';
    }
    const template = messageTemplate(c.errorMessage);
    const key = `${c.errorType ?? ''}\u0000${template}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      language: c.language,
      errorType: c.errorType ?? '',
      errorMessage: c.errorMessage,
      code: c.codeLines.join('\n'),
      frames: c.innermostFirst ? [...c.frames].reverse() : c.frames,
      errorText: c.errorText || (c.errorType ? `${c.errorType}: ${c.errorMessage}` : c.errorMessage),
      template,
    });
    if (out.length >= (opts.maxFailures ?? 5)) break;
  }
  return out;
}

/** The types a tool gives an error it has no class for (`Error: …`, `error: …`). */
const GENERIC_TYPES = new Set(['', 'Error', 'error']);

/**
 * The lines of the service containers' logs that GitHub Actions prints when a job with `services:` ends
 * (`Print service container logs: <name>`, then `docker logs --details`), up to the next container's
 * or its `Stop and remove container:` line.
 */
function serviceLogLines(lines: string[]): Set<number> {
  const out = new Set<number>();
  let inside = false;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!;
    if (t.startsWith('Print service container logs: ')) inside = true;
    else if (t.startsWith('Stop and remove container: ')) inside = false;
    else if (inside) out.add(i);
  }
  return out;
}
