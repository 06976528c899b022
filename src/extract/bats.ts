import { candidate, type Candidate } from './candidate.js';

/**
 * bats (Bash Automated Testing System), its TAP report: `not ok 17 install: resolves 'latest'`, then
 * `#` diagnostics naming where it failed (`# (in test file test/install.bats, line 58)`, through a
 * helper: `# (from function `assert_output' in file …, line 194,`) and what: `#   `assert_output
 * "1.24.1"' failed` (`… failed with status 2` for a command). No class: the failed command is the message.
 */
const NOT_OK = /^not ok \d{1,6} (\S.{0,500})$/;
const FAILED = /^#\s{1,8}(`.{1,1000}' failed(?: with status \d{1,3})?)$/;
/** The test file's line, alone (`# (in test file x.bats, line 58)`) or under a helper's (`#  in test file …`). */
const TEST_FILE = /^#\s{1,4}\(?in test file (\S{1,300}), line (\d{1,7})\)/;

export function findBatsFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('not ok ') || !NOT_OK.test(line)) continue;
    let file: RegExpExecArray | null = null;
    for (let k = i + 1; k < Math.min(lines.length, i + 12) && lines[k]!.startsWith('#'); k++) {
      const t = lines[k]!;
      file = TEST_FILE.exec(t) ?? file;
      const failed = FAILED.exec(t);
      if (!failed) continue;
      const frames = file ? [{ file: file[1]!, line: Number(file[2]), function: null, source: null }] : [];
      out.push(candidate('shell', null, failed[1]!, `${line}\n${t.replace(/^#\s*/, '')}`, i, 3, frames));
      break;
    }
  }
  return out;
}
