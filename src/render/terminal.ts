import type { SearchResult } from '../engine.js';
import { scrubSecrets } from '../extract/scrub-secrets.js';
import type { Hit } from '../types.js';

/**
 * The terminal view of a search: what was understood, then the ranked threads, or "no confident match"
 * (the candidates only with `all`).
 */
export function searchToText(r: SearchResult, opts: { all?: boolean } = {}): string {
  const out: string[] = [];
  const f = r.failures[0];
  if (f)
    out.push(
      `Error: ${scrubSecrets([f.errorType, f.errorMessage].filter(Boolean).join(': '))}${r.failures.length > 1 ? `  (+${r.failures.length - 1} more)` : ''}`,
    );
  else out.push('No failure recognized; searching the text as written.');
  if (r.results.length === 0) {
    out.push(r.reason ? `No matching threads: ${r.reason}.` : 'No matching threads.');
    return out.join('\n') + '\n';
  }
  const why = r.reason ?? 'the threads found do not speak of this error';
  if (!r.confident && !opts.all) {
    out.push(
      `No confident match (confidence ${r.confidence.toFixed(2)}): ${why}. Run with --all to see the candidates anyway.`,
    );
    return out.join('\n') + '\n';
  }
  if (!r.confident)
    out.push(
      `No confident match (confidence ${r.confidence.toFixed(2)}${r.reason ? `; ${r.reason}` : ''}); the candidates anyway:`,
    );
  out.push('');
  r.results.forEach((h, i) => out.push(...hitLines(h, i + 1)));
  out.push(`Results from StackOverflow (CC BY-SA), ranked by ${r.retriever}.`);
  return out.join('\n') + '\n';
}

function hitLines(h: Hit, rank: number): string[] {
  const lines = [`${rank}. ${h.title}  [score ${h.score}]`, `   ${h.url}`];
  if (h.answerUrl) lines.push(`   answer: ${h.answerUrl}`);
  const why = whyText(h);
  if (why) lines.push(`   why: ${why}`);
  lines.push('');
  return lines;
}

/** "same error type; shares read_csv, encoding" */
export function whyText(h: Hit): string {
  const parts: string[] = [];
  if (h.why.sameErrorType) parts.push('same error type');
  if (h.why.sharedTerms.length) parts.push(`shares ${h.why.sharedTerms.join(', ')}`);
  return parts.join('; ');
}
