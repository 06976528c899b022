import { candidate, lineNumber, type Candidate } from './candidate.js';

/**
 * Security scanners and linters of deployment files that fail a build with findings, as each prints its
 * plain-text report. The advisory's or rule's id is the type (what people search by); the first finding
 * that fails the run is the failure.
 * - cargo-audit: a block per advisory, `Crate:`, `Version:`, `Title:`, `Date:`, `ID: RUSTSEC-2024-0399`,
 *   `URL:`, `Solution:`; a block with a `Warning:` field (`unmaintained`, `yanked`) fails nothing.
 * - bundler-audit: `Name: rack`, `Version:`, `CVE: CVE-2025-25186` (or `GHSA:` alone), `Criticality:`,
 *   `URL:`, `Title: …`, `Solution:`.
 * - gitleaks (`-v`): `Finding:`, `Secret:`, `RuleID: slack-webhook-url`, `File:`, `Line:` per leak, then
 *   its logger's `WRN leaks found: 2`, which is the message.
 * - Snyk CLI: `✗ Remote Code Execution (RCE) [Critical Severity][https://security.snyk.io/vuln/SNYK-PHP-…]
 *   in facade/ignition@2.5.1`.
 * - cfn-lint: `E3012 '1024MB' is not of type 'integer'` above `template.yaml:82:7` (a `W…` rule warns).
 * - KubeLinter: `rendered.yaml: (object: ns/name apps/v1, Kind=Deployment) container "api" does not have a
 *   read-only root file system (check: no-read-only-root-fs, remediation: …)`.
 * - Trivy's table: a row per finding, `│ form-data │ CVE-2025-7783 │ CRITICAL │ fixed │ 4.0.0 │ 4.0.4 │
 *   form-data: Unsafe random function in form-data │`, the title going on in the rows below it.
 * - `pnpm audit`'s box per advisory: `│ high │ Axios is vulnerable to DoS attack through lack of data │`
 *   (wrapped), `Package`, `Vulnerable versions`, …, `│ More info │ https://github.com/advisories/GHSA-… │`.
 * - OWASP dependency-check's failure (its Gradle and Maven plugins): `One or more dependencies were
 *   identified with vulnerabilities that have a CVSS score greater than or equal to '7.0': CVE-2023-6378,
 *   …` (the Maven plugin lists the jars and their ids on the lines below instead); the first id is the type.
 * A scanner fails on a severity, and may list findings below it too: the most severe finding comes first
 * (its strength a little higher), then the earliest.
 */
const CARGO_AUDIT_CRATE = /^Crate:\s{1,8}\S{1,200}$/;
const BUNDLER_AUDIT_NAME = /^Name: \S{1,200}$/;
const FIELD = /^([A-Z][\w ]{1,20}):\s{1,12}(\S.{0,1000})$/;
const GITLEAKS_FINDING = /^Finding:\s{1,12}\S/;
const GITLEAKS_SUMMARY = /\b(leaks found: \d{1,7})$/;
const SNYK =
  /^✗ (\S.{0,500} \[(Low|Medium|High|Critical) Severity\]\[\S{1,300}\/(SNYK-[A-Z\d-]{3,100})\] in \S{1,300})$/;
const CFN_LINT = /^(E\d{4}) (\S.{0,1000})$/;
const CFN_LOCATION = /^(\S{1,300}\.(?:ya?ml|json|template)):(\d{1,7}):\d{1,5}$/;
const SEVERITY_RANK = new Map([
  ['critical', 0.3],
  ['high', 0.2],
  ['moderate', 0.1],
  ['medium', 0.1],
  ['low', 0],
  ['unknown', 0],
]);
/** A CVE's or a GitHub advisory's id, the ids most scanners name a finding by. */
const CVE_OR_GHSA = String.raw`CVE-\d{4}-\d{4,7}|GHSA(?:-[\da-z]{4}){3}`;
const ADVISORY_ID = new RegExp(String.raw`^(?:${CVE_OR_GHSA}|RUSTSEC-\d{4}-\d{4}|GO-\d{4}-\d{4,6})$`);
const ADVISORY_URL = new RegExp(String.raw`\/(${CVE_OR_GHSA})\b`);
const DEPENDENCY_CHECK =
  /^(?:Dependency-Analyze Failure:\s{0,4})?(One or more dependencies were identified with vulnerabilities that have a CVSS score greater than (?:or equal to )?'[\d.]{1,5}':.{0,2000})$/;
const ANY_ADVISORY = new RegExp(String.raw`\b(${CVE_OR_GHSA})\b`);
const KUBE_LINTER =
  /^\S{1,300}: \(object: [^)\n]{1,300}\) (\S.{0,1000}?) \(check: ([a-z][\w-]{1,80}), remediation: .{0,1000}\)$/;

export function findSecurityReports(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (CARGO_AUDIT_CRATE.test(line) || BUNDLER_AUDIT_NAME.test(line) || GITLEAKS_FINDING.test(line)) {
      const c = advisoryBlock(lines, i);
      if (c) out.push(c);
      continue;
    }
    const snyk = line.startsWith('✗ ') ? SNYK.exec(line) : null;
    if (snyk) {
      out.push(candidate('unknown', snyk[3]!, snyk[1]!, line, i, 3 + SEVERITY_RANK.get(snyk[2]!.toLowerCase())!));
      continue;
    }
    const cfn = CFN_LINT.exec(line);
    const at = cfn ? CFN_LOCATION.exec((lines[i + 1] ?? '').trim()) : null;
    if (cfn && at) {
      out.push(
        candidate('aws', cfn[1]!, cfn[2]!.trim(), line, i, 3, [
          { file: at[1]!, line: Number(at[2]), function: null, source: null },
        ]),
      );
      continue;
    }
    const owasp = line.includes('One or more dependencies were identified') ? DEPENDENCY_CHECK.exec(line) : null;
    if (owasp) {
      let id = ANY_ADVISORY.exec(owasp[1]!);
      for (let k = i + 1; k < Math.min(lines.length, i + 6) && !id; k++) id = ANY_ADVISORY.exec(lines[k]!);
      out.push(candidate('java', id ? id[1]! : null, owasp[1]!.trim(), line, i, 3));
      continue;
    }
    const table = line.startsWith('│') ? tableFinding(lines, i) : null;
    if (table) {
      out.push(table);
      continue;
    }
    const kube = line.includes('(check: ') ? KUBE_LINTER.exec(line) : null;
    if (kube) out.push(candidate('kubernetes', kube[2]!, kube[1]!.trim(), line, i, 3));
  }
  return out;
}

/** A block of `Key: value` fields from line `i` (cargo-audit's, bundler-audit's, gitleaks'), as its finding. */
function advisoryBlock(lines: string[], i: number): Candidate | null {
  const fields = new Map<string, string>();
  for (let k = i; k < Math.min(lines.length, i + 16); k++) {
    const f = FIELD.exec(lines[k]!.trim());
    if (!f) break;
    if (!fields.has(f[1]!)) fields.set(f[1]!, f[2]!.trim());
  }
  if (fields.has('Crate')) {
    const id = fields.get('ID');
    if (!id || fields.has('Warning')) return null;
    return candidate('rust', id, fields.get('Title') ?? '', lines[i]!.trim(), i, 3);
  }
  if (fields.has('Name')) {
    const id = fields.get('CVE') ?? fields.get('GHSA');
    const title = fields.get('Title');
    return id && title ? candidate('ruby', id, title, lines[i]!.trim(), i, 3) : null;
  }
  const rule = fields.get('RuleID');
  if (!rule) return null;
  let summary = '';
  for (let k = i; k < Math.min(lines.length, i + 400) && !summary; k++)
    summary = GITLEAKS_SUMMARY.exec(lines[k]!)?.[1] ?? '';
  const file = fields.get('File');
  const c = candidate('unknown', rule, summary || `${rule} in ${file ?? 'a commit'}`, lines[i]!.trim(), i, 3);
  if (file) c.frames = [{ file, line: lineNumber(fields.get('Line')), function: null, source: null }];
  return c;
}

/** The cells of a box-drawn table's row (`│ a │ b │`), trimmed, without the empty ends. */
function cells(line: string): string[] {
  return line
    .trim()
    .split('│')
    .slice(1, -1)
    .map((c) => c.trim());
}

/**
 * A finding of Trivy's table (a row whose second cell is an advisory id and third its severity) or of
 * `pnpm audit`'s box (a severity and a title, the advisory in its `More info` row), at line `i`.
 */
function tableFinding(lines: string[], i: number): Candidate | null {
  const row = cells(lines[i]!);
  // The title's cell goes on in the rows below whose first cell is empty (a link is no part of it).
  const titleFrom = (col: number) => {
    const parts = [row[col]!];
    for (let k = i + 1; k < Math.min(lines.length, i + 6); k++) {
      const next = cells(lines[k]!);
      if (next.length !== row.length || next[0] !== '' || !next[col] || /^https?:/.test(next[col]!)) break;
      parts.push(next[col]!);
    }
    return parts.join(' ');
  };
  const trivy = row.length >= 4 && ADVISORY_ID.test(row[1]!) ? SEVERITY_RANK.get(row[2]!.toLowerCase()) : undefined;
  if (trivy !== undefined) {
    const title = titleFrom(row.length - 1);
    return candidate('unknown', row[1]!, title || `${row[0]} ${row[1]}`, lines[i]!.trim(), i, 3 + trivy);
  }
  const pnpm = row.length === 2 ? SEVERITY_RANK.get(row[0]!.toLowerCase()) : undefined;
  if (pnpm === undefined || !row[1]) return null;
  for (let k = i + 1; k < Math.min(lines.length, i + 30); k++) {
    const r = cells(lines[k]!);
    if (r.length !== 2) {
      if (lines[k]!.trim().startsWith('└')) break;
      continue;
    }
    const id = r[0] === 'More info' ? ADVISORY_URL.exec(r[1]!) : null;
    if (id) return candidate('javascript', id[1]!, titleFrom(1), lines[i]!.trim(), i, 3 + pnpm);
  }
  return null;
}
