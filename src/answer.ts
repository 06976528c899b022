/**
 * The one decision every surface shares (GitHub App, Action): given failing output, is there an
 * answer worth posting, and if not, why not. Pure apart from the `search` it is handed; it never
 * touches GitHub (no probot or octokit import here).
 */
import type { SearchResult } from './engine.js';

export interface AnswerPolicy {
  /** Stay quiet when the best result scores below this (the repository's `minScore`). */
  minScore: number;
  /** Only answer failures in these languages (empty: all). */
  languages: readonly string[];
}

export type AnswerVerdict =
  { answer: true; result: SearchResult } | { answer: false; reason: string; result: SearchResult };

/** Judges one search result against the policy; the reason says why we stay quiet. */
export function judgeResult(result: SearchResult, policy: AnswerPolicy): AnswerVerdict {
  const primary = result.failures[0];
  if (!primary) return { answer: false, reason: 'no failure found in the text', result };
  if (result.results.length === 0) return { answer: false, reason: 'no matching thread', result };
  if (policy.languages.length && !policy.languages.includes(primary.language))
    return { answer: false, reason: `language ${primary.language} is not in languages`, result };
  if (result.confident === false)
    return {
      answer: false,
      reason: result.reason
        ? `no confident answer: ${result.reason}`
        : `no confident answer${result.confidence === undefined ? '' : ` (confidence ${result.confidence})`}`,
      result,
    };
  const best = result.results[0]!.score;
  if (best < policy.minScore)
    return { answer: false, reason: `best score ${best} is below minScore ${policy.minScore}`, result };
  return { answer: true, result };
}

export interface FailingText {
  /** What the text is (a job name, a log file name). */
  name: string;
  text: string;
}

export interface AnsweredFailure {
  name: string;
  verdict: AnswerVerdict;
}

/**
 * Searches each failing text and judges the result: the App (one job log) and the Action (its logs)
 * both decide here whether there is a failure worth answering.
 */
export async function answerFailures(
  inputs: readonly FailingText[],
  search: (text: string) => Promise<SearchResult>,
  policy: AnswerPolicy,
): Promise<AnsweredFailure[]> {
  const out: AnsweredFailure[] = [];
  for (const input of inputs) out.push({ name: input.name, verdict: judgeResult(await search(input.text), policy) });
  return out;
}
