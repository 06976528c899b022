import { candidate, type Candidate } from './candidate.js';

/**
 * Pulumi's `Diagnostics:` section after `pulumi up` / `preview` / `destroy`: a heading per resource
 * (`  aws:rds:Instance (orders-db):`) and its messages below it (`    error: …`, `    warning: …`). A
 * resource's error is the failure; the stack's own (`pulumi:pulumi:Stack (app-dev):`) only says the
 * update failed (`error: update failed`) or introduces what follows it (`error: Program failed with an
 * unhandled exception:`, then the program's traceback), and is as weak as a wrapper. A provider's
 * error begins with where in the provider it was raised (`sdk-v2/provider2.go:572: sdk.helper_schema: `),
 * which goes; a message that ends with a colon (`error: 1 error occurred:`) is the list item below it
 * (`* creating …`). No class is printed (an AWS API's code, when the message carries one, is named by
 * `aws-api-error.ts`).
 */
const HEADING = /^\s{2,4}([a-z][\w-]{0,40}(?::[\w/.-]{1,80}){1,3}) \((\S.{0,300})\):$/;
const ERROR = /^\s{4,8}error: {1,4}(\S.{0,4000})$/;
/** Pulumi names the provider after a provider's message: `: provider=aws@6.70.1`. */
export const PROVIDER_SUFFIX = /: provider=[\w-]{1,40}@[\w.+-]{1,40}$/;
const PROVIDER_PLACE = /^[\w./-]{1,200}\.go:\d{1,7}: (?:[\w.]{1,80}: )?/;

export function findPulumiDiagnostics(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  let inside = false;
  let resource: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === 'Diagnostics:') {
      inside = true;
      resource = null;
      continue;
    }
    if (!inside) continue;
    // The section ends at the next one (`Outputs:`, `Resources:`) at column 0.
    if (/^\S/.test(line)) {
      inside = false;
      resource = null;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      resource = heading[1]!;
      continue;
    }
    const error = resource ? ERROR.exec(line) : null;
    if (!error) continue;
    const stack = resource === 'pulumi:pulumi:Stack';
    let message = error[1]!.replace(PROVIDER_PLACE, '').replace(PROVIDER_SUFFIX, '').trim();
    // A Terraform-bridged provider's `error: 1 error occurred:` lists its errors below as `* …`.
    const listed = message.endsWith(':') ? /^\s{4,12}\* (\S.{0,4000})$/.exec(lines[i + 1] ?? '') : null;
    if (listed) message = listed[1]!.trim();
    out.push(candidate('unknown', stack ? 'error' : null, message, line.trim(), i, stack ? 0.2 : 3));
  }
  return out;
}
