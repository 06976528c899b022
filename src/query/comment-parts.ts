import { classifyBlock } from '../text/classify-block.js';
import { ERROR_LINE_START, THROWN_ERROR_NAME } from '../text/error-name.js';

const THROWN_NAME_AT_LINE_START = new RegExp(String.raw`^[ \t]*${THROWN_ERROR_NAME}\b`, 'm');

/** A pasted comment split as a person wrote it: prose, code blocks and error blocks. */
export interface CommentParts {
  prose: string;
  code: string[];
  errors: string[];
}

/**
 * Splits markdown text (an issue comment, a question) into prose, code blocks and error blocks.
 * Fenced blocks are classified with the same rule the corpus uses for `<pre>` blocks; unfenced
 * traceback-looking runs of lines count as error blocks.
 */
export function splitComment(markdown: string): CommentParts {
  const prose: string[] = [];
  const code: string[] = [];
  const errors: string[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let fence: string | null = null;
  let block: string[] = [];
  let loose: string[] = [];
  const flushLoose = () => {
    if (loose.length === 0) return;
    const text = loose.join('\n');
    if (
      classifyBlock(text) === 'error' &&
      (/Traceback|^[ \t]*File "/m.test(text) || THROWN_NAME_AT_LINE_START.test(text))
    ) {
      // An unfenced traceback inside prose: take the traceback lines out as an error block.
      const tb: string[] = [];
      const rest: string[] = [];
      let inTb = false;
      for (const l of loose) {
        if (/Traceback \(most recent call last\)|^\s*File "/.test(l)) inTb = true;
        if (inTb || ERROR_LINE_START.test(l)) tb.push(l);
        else rest.push(l);
        if (inTb && /^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?::|$)/.test(l) && !/^\s/.test(l)) inTb = false;
      }
      if (tb.length) errors.push(tb.join('\n'));
      prose.push(rest.join('\n'));
    } else prose.push(text);
    loose = [];
  };
  for (const line of lines) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence === null && f) {
      flushLoose();
      fence = f[1]!;
      block = [];
      continue;
    }
    if (fence !== null) {
      if (line.trim().startsWith(fence)) {
        const text = withoutBlankEdges(block).join('\n');
        if (text.trim()) (classifyBlock(text) === 'error' ? errors : code).push(text);
        fence = null;
      } else block.push(line);
      continue;
    }
    if (line.trim() === '') flushLoose();
    else loose.push(line);
  }
  if (fence !== null && block.length) code.push(block.join('\n'));
  flushLoose();
  return {
    prose: prose
      .join('\n')
      .replace(/`/g, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    code,
    errors,
  };
}

/** The lines without the blank lines at either end. */
function withoutBlankEdges(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start] === '') start++;
  while (end > start && lines[end - 1] === '') end--;
  return lines.slice(start, end);
}
