import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { Probot } from 'probot';
import { createSnippetSearchApp } from '../../src/github/app.js';
import { probotFromEnv } from '../../src/github/server.js';

const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

test('the App logs through a Probot whose logger is not set up yet (new Probot() initializes asynchronously)', async () => {
  const probot = new Probot({ appId: 1, privateKey, logLevel: 'warn' });
  assert.equal(probot.log, null, 'precondition: a fresh Probot has no logger yet');
  const app = createSnippetSearchApp({
    appId: 1,
    queueFile: ':memory:',
    engine: () => Promise.reject(new Error('unused')),
  });
  app.attach(probot);
  // An ignored delivery logs a line at once: it must not throw.
  assert.equal(await app.accept('d1', 'ping', { repository: { name: 'r', owner: { login: 'o' } } }), 'ignored');
});

test('probotFromEnv resolves an initialized Probot, with LOG_LEVEL checked', async () => {
  const saved = { ...process.env };
  try {
    Object.assign(process.env, { APP_ID: '1', PRIVATE_KEY: privateKey, LOG_LEVEL: 'warn' });
    const probot = await probotFromEnv();
    assert.equal(typeof probot.log.info, 'function');
    (process.env as Record<string, string>).LOG_LEVEL = 'loud';
    await assert.rejects(
      probotFromEnv(),
      /LOG_LEVEL must be one of trace, debug, info, warn, error, fatal \(got "loud"\)/,
    );
  } finally {
    process.env = saved;
  }
});
