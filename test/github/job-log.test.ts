import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Octokit } from '@octokit/rest';
import { downloadJobLog } from '../../src/github/job-log.js';
import { timeoutFetch } from '../../src/github/octokit.js';
import type { GitHubClient } from '../../src/github/types.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const LOG = `${'2024-01-01T00:00:00Z step output\n'.repeat(12_000)}Traceback (most recent call last):\n  File "a.py", line 1, in <module>\nKeyError: 'k'\n`;
let server: Server;
let baseUrl: string;

before(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(LOG);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

/** An Octokit whose request hook lets the garbage collector run after the response headers arrive, as a busy process does. */
function octokitCollectingGarbage(fetch?: typeof globalThis.fetch): GitHubClient {
  const octokit = new Octokit({ baseUrl, request: fetch ? { fetch } : {} });
  octokit.hook.after('request', async () => {
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 10));
      gc();
    }
  });
  return octokit as unknown as GitHubClient;
}

test('a job log arrives whole even when the garbage collector runs before its body is read', async () => {
  const text = await downloadJobLog(octokitCollectingGarbage(), 'o', 'r', 1);
  assert.equal(text.length, LOG.length);
  assert.ok(text.endsWith("KeyError: 'k'\n"));
});

test("the Octokit's own fetch (the App's deadline) is still the one used", async () => {
  let calls = 0;
  const counting: typeof fetch = (input, init) => {
    calls++;
    return timeoutFetch(5_000)(input, init);
  };
  const text = await downloadJobLog(octokitCollectingGarbage(counting), 'o', 'r', 2);
  assert.equal(text.length, LOG.length);
  assert.equal(calls, 1);
});
