import { THROWN_ERROR_NAME } from '../text/error-name.js';
import type { Candidate } from './candidate.js';

const BARE = new RegExp(String.raw`^\s*(?:Uncaught |Error: )?(${THROWN_ERROR_NAME}): (\S.{0,500})$`);
const JS_HINTS = /\bundefined\b|is not a function|Cannot read propert|is not defined|Unexpected token/;

/**
 * A lone error line, as people paste them in issues without a traceback: `RuntimeError: CUDA out of
 * memory…`, `TypeError: Cannot read properties of undefined…`. Weakest evidence; used when nothing
 * stronger is found. Lines inside log chatter (timestamps, levels) do not count.
 */
export function findBareErrorLines(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(?:\[?\d{4}-\d\d-\d\d|\[?(?:INFO|DEBUG|WARN(?:ING)?|ERROR)\b)/.test(line)) continue;
    const m = BARE.exec(line);
    if (!m) continue;
    const language = JS_HINTS.test(m[2]!)
      ? 'javascript'
      : /^(System|Microsoft)\./.test(m[1]!)
        ? 'csharp'
        : /^[a-z]+\.[a-z]/.test(m[1]!)
          ? 'java'
          : 'python';
    out.push({
      language,
      errorType: m[1]!,
      errorMessage: m[2]!.trim(),
      frames: [],
      codeLines: [],
      errorText: line.trim(),
      line: i,
      strength: 1,
    });
  }
  return out;
}
