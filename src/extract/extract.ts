import type { Failure } from '../types.js';
import type { Candidate } from './candidate.js';
import { stripCiFraming } from './ci-framing.js';
import { findActionsErrors } from './actions-errors.js';
import { LANGUAGE_MODULES } from './languages.js';
import { messageTemplate } from './message-template.js';

export interface ExtractOptions {
  /** Keep at most this many distinct failures (primary first). */
  maxFailures?: number;
}

/** Lines longer than this are cut before matching, so no pattern ever sees a huge line. */
const MAX_LINE = 4000;

/**
 * Reads failing output (a CI log, test runner output, or an issue comment) and returns its failures,
 * primary first, deduplicated by error type and message template; `[]` when there is no failure.
 */
export function extractFailures(text: string, opts: ExtractOptions = {}): Failure[] {
  const { lines, markers } = normalizeLines(text);
  const candidates: Candidate[] = [];
  for (const find of LANGUAGE_MODULES) candidates.push(...find(lines));
  if (candidates.length === 0) candidates.push(...findActionsErrors(lines, markers));
  const ranked = candidates
    .filter((c) => c.errorType !== null || c.errorMessage !== '' || c.codeLines.length > 0)
    .sort((a, b) => b.strength - a.strength || a.line - b.line);
  const seen = new Set<string>();
  const out: Failure[] = [];
  for (const c of ranked) {
    const template = messageTemplate(c.errorMessage);
    const key = `${c.errorType ?? ''}\u0000${template}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      language: c.language,
      errorType: c.errorType ?? '',
      errorMessage: c.errorMessage,
      code: c.codeLines.join('\n'),
      frames: c.frames,
      errorText: c.errorText || (c.errorType ? `${c.errorType}: ${c.errorMessage}` : c.errorMessage),
      template,
    });
    if (out.length >= (opts.maxFailures ?? 5)) break;
  }
  return out;
}

/**
 * CI framing and ANSI removed; markdown code fences dropped (their content kept); a comment quoted
 * as a whole with `> ` unquoted (pytest's own `>` markers are left alone).
 */
export function normalizeLines(text: string): { lines: string[]; markers: (string | null)[] } {
  const framed = stripCiFraming(text).filter((l) => !/^\s*(```|~~~)[\w+-]*\s*$/.test(l.text));
  let lines = framed.map((l) => (l.text.length > MAX_LINE ? l.text.slice(0, MAX_LINE) : l.text));
  const markers = framed.map((l) => l.marker);
  const nonEmpty = lines.filter((l) => l.trim() !== '');
  const quoted = nonEmpty.filter((l) => /^>( |$)/.test(l)).length;
  const pytestish = nonEmpty.some((l) => /^E {2,}\S/.test(l));
  if (nonEmpty.length > 0 && quoted / nonEmpty.length >= 0.6 && !pytestish) {
    lines = lines.map((l) => l.replace(/^> ?/, ''));
  }
  return { lines, markers };
}
