import type { Frame } from '../types.js';
import { candidate, type Candidate } from './candidate.js';

/**
 * PowerShell 7's error view for an error in a script (ConciseView, the default since 7.0, and what a
 * GitHub Actions `pwsh` step prints):
 *
 *     signtool.exe: D:\a\_temp\4e2f.ps1:4
 *     Line |
 *        4 |  signtool.exe sign /fd SHA256 …
 *          |  ~~~~~~~~~~~~
 *          | The term 'signtool.exe' is not recognized as a name of a cmdlet, function, script file,
 *          | or executable program. Check the spelling of the name, or if a path was included, …
 *
 * The message is the gutter's lines below the squiggle, joined (the console wraps them). A command that
 * is not there is `command not found`, as PowerShell 5's record and cmd.exe's are; the view names no
 * exception class otherwise.
 */
const HEADER = /^(\S.{0,200}?): (\S.{0,500}\.ps[md]?1):(\d{1,7})$/;
const CODE = /^\d{1,7} \| /;
const GUTTER = /^\| ?(.*)$/;
const SQUIGGLE = /^\|\s+~+\s*$/;
/**
 * PowerShell's refusal of a command it cannot find, in 5's record (after `cmd : `) and 7's view alike
 * (`the name` before 7, `a name` since); detect.ts reads it on a line of its own.
 */
export const PS_NOT_RECOGNIZED =
  /^(?:\S{1,200} : )?The term '([^']{1,200})' is not recognized as (?:the |a )?name of a cmdlet/;

export function findPowerShellErrors(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i]!.trim() !== 'Line |') continue;
    const head = HEADER.exec(lines[i - 1]!.trim());
    let k = i + 1;
    while (k < lines.length && (CODE.test(lines[k]!.trim()) || SQUIGGLE.test(lines[k]!.trim()))) k++;
    const message: string[] = [];
    for (; k < lines.length && message.length < 20; k++) {
      const g = GUTTER.exec(lines[k]!.trim());
      if (!g) break;
      if (g[1]!.trim()) message.push(g[1]!.trim());
    }
    if (message.length === 0) continue;
    const text = message.join(' ');
    const frames: Frame[] = head ? [{ file: head[2]!, line: Number(head[3]), function: null, source: null }] : [];
    const type = text.startsWith('The term ') && PS_NOT_RECOGNIZED.test(text) ? 'command not found' : null;
    out.push(candidate('shell', type, text, `${lines[i - 1]!.trim()}\n${text}`, i, 3, frames));
    i = k - 1;
  }
  return out;
}
