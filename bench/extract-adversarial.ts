/**
 * `node dist/bench/extract-adversarial.js [--json]`: extraction on adversarial inputs (long runs of
 * whitespace, brackets, repeated frame headers, 8 MiB single lines…), reported as the worst time per
 * MB. The goal is linear time: under 1000 ms per MB on one core (issue #9: 1 MB of spaces then `Error:`
 * took 451 s). Each case is measured at two sizes (1 MiB: median of three runs; 8 MiB: one run), so a
 * super-linear case shows as a growing ms/MB.
 * Nothing is asserted: this prints numbers for a person or CI to read.
 */
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { extractFailures } from '../src/extract/extract.js';
import { messageTemplate } from '../src/extract/message-template.js';
import { scrubSecrets } from '../src/extract/scrub-secrets.js';

const MB = 1 << 20;

/** Repeats `unit` until the text is about `bytes` long. */
const fill = (unit: string, bytes: number) => unit.repeat(Math.max(1, Math.ceil(bytes / unit.length)));

const CASES: Record<string, (bytes: number) => string> = {
  'spaces then Error:': (n) => `${' '.repeat(n)}Error: x`,
  'spaces, one line each side of an error': (n) => `${' '.repeat(n / 2)}\nValueError: x\n${' '.repeat(n / 2)}x`,
  'tabs and spaces before a newline': (n) => fill(' \t \t        \t\n', n),
  'single line of letters (8 MiB bound)': (n) => 'a'.repeat(n),
  'single line of brackets': (n) => fill('([{<', n),
  'nested open brackets then text': (n) => `${'('.repeat(n)}x`,
  'repeated Traceback headers': (n) => fill('Traceback (most recent call last):\n', n),
  'repeated Python frame lines': (n) => fill('  File "a.py", line 1, in f\n', n),
  'repeated Java frames': (n) => fill('\tat com.acme.A.b(A.java:1)\n', n),
  'repeated goroutine headers': (n) => fill('goroutine 1 [running]:\nmain.main()\n', n),
  'repeated --- FAIL lines': (n) => fill('--- FAIL: TestX (0.00s)\n', n),
  'repeated pytest E lines': (n) => fill('E       assert 1 == 2\n', n),
  'repeated Jest headers': (n) => fill('  ● a › b\n', n),
  'colon-separated path on one line': (n) => `${fill('a:', n)}1: error: x`,
  'dotted name without a suffix': (n) => `${fill('java.', n)}Exception`,
  'exception-name fragments': (n) => fill('ValueError', n) + ': x',
  'repeated typed error lines': (n) => fill('ValueError: bad value 42\n', n),
  'repeated distinct compiler diagnostics': (n) =>
    Array.from({ length: Math.ceil(n / 50) }, (_, i) => `src/m${i}.c:${i}:1: error: bad thing ${i}`).join('\n'),
  'flattened go test output on one line': (n) => fill('=== RUN   TestX --- FAIL: TestX (0.00s)     x_test.go:8: m ', n),
  quotes: (n) => `'${fill("'", n)}`,
  'ANSI escapes': (n) => fill('\u001b[31m\u001b[0m', n),
  'markdown quote and bold on every line': (n) => fill('> **ValueError: x**\n', n),
  'log prefix on every line': (n) => fill('2024-01-01T00:00:00.000Z [ERROR] x\n', n),
  'hard-wrapped at 80 columns': (n) => fill(`${'x'.repeat(80)}\n`, n),
  'CRLF progress redraws': (n) => fill('50%\r', n) + '\n',
  'mojibake lead characters': (n) => fill('ÔΓâ├', n),
  'equal-length distinct lines': (n) =>
    Array.from({ length: Math.ceil(n / 61) }, (_, i) => `${i}`.padStart(60, '-')).join('\n'),
};

export interface AdversarialRow {
  name: string;
  sizeMb: number;
  ms: number;
  msPerMb: number;
}

export interface AdversarialReport {
  goalMsPerMb: number;
  worstMsPerMb: number;
  worstCase: string;
  rows: AdversarialRow[];
}

function time(text: string): number {
  const t0 = performance.now();
  extractFailures(text);
  messageTemplate(text.slice(0, 20_000));
  scrubSecrets(text.slice(0, 200_000));
  return performance.now() - t0;
}

/** Runs every case at each size (default 1 MiB and 8 MiB) and returns the rows and the worst ms/MB. */
export function measureExtractAdversarial(sizes: number[] = [MB, 8 * MB]): AdversarialReport {
  const rows: AdversarialRow[] = [];
  for (const [name, make] of Object.entries(CASES)) {
    time(make(64 * 1024)); // warm the patterns on a small input
    for (const size of sizes) {
      const text = make(size);
      // The median of three runs (one for inputs over 4 MiB): a shared machine's noise is not the code's.
      const runs = size > 4 * MB ? [time(text)] : [time(text), time(text), time(text)].sort((a, b) => a - b);
      const ms = runs[Math.floor(runs.length / 2)]!;
      const sizeMb = text.length / MB;
      rows.push({ name, sizeMb: Math.round(sizeMb * 100) / 100, ms: Math.round(ms), msPerMb: Math.round(ms / sizeMb) });
    }
  }
  const worst = rows.reduce((a, b) => (b.msPerMb > a.msPerMb ? b : a));
  return { goalMsPerMb: 1000, worstMsPerMb: worst.msPerMb, worstCase: worst.name, rows };
}

export function adversarialText(report: AdversarialReport): string {
  const lines = ['extraction on adversarial inputs (one core):'];
  for (const r of report.rows)
    lines.push(
      `  ${r.name.padEnd(44)} ${String(r.sizeMb).padStart(5)} MB ${String(r.ms).padStart(7)} ms ${String(r.msPerMb).padStart(6)} ms/MB`,
    );
  const met = report.worstMsPerMb < report.goalMsPerMb ? '(met)' : '(NOT met)';
  lines.push(`worst: ${report.worstMsPerMb} ms/MB (${report.worstCase}); goal < ${report.goalMsPerMb} ms/MB ${met}`);
  lines.push(`(load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores while measuring)`);
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = measureExtractAdversarial();
  console.log(process.argv.includes('--json') ? JSON.stringify(report) : adversarialText(report));
}
