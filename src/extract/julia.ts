import type { Frame } from '../types.js';
import { candidate, type Candidate } from './candidate.js';

/**
 * Julia's Test: an error thrown in a test is `Error During Test at /…/test/x.jl:31` (after the test set's
 * name), `Test threw exception` (or `Got exception outside of a @test`), its `Expression:`, then the
 * exception's `showerror` line (`MethodError: no method matching rolling_mean(::Vector{…}, ::Int64)`).
 * The runner's own `ERROR: LoadError: Some tests did not pass: …` wraps it (a script's uncaught
 * `ERROR: LoadError: …` is detect.ts's `juliaError`).
 */
const DURING_TEST = /^(?:\S.{0,200}?: )?Error During Test at (\S.{0,400}?):(\d{1,7})$/;
const THROWN = /^(?:Test threw exception|Got exception outside of a @test)$/;
const SHOWN = /^((?:\w{1,60}\.){0,4}[A-Z]\w{0,60}(?:Error|Exception))(?:: (\S.{0,1000}))?$/;

export function findJuliaFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line.includes('Error During Test')) {
      const at = DURING_TEST.exec(line);
      if (!at) continue;
      // The exception's line: below `Test threw exception` and its `Expression:`.
      for (let k = i + 1; k < Math.min(lines.length, i + 8); k++) {
        const l = lines[k]!.trim();
        if (THROWN.test(l) || l.startsWith('Expression: ')) continue;
        const shown = SHOWN.exec(l);
        if (shown) {
          const frames: Frame[] = [{ file: at[1]!, line: Number(at[2]), function: null, source: null }];
          out.push(candidate('julia', shown[1]!, (shown[2] ?? '').trim(), `${line}\n${l}`, i, 3, frames));
        }
        break;
      }
    }
  }
  return out;
}
