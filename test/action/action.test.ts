import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { COMMENT_MARKER } from '../../src/github/sticky-comment.js';
import { ACTION_NODE_MAJOR, actionNode } from '../helpers/action-node.js';
import { FIXTURES } from '../helpers/paths.js';
import { buildSmallIndex } from '../helpers/small-index.js';

/**
 * The Action entry run as the runner runs it: Node 22 (action.yml's), INPUT_* and GITHUB_* variables, a real
 * pull_request event payload, the API mocked on loopback (GITHUB_API_URL).
 */
const require = createRequire(import.meta.url);
const examples = require('@octokit/webhooks-examples/api.github.com/index.json') as Array<{
  name: string;
  // The examples are free-form webhook payloads; the test reads a few known fields.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  examples: Array<Record<string, any>>;
}>;
const prEvent = examples.find((e) => e.name === 'pull_request')!.examples.find((e) => e.action === 'opened')!;
const [OWNER, REPO] = (prEvent.repository.full_name as string).split('/') as [string, string];
const PR = prEvent.pull_request.number as number;

let api: Server;
let apiUrl = '';
const calls: string[] = [];
const comments: Array<{ id: number; body: string; user: { type: string; login?: string } }> = [];
const node = actionNode();
const skip = node ? false : 'Node 22 not prepared (run .ci/prepare-action-node; CI does)';
let tree = '';
let index = '';

before(async () => {
  if (!node) return;
  tree = node.tree;
  index = await buildSmallIndex(3000);
  api = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
    calls.push(`${req.method} ${path}`);
    let body = '';
    for await (const c of req) body += c;
    res.setHeader('content-type', 'application/json');
    if (path === `/repos/${OWNER}/${REPO}/issues/${PR}/comments` && req.method === 'GET')
      return res.end(JSON.stringify(comments));
    if (path === `/repos/${OWNER}/${REPO}/issues/${PR}/comments` && req.method === 'POST') {
      comments.push({ id: 77, body: JSON.parse(body).body, user: { type: 'Bot', login: 'github-actions[bot]' } });
      res.statusCode = 201;
      return res.end(JSON.stringify(comments.at(-1)));
    }
    if (path === `/repos/${OWNER}/${REPO}/issues/comments/77` && req.method === 'PATCH') {
      comments[0]!.body = JSON.parse(body).body;
      return res.end(JSON.stringify(comments[0]));
    }
    res.statusCode = 404;
    res.end('{"message":"Not Found"}');
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
after(() => {
  if (node) api.close();
});

async function runAction(inputs: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'ss-action-'));
  const eventPath = join(dir, 'event.json');
  writeFileSync(eventPath, JSON.stringify(prEvent));
  const summary = join(dir, 'summary.md');
  const output = join(dir, 'output.txt');
  writeFileSync(summary, '');
  writeFileSync(output, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
    GITHUB_API_URL: apiUrl,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
    GITHUB_JOB: 'test',
    GITHUB_RUN_ID: '1',
    GITHUB_WORKSPACE: join(FIXTURES, 'logs'),
    'INPUT_GITHUB-TOKEN': 'ghs_test',
    INPUT_TOP: '3',
    // A 3,000-thread index: the product's confidence threshold (chosen on the full corpus) would silence it.
    'INPUT_MIN-CONFIDENCE': '0',
    INPUT_INDEX: index,
    ...inputs,
  };
  const child = spawn(
    node!.binary,
    ['--preserve-symlinks', '--preserve-symlinks-main', join(tree, 'dist', 'src', 'action', 'main.js')],
    { env },
  );
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stdout += d));
  const code = await new Promise<number | null>((r) => child.on('close', r));
  return { code, stdout, summary: readFileSync(summary, 'utf8'), outputs: parseOutputs(readFileSync(output, 'utf8')) };
}

/** `name<<DELIM\nvalue\nDELIM` blocks, as @actions/core writes GITHUB_OUTPUT. */
function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /^([^\s<]+)<<(\S+)\n([\s\S]*?)\n\2$/gm;
  for (const m of text.matchAll(re)) out[m[1]!] = m[3]!;
  return out;
}

test(
  `under Node ${ACTION_NODE_MAJOR}: job summary, outputs, and one PR comment, edited in place on a re-run`,
  { skip },
  async () => {
    assert.match(execVersion(), new RegExp(`^v${ACTION_NODE_MAJOR}\\.`));
    const first = await runAction({ INPUT_LOG: 'ci-py-006.txt', INPUT_COMMENT: 'true' });
    assert.equal(first.code, 0, first.stdout);
    assert.match(first.summary, /## 🔎 snippet-search/, first.stdout);
    assert.match(first.summary, /ModuleNotFoundError: No module named 'torchvision'/);
    assert.match(first.summary, /\(https:\/\/stackoverflow\.com\/questions\/\d+/);
    const results = JSON.parse(first.outputs.results!);
    assert.equal(results.length, 1);
    assert.equal(results[0].log, 'ci-py-006.txt');
    assert.equal(Number(first.outputs.count), 3);
    assert.deepEqual(calls, [
      `GET /repos/${OWNER}/${REPO}/issues/${PR}/comments`,
      `POST /repos/${OWNER}/${REPO}/issues/${PR}/comments`,
    ]);
    assert.ok(comments[0]!.body.startsWith(COMMENT_MARKER));

    calls.length = 0;
    const second = await runAction({ INPUT_LOG: 'ci-py-0*.txt', INPUT_COMMENT: 'true' });
    assert.equal(second.code, 0, second.stdout);
    assert.deepEqual(calls, [
      `GET /repos/${OWNER}/${REPO}/issues/${PR}/comments`,
      `PATCH /repos/${OWNER}/${REPO}/issues/comments/77`,
    ]);
    assert.equal(comments.length, 1);
    assert.match(comments[0]!.body, /ci-py-012\.txt/);
  },
);

test('our own trouble is a warning, not a failed workflow, unless fail-on-error', { skip }, async () => {
  const soft = await runAction({ INPUT_LOG: 'no-such-file.txt' });
  assert.equal(soft.code, 0);
  assert.match(soft.stdout, /::warning::snippet-search could not answer: no file matches `log: no-such-file.txt`/);
  assert.equal(soft.outputs.count, '0');
  const hard = await runAction({
    INPUT_LOG: 'ci-py-006.txt',
    INPUT_INDEX: '/nonexistent/index',
    'INPUT_FAIL-ON-ERROR': 'true',
  });
  assert.equal(hard.code, 1);
  assert.match(hard.stdout, /::error::snippet-search: no index at \/nonexistent\/index/);
});

test(
  "min-confidence: the default (0.4, the App's minConfidence) keeps it quiet on the small index; > 1 is refused",
  { skip },
  async () => {
    const quiet = await runAction({ INPUT_LOG: 'ci-py-006.txt', 'INPUT_MIN-CONFIDENCE': '' });
    assert.equal(quiet.code, 0, quiet.stdout);
    assert.match(quiet.summary, /No failure with a matching StackOverflow thread in `ci-py-006\.txt`/);
    assert.equal(quiet.outputs.count, '0');
    const bad = await runAction({
      INPUT_LOG: 'ci-py-006.txt',
      'INPUT_MIN-CONFIDENCE': '2',
    });
    assert.equal(bad.code, 0, bad.stdout); // a bad input is our own trouble: a warning
    assert.match(
      bad.stdout,
      /::warning::snippet-search could not answer: input `min-confidence`: expected a number from 0 to 1/,
    );
  },
);

function execVersion(): string {
  return require('node:child_process').execFileSync(node!.binary, ['--version'], { encoding: 'utf8' }).trim();
}
