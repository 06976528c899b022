import type { SearchResult } from '../engine.js';
import { scrubSecrets } from '../extract/scrub-secrets.js';
import type { Hit } from '../types.js';
import { whyText } from './terminal.js';

export interface MarkdownOptions {
  /** A heading for this block, e.g. the failing job's name. */
  heading?: string;
  /** A link for the heading (the job's log). */
  headingUrl?: string;
  maxResults?: number;
  /** One line under the error (the App's history line). */
  note?: string;
  /** Render each answer as a "helped" task-list box whose hidden marker names this result and the thread. */
  votes?: { resultId: string };
}

/** The hidden marker of an answer's "helped" box (the GitHub glue reads it back from edited comments). */
export function voteMarker(resultId: string, threadId: number): string {
  return `<!-- snippet-search:vote ${resultId} ${threadId} -->`;
}

export const VOTE_HINT = '<sub>Tick a thread that helped: the votes are recorded to train the search.</sub>';

/** One block of ranked answers for a failure, in GitHub-flavoured Markdown (App comments and Action summaries). */
export function resultToMarkdown(r: SearchResult, o: MarkdownOptions = {}): string {
  const out: string[] = [];
  const f = r.failures[0];
  const errorLine = f
    ? [f.errorType, f.errorMessage].filter(Boolean).join(': ')
    : (r.query.error.split('\n').pop() ?? '');
  if (o.heading)
    out.push(`#### ${o.headingUrl ? `[${escapeInline(o.heading)}](${o.headingUrl})` : escapeInline(o.heading)}`);
  if (errorLine) out.push(`\`${escapeCode(scrubSecrets(errorLine)).slice(0, 300)}\``);
  if (o.note) out.push('', o.note);
  out.push('');
  const hits = r.results.slice(0, o.maxResults ?? r.results.length);
  if (hits.length === 0) out.push('_No matching StackOverflow thread._');
  const votes = o.votes;
  if (votes && hits.length) {
    out.push(VOTE_HINT, '');
    hits.forEach((h) => out.push(`- [ ] ${hitLine(h)} ${voteMarker(votes.resultId, h.id)}`));
  } else hits.forEach((h, i) => out.push(`${i + 1}. ${hitLine(h)}`));
  const extracted = [r.query.code, r.query.error].filter((s) => s.trim()).join('\n');
  if (extracted) {
    out.push(
      '',
      '<details><summary>What we searched for</summary>',
      '',
      '```',
      scrubSecrets(extracted).slice(0, 3000).replace(/```/g, "'''"),
      '```',
      '</details>',
    );
  }
  return out.join('\n');
}

function hitLine(h: Hit): string {
  const parts = [`**[${escapeInline(h.title)}](${h.url})**`];
  if (h.answerUrl) parts.push(`([answer](${h.answerUrl}))`);
  parts.push(`· score ${h.score}`);
  const why = whyText(h);
  return `${parts.join(' ')}${why ? `<br><sub>${escapeInline(why)}</sub>` : ''}`;
}

export const ATTRIBUTION =
  'Answers from [StackOverflow](https://stackoverflow.com), licensed [CC BY-SA](https://creativecommons.org/licenses/by-sa/4.0/); follow the links for authors.';

function escapeInline(s: string): string {
  return s.replace(/([\\`*_[\]<>|])/g, '\\$1');
}

function escapeCode(s: string): string {
  return s.replace(/`/g, "'");
}
