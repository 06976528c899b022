import type { Candidate } from './candidate.js';
import { languageOfPath } from './path-language.js';

/**
 * Biome's console diagnostics (`biome check`, `biome lint`, `biome ci`; Rome's before it): a header with
 * the file, where, and the category, ruled to the width, then the message behind its severity mark:
 *
 *     src/handlers/stripe.ts:27:38 lint/suspicious/noExplicitAny ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
 *
 *       ✖ Unexpected any. Specify a different type.
 *
 *       > 27 │   payload: Record<string, unknown> | any,
 *
 * `✖` (`×` in some terminals) marks an error, `!` a warning, `ℹ` a note. The category is the type
 * (`lint/style/useConst`, `format`, `parse`); the frame's row numbered as the header's line is the code. A header without a
 * file (`check ━━━`, "Some errors were emitted while running checks.") is Biome's own verdict.
 */
const HEADER =
  /^(\S{1,300}?\.\w{1,10})(?::(\d{1,7}):\d{1,5})? ([a-z][\w-]{0,40}(?:\/[\w-]{1,60}){0,3})(?: {1,4}[A-Z]{3,20})* {1,4}━{3,}$/;
const ERROR_MARK = /^\s{0,6}[✖×] (\S.{0,1000})$/;
/** A row of the code frame; the failing one is numbered as the header's line (its `>` may be gone with a quote's). */
const CODE_ROW = /^\s{0,8}(?:> ?)?(\d{1,7}) │ ?(.*)$/;

export function findBiomeDiagnostics(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.endsWith('━━━')) continue;
    const h = HEADER.exec(line.trim());
    if (!h) continue;
    let k = i + 1;
    while (k < Math.min(lines.length, i + 4) && !lines[k]!.trim()) k++;
    const mark = ERROR_MARK.exec(lines[k] ?? '');
    // A warning (`!`) or a note fails nothing.
    if (!mark) continue;
    let code: string | null = null;
    for (let c = k + 1; c < Math.min(lines.length, k + 12) && code === null; c++) {
      if (lines[c]!.trim().endsWith('━━━')) break;
      const row = CODE_ROW.exec(lines[c]!);
      if (row && row[1] === h[2]) code = row[2]!.trim();
    }
    const language = languageOfPath(h[1]!);
    out.push({
      language: language === 'unknown' ? 'javascript' : language,
      errorType: h[3]!,
      errorMessage: mark[1]!.trim(),
      frames: [{ file: h[1]!, line: h[2] ? Number(h[2]) : null, function: null, source: code }],
      codeLines: code ? [code] : [],
      errorText: `${h[3]!}: ${mark[1]!.trim()}`,
      line: i,
      strength: 3,
    });
    i = k;
  }
  return out;
}
