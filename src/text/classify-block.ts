/**
 * Tells error output (tracebacks, compiler and runtime error text) from code in a block of text,
 * as SnippeR's documents separate `code` from `error`. The corpus classifies `<pre>` blocks with it
 * and query building classifies pasted fenced blocks with it, so both sides agree.
 */
import { ERROR_NAME } from './error-name.js';

export type BlockKind = 'code' | 'error';

const TRACEBACK = /Traceback \(most recent call last\)|^[ \t]*File "[^"\n]*", line \d+/m;
// Tested one line at a time (no `m` flag, so no scan across lines).
const ERROR_LINE = new RegExp(String.raw`^\s*${ERROR_NAME}(?::\s.*)?\s*$`);
const OTHER_ERROR = /^\s*(?:Error|ERROR|FATAL|Fatal error|Segmentation fault|panic:|error(?:\[E\d+\])?:)/;

export function classifyBlock(block: string): BlockKind {
  if (TRACEBACK.test(block)) return 'error';
  const lines = block.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) return 'code';
  // A short block whose lines are mostly error lines is error output; a long one that merely
  // mentions `raise ValueError` is code.
  const errorish = lines.filter((l) => ERROR_LINE.test(l) || OTHER_ERROR.test(l)).length;
  if (errorish > 0 && (lines.length <= 3 || errorish / lines.length >= 0.3)) return 'error';
  return 'code';
}
