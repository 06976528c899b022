import type { Frame } from '../types.js';
import { candidate, type Candidate } from './candidate.js';

/**
 * Clojure's `clojure.main` reports (1.10 and later, its "REPL and main entry points" guide): the phase,
 * the class in parentheses where there is one, the place, then the message on the next line:
 * `Execution error (NullPointerException) at app.core/load-config (core.clj:12).`, `Syntax error
 * compiling at (app/core.clj:3:1).` / `Unable to resolve symbol: foo in this context`. Without a class
 * the phase names the failure (`Syntax error`); `ex-info` is `ExceptionInfo`.
 */
const REPORT =
  /^(Execution error|Syntax error(?: reading source| macroexpanding| compiling)?|Error printing return value)(?: \(([\w.$]{1,200})\))?(?: (?:compiling|macroexpanding|reading source))? at (?:\S{1,300} )?\((\S{1,300}?):(\d{1,7})(?::\d{1,5})?\)\.$/;

export function findClojureFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line.includes(' error') || !line.endsWith(').')) continue;
    const m = REPORT.exec(line);
    if (!m) continue;
    const message = (lines[i + 1] ?? '').trim();
    const type = m[2] ?? (m[1]!.startsWith('Syntax error') ? 'Syntax error' : m[1]!);
    const frames: Frame[] = m[3] === 'REPL' ? [] : [{ file: m[3]!, line: Number(m[4]), function: null, source: null }];
    out.push(candidate('clojure', type, message, `${line}\n${message}`, i, 3, frames));
  }
  return out;
}
