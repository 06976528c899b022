import { candidate, type Candidate } from './candidate.js';

/**
 * Linters and scanners whose reports are not `path:line: message` lines, as each documents its output.
 * The rule or advisory is the type.
 * - Bandit: `>> Issue: [B608:hardcoded_sql_expressions] Possible SQL injection vector …`, then its
 *   severity and `Location: ./app/db.py:42:15`.
 * - Psalm: `ERROR: PossiblyNullReference - src/Mailer.php:57:47 - Cannot call method getEmail on possibly
 *   null value (see https://psalm.dev/083)`.
 * - commitlint: `✖   scope must be lower-case [scope-case]` under the `⧗   input:` commit it checked.
 * - govulncheck: `Vulnerability #1: GO-2024-2687`, its summary on the next line.
 * - cargo-semver-checks: `--- failure enum_variant_added: enum variant added on exhaustive enum ---`, a
 *   lint that failed (its summary says which version bump it requires).
 * - pip-audit's columns: `Found 3 known vulnerabilities in 2 packages`, then `Name Version ID Fix Versions`,
 *   a rule and a row per advisory (`jinja2 3.1.4 GHSA-q2x7-8rv6-6q7h 3.1.5`): the first advisory is the type.
 * - SQLFluff's `lint`: `== [models/orders.sql] FAIL`, then a row per violation, `L:   9 | P:   9 | AL03 |
 *   Column expression without alias. Use explicit`, its message wrapped on `|` rows below.
 * - Checkov: `Check: CKV_AWS_24: "Ensure no security groups allow ingress from 0.0.0.0:0 to port 22"`,
 *   then `FAILED for resource: …` (a `PASSED for resource` check is none).
 * - gosec's text report: `[/src/reader.go:112] - G115 (CWE-190): integer overflow conversion int -> int32
 *   (Confidence: MEDIUM, Severity: HIGH)` (no CWE before gosec 2.0), the code around the line below it.
 * - The Dart analyzer (`dart analyze`, and `flutter analyze` from Flutter 3.22): `  error - lib/main.dart:3:3 -
 *   Undefined name 'x'. Try correcting the name to one that is defined, or defining the name. -
 *   undefined_identifier`; older `flutter analyze`: `  error • Undefined name 'x' • lib/main.dart:3:3 •
 *   undefined_identifier`. The diagnostic's code is the type, its message without the correction (`Try …`)
 *   the message; warnings and infos are not failures of their own.
 * - Prettier's `--check`: the files it would change, each as `[warn] src/x.ts`, then `[warn] Code style
 *   issues found in 3 files. Run Prettier with --write to fix.` (Prettier 2: `… in the above file(s).
 *   Forgot to run Prettier?`). Typed `prettier`, the first file listed is where to look.
 */
const PRETTIER_CHECK =
  /^(Code style issues found in (?:\d{1,6} files|the above files?)\. (?:Run Prettier with --write to fix|Forgot to run Prettier\?)\.?)$/;
const PRETTIER_FILE = /^\S{1,400}\.[a-z]{1,10}$/i;
const BANDIT = /^>> Issue: \[(B\d{3})(?::\w{1,80})?\] (\S.{1,1000})$/;
const BANDIT_LOCATION = /^\s{0,8}Location: (?:\.\/)?(\S{1,400}?):(\d{1,7})(?::\d{1,5})?$/;
const PSALM =
  /^ERROR: ([A-Z][A-Za-z]{2,60}) - (\S{1,400}\.php):(\d{1,7}):\d{1,5} - (\S.{1,1000}?)(?: \(see https?:\/\/psalm\.dev\/\d{1,4}\))?$/;
const COMMITLINT = /^✖\s{1,6}(\S.{1,500}?) \[([a-z][\w-]{1,60})\]$/;
const GOVULNCHECK = /^Vulnerability #\d{1,4}: (GO-\d{4}-\d{1,6})$/;
const SEMVER_CHECKS = /^--- failure ([a-z][a-z\d_]{2,80}): (\S.{2,300}) ---$/;
const PIP_AUDIT_FOUND = /^Found \d{1,6} known vulnerabilit(?:y|ies) in \d{1,6} packages?$/;
const PIP_AUDIT_HEADER = /^Name\s+Version\s+ID\s+Fix Versions\b/;
const PIP_AUDIT_ROW = /^\S{1,200}\s+\S{1,60}\s+([A-Z][A-Z\d]{1,10}-[\w-]{2,60})\b/;
const SQLFLUFF_FILE = /^== \[(\S.{0,400})\] FAIL$/;
const SQLFLUFF_ROW = /^L:\s{0,6}(\d{1,7}) \| P:\s{0,6}\d{1,5} \| ([A-Z]{2}\d{2}) \| (\S.{0,1000})$/;
const SQLFLUFF_MORE = /^\s{10,}\| (\S.{0,1000})$/;
const CHECKOV = /^Check: (CKV2?_[A-Z\d]{1,20}_\d{1,5}): "(.{3,500})"$/;
const GOSEC =
  /^\[(\S.{0,400}?):(\d{1,7})(?:-\d{1,7})?\] - (G\d{3})(?: \(CWE-\d{1,5}\))?: (\S.{0,1000}?) \(Confidence: [A-Z]{3,6}, Severity: [A-Z]{3,6}\)$/;

const DART_ANALYZE = /^error - (\S.{0,400}?\.dart):(\d{1,7}):\d{1,5} - (\S.{1,1000}?) - ([a-z][a-z\d_]{1,80})$/;
const FLUTTER_ANALYZE = /^error • (\S.{1,1000}?) • (\S.{0,400}?\.dart):(\d{1,7}):\d{1,5} • ([a-z][a-z\d_]{1,80})$/;
/** The analyzer's correction after its message: `Undefined name 'x'. Try correcting the name …`. */
const DART_CORRECTION = /^(.{2,}?[.?!]) Try \S.*$/;

export function lintReport(lines: string[], line: string, i: number): Candidate | null {
  const c0 = line.charCodeAt(0);
  if (c0 === 0x3e /* > */) {
    const b = BANDIT.exec(line);
    if (!b) return null;
    const c = found('python', b[1]!, b[2]!, line, i);
    for (let k = i + 1; k < Math.min(lines.length, i + 6); k++) {
      const at = BANDIT_LOCATION.exec(lines[k]!);
      if (at) {
        c.frames = [{ file: at[1]!, line: Number(at[2]), function: null, source: null }];
        break;
      }
    }
    return c;
  }
  if (c0 === 0x5b /* [ */) {
    const g = GOSEC.exec(line);
    if (!g) return null;
    const c = found('go', g[3]!, g[4]!, line, i);
    c.frames = [{ file: g[1]!, line: Number(g[2]), function: null, source: null }];
    return c;
  }
  if (line.startsWith('ERROR: ')) {
    const p = PSALM.exec(line);
    if (!p) return null;
    const c = found('php', p[1]!, p[4]!, line, i);
    c.frames = [{ file: p[2]!, line: Number(p[3]), function: null, source: null }];
    return c;
  }
  if (line.startsWith('Code style issues found')) {
    const m = PRETTIER_CHECK.exec(line);
    if (!m) return null;
    const c = found('unknown', 'prettier', m[1]!, line, i);
    // The files are listed above it, one a line (their `[warn] ` gone with the level); the first is where to look.
    let k = i - 1;
    while (k > 0 && PRETTIER_FILE.test(lines[k - 1]!.trim())) k--;
    if (k < i && PRETTIER_FILE.test(lines[k]!.trim()))
      c.frames = [{ file: lines[k]!.trim(), line: null, function: null, source: null }];
    return c;
  }
  if (line.startsWith('✖')) {
    const m = COMMITLINT.exec(line);
    return m ? found('javascript', m[2]!, m[1]!, line, i) : null;
  }
  if (line.startsWith('Vulnerability #')) {
    const v = GOVULNCHECK.exec(line);
    const summary = (lines[i + 1] ?? '').trim();
    return v && summary ? found('go', v[1]!, summary, line, i) : null;
  }
  if (line.startsWith('--- failure ')) {
    const m = SEMVER_CHECKS.exec(line);
    return m ? found('rust', m[1]!, m[2]!, line, i) : null;
  }
  if (line.startsWith('== [')) {
    const f = SQLFLUFF_FILE.exec(line);
    const row = f ? SQLFLUFF_ROW.exec((lines[i + 1] ?? '').trim()) : null;
    if (!f || !row) return null;
    let message = row[3]!.trim();
    for (let k = i + 2; k < Math.min(lines.length, i + 6); k++) {
      const more = SQLFLUFF_MORE.exec(lines[k]!);
      if (!more) break;
      message += ` ${more[1]!.trim()}`;
    }
    // SQLFluff 2+ ends the message with the rule's name: `[aliasing.expression]`.
    const c = found('sql', row[2]!, message.replace(/ \[[a-z_]{2,40}\.[a-z_.]{2,60}\]$/, ''), line, i);
    c.frames = [{ file: f[1]!, line: Number(row[1]), function: null, source: null }];
    return c;
  }
  if (line.startsWith('Check: CKV')) {
    const m = CHECKOV.exec(line);
    return m && /^\s*FAILED for resource: /.test(lines[i + 1] ?? '') ? found('unknown', m[1]!, m[2]!, line, i) : null;
  }
  if (line.startsWith('error ')) {
    const d = DART_ANALYZE.exec(line);
    const f = d ? null : FLUTTER_ANALYZE.exec(line);
    if (!d && !f) return null;
    const [file, at, message, code] = d ? [d[1]!, d[2]!, d[3]!, d[4]!] : [f![2]!, f![3]!, f![1]!, f![4]!];
    const c = found('dart', code, DART_CORRECTION.exec(message)?.[1] ?? message, line, i);
    c.frames = [{ file, line: Number(at), function: null, source: null }];
    return c;
  }
  if (line.startsWith('Found ') && PIP_AUDIT_FOUND.test(line)) {
    // The header, its rule, then the first advisory's row.
    if (!PIP_AUDIT_HEADER.test((lines[i + 1] ?? '').trim())) return null;
    const row = PIP_AUDIT_ROW.exec((lines[i + 3] ?? '').trim());
    return row ? found('python', row[1]!, line, line, i) : null;
  }
  return null;
}

function found(language: string, type: string, message: string, line: string, i: number): Candidate {
  return candidate(language, type, message.trim(), line, i, 3);
}
