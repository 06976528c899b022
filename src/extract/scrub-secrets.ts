/**
 * Masks secrets before extracted text is quoted back to anyone: GitHub tokens, AWS keys, Slack and
 * generic bearer tokens, JWTs, private-key blocks, credentials in URLs, and e-mail addresses.
 * Every pattern is linear-time (no nested quantifiers).
 */
const RULES: Array<[RegExp, string]> = [
  [
    /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]{0,40}PRIVATE KEY-----|$)/g,
    '[private key removed]',
  ],
  [/\bgithub_pat_\w{20,255}/g, '[github token removed]'],
  [/\bgh[pousr]_[A-Za-z0-9]{20,255}/g, '[github token removed]'],
  [/\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA)[A-Z0-9]{16}\b/g, '[aws key removed]'],
  [/\b(aws_secret_access_key\s*[=:]\s*)["']?[A-Z0-9/+]{40}["']?/gi, '$1[aws secret removed]'],
  [/\bxox[abposr]-[A-Za-z0-9-]{10,200}/g, '[slack token removed]'],
  [/\beyJ[\w-]{5,2000}\.eyJ[\w-]{5,4000}\.[\w-]{5,2000}/g, '[jwt removed]'],
  [/\b(Bearer|token)\s+[\w.~+/-]{20,500}=*/gi, '$1 [token removed]'],
  [/\b([a-z][a-z0-9+.-]{1,20}:\/\/)[^\s:/@]{1,200}:[^\s@/]{1,200}@/gi, '$1[credentials removed]@'],
  [/\b[\w.%+-]{1,64}@[A-Z0-9.-]{1,253}\.[A-Z]{2,24}\b/gi, '[email removed]'],
];

export function scrubSecrets(text: string): string {
  let out = text;
  for (const [re, replacement] of RULES) out = out.replace(re, replacement);
  return out;
}
