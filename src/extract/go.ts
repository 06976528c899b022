import type { Frame } from '../types.js';
import type { Candidate } from './candidate.js';

const PANIC = /^panic:\s*(.+?)\s*$/;
const FAIL_TEST = /^\s*--- FAIL: (\S+)/;
const TEST_MSG = /^\s+(\S+\.go):(\d+):\s?(.*)$/;
const PKG_HEADER = /^# (\S+)$/;
const COMPILE = /^(\S+\.go):(\d+)(?::(\d+))?: (.+)$/;

/** Go: `panic:` with goroutine frames, `--- FAIL` test messages, and compiler errors under `# package`. */
export function findGoFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const p = PANIC.exec(line.trim());
    if (p && /^panic:/.test(line.trimStart())) {
      const frames: Frame[] = [];
      for (let k = i + 1; k < Math.min(lines.length, i + 200); k++) {
        const fn = lines[k]!;
        const loc = /^\s+(\S+\.go):(\d+)/.exec(lines[k + 1] ?? '');
        if (/^\S[^\n\r(\u2028\u2029]*\(.*\)$/.test(fn) && loc) {
          frames.push({ file: loc[1]!, line: Number(loc[2]), function: fn.replace(/\(.*\)$/, ''), source: null });
          k++;
        } else if (/^exit status \d+|^FAIL\b/.test(fn)) break;
      }
      out.push({
        language: 'go',
        errorType: 'panic',
        errorMessage: p[1]!.replace(/\s*\[recovered\]$/, ''),
        frames,
        codeLines: [],
        errorText: line.trim(),
        line: i,
        strength: 3,
      });
      continue;
    }
    const f = FAIL_TEST.exec(line);
    if (f) {
      const m = TEST_MSG.exec(lines[i + 1] ?? '');
      if (m) {
        let message = m[3]!.trim();
        // testify: `file_test.go:12:` then "Error Trace:", "Error: Not equal:" … lines.
        if (!message || /^Error Trace:/.test(message)) {
          const err = lines
            .slice(i + 1, i + 12)
            .map((l) => /^\s+Error:\s+(.+)$/.exec(l))
            .find(Boolean);
          if (err) message = err[1]!.trim();
        }
        out.push({
          language: 'go',
          errorType: 'test failure',
          errorMessage: message,
          frames: [{ file: m[1]!, line: Number(m[2]), function: f[1]!, source: null }],
          codeLines: [],
          errorText: lines
            .slice(i, i + 4)
            .map((l) => l.trim())
            .join('\n'),
          line: i,
          strength: 2,
        });
      }
      continue;
    }
    if (PKG_HEADER.test(line)) {
      const c = COMPILE.exec(lines[i + 1] ?? '');
      if (c) {
        out.push({
          language: 'go',
          errorType: 'build failed',
          errorMessage: c[4]!.trim(),
          frames: [{ file: c[1]!, line: Number(c[2]), function: null, source: null }],
          codeLines: [],
          errorText: lines[i + 1]!.trim(),
          line: i + 1,
          strength: 3,
        });
      }
    }
  }
  return out;
}
