import type { Frame } from '../types.js';
import { candidate, type Candidate } from './candidate.js';

/**
 * Haskell's uncaught exceptions and hspec's failures, as GHC's runtime and hspec print them:
 *
 * - an uncaught `error` / partial function: the program's name, then the message, then the call stack
 *   (`csvsum: Prelude.head: empty list`, `CallStack (from HasCallStack):`); GHCi prints `*** Exception: `
 *   instead of the name. With the call stack it is an `ErrorCall`; without, GHCi's exception is typed
 *   by no class (`exception`).
 * - hspec: `  1) Module.fn, case, does a thing` under `Failures:`, its location above it
 *   (`test/Spec.hs:23:5:`), then `expected: …` and `but got: …` (HUnitFailure, which hspec-expectations throws).
 */
const CALL_STACK = /^CallStack \(from HasCallStack\):$/;
const PROGRAM_MESSAGE = /^([\w.-]{1,80}): (\S.{0,2000})$/;
const GHCI_EXCEPTION = /^\*\*\* Exception: (\S.{0,2000})$/;
const HSPEC_ITEM = /^\d{1,5}\) \S.{0,500}$/;
const HSPEC_AT = /^(\S{1,500}\.l?hs):(\d{1,7}):\d{1,7}:\s*$/;
const EXPECTED = /^expected: (.{0,2000})$/;
const BUT_GOT = /^but got: (.{0,2000})$/;

export function findHaskellFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  let failures = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === 'Failures:') failures = true;
    const ghci = line.startsWith('*** Exception: ') ? GHCI_EXCEPTION.exec(line) : null;
    const next = lines[i + 1];
    const stacked = next !== undefined && next.includes('CallStack (') && CALL_STACK.test(next.trim());
    if (ghci) {
      out.push(candidate('haskell', stacked ? 'ErrorCall' : 'exception', ghci[1]!.trim(), line, i, 3));
      continue;
    }
    const program = stacked ? PROGRAM_MESSAGE.exec(line) : null;
    if (program) {
      out.push(candidate('haskell', 'ErrorCall', program[2]!.trim(), line, i, 3));
      continue;
    }
    if (failures && HSPEC_ITEM.test(line)) {
      // (RSpec prints `Failures:` and numbered items too; hspec's carry their `.hs` location above.)
      const at = HSPEC_AT.exec((lines[i - 1] ?? '').trim());
      if (!at) continue;
      const expected = EXPECTED.exec((lines[i + 1] ?? '').trim());
      const got = expected ? BUT_GOT.exec((lines[i + 2] ?? '').trim()) : null;
      const message = expected
        ? `expected: ${expected[1]!.trim()}${got ? `\n but got: ${got[1]!.trim()}` : ''}`
        : (lines[i + 1] ?? '').trim();
      if (!message) continue;
      const frames: Frame[] = [{ file: at[1]!, line: Number(at[2]), function: null, source: null }];
      out.push(candidate('haskell', 'HUnitFailure', message, `${line}\n${message}`, i, 3.5, frames));
    }
  }
  return out;
}
