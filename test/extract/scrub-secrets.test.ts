import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scrubSecrets } from '../../src/extract/scrub-secrets.js';

test('masks tokens, keys, JWTs, private keys, URL credentials and e-mails', () => {
  const cases: Array<[string, RegExp]> = [
    ['token ghp_abcdefghijklmnopqrstuvwxyz0123456789', /ghp_/],
    ['github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz', /github_pat_/],
    ['key AKIAIOSFODNN7EXAMPLE here', /AKIAIOSFODNN7EXAMPLE/],
    ['aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', /wJalrXUtnFEMI/],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', /eyJzdWIi/],
    ['-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----', /MIIEpAIBAAKCAQEA/],
    ['git clone https://user:s3cret@github.com/o/r.git', /s3cret/],
    ['contact jane.doe@example.com', /jane\.doe/],
    ['Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345', /abcdefghijklmnopqrstuvwxyz012345/],
  ];
  for (const [input, secret] of cases) assert.doesNotMatch(scrubSecrets(input), secret, input);
});

test('leaves ordinary error text alone', () => {
  const s = "KeyError: 'user_id' at /app/models.py line 12 (see https://docs.python.org/3/library/exceptions.html)";
  assert.equal(scrubSecrets(s), s);
});
