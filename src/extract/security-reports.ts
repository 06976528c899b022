import { candidate, type Candidate } from './candidate.js';

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
 */
const CARGO_AUDIT_CRATE = /^Crate:\s{1,8}\S{1,200}$/;
const BUNDLER_AUDIT_NAME = /^Name: \S{1,200}$/;
const FIELD = /^([A-Z][\w ]{1,20}):\s{1,12}(\S.{0,1000})$/;
const GITLEAKS_FINDING = /^Finding:\s{1,12}\S/;
const GITLEAKS_SUMMARY = /\bleaks found: \d{1,7}$/;
const SNYK = /^✗ (\S.{0,500} \[(?:Low|Medium|High|Critical) Severity\]\[\S{1,300}\/(SNYK-[A-Z\d-]{3,100})\] in \S{1,300})$/;
const CFN_LINT = /^(E\d{4}) (\S.{0,1000})$/;
const CFN_LOCATION = /^\S{1,300}\.(?:ya?ml|json|template):\d{1,7}:\d{1,5}$/;
const KUBE_LINTER = /^\S{1,300}: \(object: [^)\n]{1,300}\) (\S.{0,1000}?) \(check: ([a-z][\w-]{1,80}), remediation: .{0,1000}\)$/;

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
      out.push(candidate('unknown', snyk[2]!, snyk[1]!, line, i, 3));
      continue;
    }
    const cfn = CFN_LINT.exec(line);
    if (cfn && CFN_LOCATION.test((lines[i + 1] ?? '').trim())) {
      const [file, ln] = (lines[i + 1] ?? '').trim().split(':');
      out.push(candidate('aws', cfn[1]!, cfn[2]!.trim(), line, i, 3, [{ file: file!, line: Number(ln), function: null, source: null }]));
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
  for (let k = i; k < Math.min(lines.length, i + 400) && !summary; k++) {
    if (GITLEAKS_SUMMARY.test(lines[k]!)) summary = /leaks found: \d{1,7}$/.exec(lines[k]!)![0];
  }
  const file = fields.get('File');
  const c = candidate('unknown', rule, summary || `${rule} in ${file ?? 'a commit'}`, lines[i]!.trim(), i, 3);
  if (file) c.frames = [{ file, line: Number(fields.get('Line')) || null, function: null, source: null }];
  return c;
}
