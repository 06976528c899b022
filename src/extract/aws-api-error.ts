import { PROVIDER_SUFFIX } from './pulumi.js';

/**
 * The AWS SDK for Go v2's error text, which Terraform's AWS provider (5.x), Pulumi's and any Go program
 * print inside their own message: `creating RDS DB Instance (orders-db): operation error RDS:
 * CreateDBInstance, https response error StatusCode: 400, RequestID: 8b2f…, api error
 * InvalidParameterCombination: RDS does not support creating a DB instance with …`. The API's error code
 * is what such a failure is searched by; its message follows it (Pulumi's provider adds
 * `: provider=aws@6.70.1`, which goes).
 */
const API_ERROR =
  /operation error [\w -]{1,60}: \w{1,80}, (?:(?:https response error )?StatusCode: \d{3}, )?(?:RequestID: [\w-]{0,100}, )?(?:HostID: [^,\n]{0,300}, )?api error ([A-Za-z][\w.]{1,80}): (\S.{0,2000})$/;

/** The API's code and message in a message that carries an AWS SDK for Go v2 error, else null. */
export function awsApiError(message: string): { code: string; message: string } | null {
  if (!message.includes('api error ')) return null;
  const m = API_ERROR.exec(message);
  return m ? { code: m[1]!, message: m[2]!.replace(PROVIDER_SUFFIX, '').trim() } : null;
}
