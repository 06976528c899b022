import type { Frame } from '../types.js';
import { candidate, type Candidate } from './candidate.js';

/**
 * Elixir's and Erlang's failures beyond a bare `** (KeyError) …` line (detect.ts reads that one):
 *
 * - Elixir 1.15+ compiler diagnostics: `error: undefined variable "socket"`, a snippet in a box, then
 *   `└─ lib/x.ex:44:30: Mod.fun/3`. The `** (CompileError) lib/x.ex: cannot compile module X (errors
 *   have been logged)` after them only wraps them (detect.ts weakens it).
 * - ExUnit's failures: `  1) test adds two numbers (MathTest)`, the test's `file:line`, then its
 *   message: `Assertion with == failed` (ExUnit.AssertionError, which prints no class) or `** (MatchError)
 *   …` for an exception the test raised. The runner's verdict: stronger than what tests logged.
 * - Mix's error behind an unanswered prompt: `Shall I install Hex? … [Yn] ** (Mix) Could not find …`.
 * - Erlang's boot failure, `{"init terminating in do_boot",{undef,[{loadgen,main,[],[]},…]}}`: the reason
 *   (`undef`, or `badmatch` of `{{badmatch,…},…}`) is the type.
 * - Erlang's shell and escript: `** exception error: no match of right hand side value {error,enoent}`
 *   (`escript: exception error: …`); the reason the description spells (erl_error's wording) is the type.
 */
const DIAGNOSTIC = /^error: (\S.{0,2000})$/;
const DIAGNOSTIC_AT = /^└─ (\S{1,500}\.(?:exs?|heex|eex|leex)):(\d{1,7})(?::\d{1,7})?(?::|$)/;
const EXUNIT_HEADER = /^\d{1,5}\) (?:test|doctest|property) .{1,500} \(([\w.]{1,200})\)$/;
const EXUNIT_AT = /^(\S{1,500}\.exs?):(\d{1,7})$/;
const RAISED = /^\*\* \(([\w.]{1,200})\) (\S.{0,2000})$/;
const PROMPT_GLUED = /\[(?:Yn|yN|YN|yn)\] \*\* \(([\w.]{1,200})\) (\S.{0,2000})$/;
const DO_BOOT = /^\{"init terminating in do_boot",\{(\{)?([a-z]\w{0,60})\b/;
const ERLANG_EXCEPTION = /^(?:\*\* |escript: )?exception (error|exit|throw): (\S.{0,2000})$/;

/** erl_error's descriptions of the standard error reasons, and the reasons they stand for. */
const ERLANG_REASONS: Array<[RegExp, string]> = [
  [/^no match of right hand side value\b/, 'badmatch'],
  [/^undefined function \S/, 'undef'],
  [/^no function clause matching\b/, 'function_clause'],
  [/^no case clause matching\b/, 'case_clause'],
  [/^no try clause matching\b/, 'try_clause'],
  [/^no true branch found when evaluating an if expression\b/, 'if_clause'],
  [
    /^an error occurred when evaluating an arithmetic expression\b|^bad argument in an arithmetic expression\b/,
    'badarith',
  ],
  [/^bad argument\b/, 'badarg'],
  [/^bad function\b/, 'badfun'],
  [/^interpreted function with arity \d+ called with\b|^fun .{1,200} called with \d+ arguments?\b/, 'badarity'],
];

export function findElixirFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line.startsWith('error: ')) {
      const d = DIAGNOSTIC.exec(line);
      // Its location closes the box below: `└─ lib/x.ex:44:30: …`, within a snippet's few lines.
      for (let k = i + 1; d && k < Math.min(lines.length, i + 16); k++) {
        const l = lines[k]!.trim();
        const at = DIAGNOSTIC_AT.exec(l);
        if (at) {
          const frames: Frame[] = [{ file: at[1]!, line: Number(at[2]), function: null, source: null }];
          out.push(candidate('elixir', 'error', d[1]!.trim(), line, i, 3, frames));
          break;
        }
        if (!l.startsWith('│') && !/^\d{1,7} │/.test(l) && l !== '') break;
      }
      continue;
    }
    const header = /^\d/.test(line) ? EXUNIT_HEADER.exec(line) : null;
    if (header) {
      const at = EXUNIT_AT.exec((lines[i + 1] ?? '').trim());
      const first = (lines[i + 2] ?? '').trim();
      if (!at || first === '' || /^(?:code|left|right|stacktrace):/.test(first)) continue;
      const frames: Frame[] = [{ file: at[1]!, line: Number(at[2]), function: null, source: null }];
      const raised = RAISED.exec(first);
      const text = `${line}\n${first}`;
      out.push(
        raised
          ? candidate('elixir', raised[1]!, raised[2]!.trim(), text, i + 2, 3.5, frames)
          : candidate('elixir', 'ExUnit.AssertionError', first, text, i + 2, 3.5, frames),
      );
      continue;
    }
    const glued = line.includes('] ** (') ? PROMPT_GLUED.exec(line) : null;
    if (glued) {
      out.push(candidate('elixir', glued[1]!, glued[2]!.trim(), line, i, 3));
      continue;
    }
    const boot = line.startsWith('{"init terminating') ? DO_BOOT.exec(line) : null;
    if (boot) {
      out.push(candidate('erlang', boot[2]!, line, line, i, 3));
      continue;
    }
    const ex = line.includes('exception ') ? ERLANG_EXCEPTION.exec(line) : null;
    if (ex) {
      const description = ex[2]!.trim();
      const reason = ex[1] === 'error' ? ERLANG_REASONS.find(([re]) => re.test(description))?.[1] : undefined;
      out.push(candidate('erlang', reason ?? ex[1]!, description, line, i, 3));
    }
  }
  return out;
}
