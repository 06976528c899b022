import type { Document } from '../types.js';
import { classifyBlock } from '../text/classify-block.js';
import { errorKeyword } from '../text/error-name.js';
import { htmlToText } from './html-to-text.js';
import type { RawThread } from './thread.js';

/** Longest best-answer text kept per document (characters); the head of an answer carries the fix. */
export const MAX_ANSWER_CHARS = 6000;
/** Longest question body kept per document (characters). */
export const MAX_BODY_CHARS = 8000;

/**
 * Turns a thread into a SnippeR-style document: the question's `<pre>` blocks are split into `code` and
 * `error`, the error type parsed into `keyword`, plus `title`, `body` and `bestAnswer` as text.
 */
export function toDocument(thread: RawThread): Document {
  let body = '';
  const code: string[] = [];
  const error: string[] = [];
  if (thread.questionHtml) {
    const q = htmlToText(thread.questionHtml);
    body = q.text.slice(0, MAX_BODY_CHARS);
    for (const block of q.blocks) (classifyBlock(block) === 'error' ? error : code).push(block);
  }
  const best = thread.answers[0];
  const bestAnswer = best ? htmlToText(best.html).text.slice(0, MAX_ANSWER_CHARS) : '';
  const errorText = error.join('\n');
  return {
    id: thread.id,
    url: thread.url,
    title: thread.title,
    body,
    code: code.join('\n'),
    error: errorText,
    keyword: errorText ? errorKeyword(errorText) : null,
    bestAnswer,
    answerUrl: best?.id != null ? answerUrl(thread.url, best.id) : null,
    tags: thread.tags,
    score: thread.score,
    answerCount: thread.answers.length,
  };
}

function answerUrl(questionUrl: string, answerId: number): string {
  const m = /^(https?:\/\/[^/]+)\//.exec(questionUrl);
  return `${m ? m[1] : 'https://stackoverflow.com'}/a/${answerId}`;
}
