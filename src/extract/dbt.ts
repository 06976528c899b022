import { candidate, type Candidate } from './candidate.js';

/**
 * dbt's errors (dbt-core's CLI output, each line behind its `HH:MM:SS  ` time): a node that failed is
 * reported as `Database Error in model orders (models/marts/orders.sql)` (`Compilation Error`, `Runtime
 * Error`, `Parsing Error`, `Dependency Error`; in a `model`, `test`, `seed`, `snapshot`, `macro`, …), its
 * message on the indented lines below, the database's own message first (`column p.amount does not
 * exist`, then `LINE 31:` and a caret), or a compiler's sentence, after a blank line, for a macro.
 * The class is the error's kind as dbt names it; the path is where it happened.
 */
const DBT_TIME = /^\d\d:\d\d:\d\d {1,4}/;
const NODE_ERROR =
  /^((?:Database|Compilation|Runtime|Parsing|Dependency|DbtRuntime|Env Var) Error) in (?:model|test|seed|snapshot|macro|source|analysis|unit_test|exposure|metric|operation|sql operation|hook) \S{1,300} \(([^)\n]{1,300})\)$/;

export function findDbtFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (!raw.includes(' Error in ')) continue;
    const m = NODE_ERROR.exec(raw.replace(DBT_TIME, '').trim());
    if (!m) continue;
    let message = '';
    for (let k = i + 1; k < Math.min(lines.length, i + 8) && !message; k++) {
      const t = lines[k]!.replace(DBT_TIME, '').trim();
      // The message, not the caret's `LINE n:` nor the compiled file's path.
      if (t && !/^LINE \d+:/.test(t) && !t.startsWith('compiled code at ')) message = t;
    }
    if (!message) continue;
    out.push(
      candidate('sql', m[1]!, message, `${m[1]}: ${message}`, i, 3, [
        { file: m[2]!, line: null, function: null, source: null },
      ]),
    );
  }
  return out;
}
