import type { Candidate } from './candidate.js';

/**
 * The Scala 3 compiler's diagnostics, as sbt, Mill and scala-cli print them (sbt puts `[error] ` before
 * each line): a header `-- [E008] Not Found Error: src/main/scala/Sync.scala:74:17 ----`, the source line
 * in a gutter (`74 |    val b = fetch().retryWith(p)`), a caret row (`   |            ^^^^^^^^^`), then the
 * message on the gutter's following lines (`   |value retryWith is not a member of …`). A diagnostic with
 * no error code names only its kind (`-- Error: …`); warnings share the shape and are skipped. Scala 2's
 * `[error] File.scala:12:5: message` is the detector's (a located diagnostic at the error level).
 */
const HEADER =
  /^-- (?:\[(E\d{3,4})\] )?((?:[A-Z][a-z]{1,20} ){0,4}(?:Error|Warning|Info))(?:: (\S.{0,500}?):(\d{1,7}):(\d{1,5}))?(?: -*)?\s*$/;
/**
 * ScalaTest's failed test, as its reporter prints it (under sbt's `[info] `): `- should parse it ***
 * FAILED ***` (with ` (12 milliseconds)` when durations are on), then the failure's message, indented,
 * ending with its location: `Left(x) was not equal to Right(1) (OrderParserSpec.scala:42)`. An assertion's
 * failure is a TestFailedException (ScalaTest prints no class); a test that threw names the exception
 * (`java.lang.IllegalStateException: boom`).
 */
const SCALATEST_FAILED = /^- .{1,500} \*\*\* FAILED \*\*\*(?: \(\d{1,9} (?:milliseconds?|seconds?)\))?$/;
const SCALATEST_MESSAGE = /^(\S.{0,2000}?)(?: \((\S{1,300}\.scala):(\d{1,7})\))?$/;
const THROWN = /^((?:[a-z_]\w{0,80}\.){1,10}[A-Z][\w$]{0,80}(?:Exception|Error))(?:: (.*))?$/;
const SOURCE = /^\d{1,7} ?\|(.*)$/;
const GUTTER = /^\|(.*)$/;
const CARETS = /^\s*\^+\s*$/;

export function findScalaFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.includes('*** FAILED ***') && SCALATEST_FAILED.test(line.trim())) {
      const m = SCALATEST_MESSAGE.exec((lines[i + 1] ?? '').trim());
      if (!m) continue;
      const thrown = THROWN.exec(m[1]!);
      out.push({
        language: 'scala',
        errorType: thrown ? thrown[1]! : 'TestFailedException',
        errorMessage: thrown ? (thrown[2] ?? '').trim() : m[1]!.trim(),
        frames: m[2] ? [{ file: m[2], line: Number(m[3]), function: null, source: null }] : [],
        codeLines: [],
        errorText: `${line.trim()}\n${m[0]}`,
        line: i + 1,
        // The runner's verdict, stronger than what the tests logged.
        strength: 3.5,
      });
      continue;
    }
    if (!line.startsWith('-- ')) continue;
    const h = HEADER.exec(line.trim());
    if (!h || !h[2]!.endsWith('Error')) continue;
    let code: string | null = null;
    let message = '';
    for (let k = i + 1; k < Math.min(lines.length, i + 30); k++) {
      const l = lines[k]!.trim();
      const src = SOURCE.exec(l);
      if (src) {
        code ??= src[1]!.trim() || null;
        continue;
      }
      const g = GUTTER.exec(l);
      if (!g) break;
      if (CARETS.test(g[1]!) || !g[1]!.trim()) continue;
      message = g[1]!.trim();
      break;
    }
    out.push({
      language: 'scala',
      errorType: h[1] ?? h[2]!,
      errorMessage: message,
      frames: h[3] ? [{ file: h[3], line: Number(h[4]), function: null, source: code }] : [],
      codeLines: code ? [code] : [],
      errorText: message ? `${line.trim()}\n${message}` : line.trim(),
      line: i,
      strength: 3,
    });
  }
  return out;
}
