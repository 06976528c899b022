import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { configJsonSchema, ConfigError, DEFAULT_CONFIG, parseConfig } from '../../src/github/config.js';
import { nameAllowed } from '../../src/github/globs.js';
import { ROOT } from '../helpers/paths.js';

test('defaults fill every key', () => {
  assert.deepEqual(parseConfig({}), DEFAULT_CONFIG);
  assert.equal(DEFAULT_CONFIG.maxResults, 3);
  assert.equal(DEFAULT_CONFIG.triggers.newIssues, false);
  assert.equal(parseConfig({ triggers: { newIssues: true } }).triggers.failingChecks, true);
});

test('errors name the file and the key', () => {
  assert.throws(
    () => parseConfig({ maxResults: 'three' }),
    (e: unknown) => e instanceof ConfigError && /^\.github\/snippet-search\.yml: `maxResults`: /.test(e.message),
  );
  assert.throws(
    () => parseConfig({ triggers: { comand: true } }),
    (e: unknown) => e instanceof ConfigError && /: `triggers`: .*"comand"/.test(e.message),
  );
  assert.throws(() => parseConfig({ jobs: { include: 'test' } }), /`jobs\.include`/);
});

test('the published JSON Schema is the zod schema', () => {
  const published = JSON.parse(readFileSync(join(ROOT, 'schema', 'snippet-search.schema.json'), 'utf8'));
  const { title, ...rest } = published;
  assert.match(title, /snippet-search/);
  assert.deepEqual(rest, JSON.parse(JSON.stringify(configJsonSchema())), 'run npm run schema');
});

test('workflow and job globs', () => {
  assert.equal(nameAllowed('test (3.11)', { include: ['test*'], exclude: [] }), true);
  assert.equal(nameAllowed('lint', { include: ['test*'], exclude: [] }), false);
  assert.equal(nameAllowed('test (windows)', { include: ['*'], exclude: ['*windows*'] }), false);
});
