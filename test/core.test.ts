import assert from 'node:assert/strict';
import { test } from 'node:test';

test('the package entry exposes the core API, and the App entry a Probot app function', async () => {
  const core = await import('snippet-search');
  for (const name of [
    'openEngine',
    'buildIndex',
    'extractFailures',
    'buildQuery',
    'loadDefaultEncoder',
    'evaluate',
    'scrubSecrets',
  ]) {
    assert.equal(typeof (core as Record<string, unknown>)[name], 'function', name);
  }
  const app = await import('snippet-search/app');
  assert.equal(typeof app.default, 'function');
  assert.equal(typeof app.default.idle, 'function');
});
