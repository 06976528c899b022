import { candidate, type Candidate } from './candidate.js';

/**
 * ShellCheck's default (tty) format: `In deploy.sh line 12:`, the source line, then a caret row under
 * the offending part that ends with the finding, `^---^ SC2155 (warning): Declare and assign …`.
 * ShellCheck exits non-zero on a finding of any level it reports, so each is a failure.
 */
const SHELLCHECK_TTY = /^\^-{0,400}\^? (SC\d{4}) \((error|warning|info|style)\): (\S.{1,1000})$/;
const SHELLCHECK_AT = /^In (\S.{0,300}) line (\d{1,7}):$/;
/** ShellCheck's gcc format (`-f gcc`, editors' and reviewdog's): `f.sh:3:8: warning: message [SC2155]`. */
const SHELLCHECK_GCC =
  /^(\S.{0,300}?):(\d{1,7}):(\d{1,5}): (error|warning|info|style|note): (\S.{1,1000}?) \[(SC\d{4})\]$/;
/**
 * Hadolint's tty format: `Dockerfile:16 DL3020 error: Use COPY instead of ADD for files and folders`
 * (its own DLxxxx rules and ShellCheck's SCxxxx for RUN lines; no column).
 */
const HADOLINT = /^(\S.{0,300}?):(\d{1,7}) ((?:DL|SC)\d{4}) (error|warning|info|style): (\S.{1,1000})$/;

/**
 * A finding of ShellCheck or Hadolint on `line` (the detector's view of line `i`), typed by its rule.
 * Hadolint fails a build at a threshold the log does not print (`--failure-threshold`, error by the
 * GitHub Action's default), so its errors outrank its warnings.
 */
export function shellLintFinding(lines: string[], line: string, i: number): Candidate | null {
  // Each format holds its rule's prefix: most lines are done without a pattern.
  if (!line.includes('SC') && !line.includes(' DL')) return null;
  const tty = line.startsWith('^') ? SHELLCHECK_TTY.exec(line) : null;
  if (tty) {
    const source = (lines[i - 1] ?? '').trim();
    const c = finding(tty[1]!, tty[3]!, line, i, 3);
    for (let k = i - 2; k >= Math.max(0, i - 4); k--) {
      const at = SHELLCHECK_AT.exec(lines[k]!.trim());
      if (!at) continue;
      c.frames = [{ file: at[1]!, line: Number(at[2]), function: null, source: source || null }];
      break;
    }
    if (source) c.codeLines = [source];
    return c;
  }
  const gcc = SHELLCHECK_GCC.exec(line);
  if (gcc) return located(finding(gcc[6]!, gcc[5]!, line, i, 3), gcc[1]!, gcc[2]!);
  const hado = HADOLINT.exec(line);
  if (hado) return located(finding(hado[3]!, hado[5]!, line, i, hado[4] === 'error' ? 3 : 2), hado[1]!, hado[2]!);
  return null;
}

function finding(rule: string, message: string, line: string, i: number, strength: number): Candidate {
  return candidate('shell', rule, message.trim(), line, i, strength);
}

function located(c: Candidate, file: string, line: string): Candidate {
  c.frames = [{ file, line: Number(line), function: null, source: null }];
  return c;
}
