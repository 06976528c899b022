import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import YAML from 'yaml';
import { packIndex } from '../../src/index/pack.js';
import { serveArchive, type ArchiveServer } from '../helpers/archive-server.js';
import { ROOT, SHARED } from '../helpers/paths.js';
import { buildSmallIndex } from '../helpers/small-index.js';

/**
 * The Action entry on a bare runner: no index, no corpus, only `index-url` + `index-sha256` (an
 * archive served on loopback as a release asset would be). The runner's Node here is the test's;
 * action.test.ts covers Node 24.
 */
let server: ArchiveServer;
let sha = '';
let runnerTemp = '';

before(async () => {
  const index = await buildSmallIndex(1500);
  const work = mkdtempSync(join(tmpdir(), 'ss-action-pack-'));
  const packed = await packIndex(index, join(work, 'so-python-index.tar.gz'));
  sha = packed.sha256;
  server = await serveArchive(readFileSync(packed.file));
  runnerTemp = mkdtempSync(join(tmpdir(), 'ss-runner-temp-'));
});
after(() => server.close());

async function runAction(inputs: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'ss-action-'));
  const summary = join(dir, 'summary.md');
  const output = join(dir, 'output.txt');
  writeFileSync(summary, '');
  writeFileSync(output, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
    GITHUB_JOB: 'test',
    GITHUB_WORKSPACE: join(SHARED, 'fixtures', 'extraction', 'items'),
    RUNNER_TEMP: runnerTemp,
    // As action.yml sets them:
    SNIPPET_SEARCH_ACTION_INDEX_DIR: join(runnerTemp, 'snippet-search', 'index'),
    SNIPPET_SEARCH_CACHE: join(runnerTemp, 'snippet-search', 'cache'),
    SNIPPET_SEARCH_INDEX: join(dir, 'no-index-here'),
    INPUT_LOG: 'ci-py-006.txt',
    INPUT_TOP: '3',
    // A 3,000-thread index: the product's confidence threshold (chosen on the full corpus) would silence it.
    'INPUT_MIN-CONFIDENCE': '0',
    ...inputs,
  };
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'src', 'action', 'main.js')], { env });
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stdout += d));
  const code = await new Promise<number | null>((r) => child.on('close', r));
  return { code, stdout, summary: readFileSync(summary, 'utf8') };
}

test('index-url + index-sha256 on a bare runner: pulled, verified, answered; the next run reuses it', async () => {
  const first = await runAction({
    'INPUT_INDEX-URL': server.url,
    'INPUT_INDEX-SHA256': sha,
    'INPUT_FAIL-ON-ERROR': 'true',
  });
  assert.equal(first.code, 0, first.stdout);
  assert.match(first.stdout, /downloading the index from http:\/\/127\.0\.0\.1/);
  assert.match(first.summary, /ModuleNotFoundError: No module named 'torchvision'/);
  assert.match(first.summary, /\(https:\/\/stackoverflow\.com\/questions\/\d+/);
  assert.equal(server.requests.length, 1);
  assert.ok(existsSync(join(runnerTemp, 'snippet-search', 'index', 'manifest.json')));

  // The folder actions/cache restores (keyed by the sha256): no download the second time.
  const second = await runAction({
    'INPUT_INDEX-URL': server.url,
    'INPUT_INDEX-SHA256': sha,
    'INPUT_FAIL-ON-ERROR': 'true',
  });
  assert.equal(second.code, 0, second.stdout);
  assert.match(second.stdout, /restored from the cache/);
  assert.equal(server.requests.length, 1);
  assert.equal(second.summary, first.summary);
});

test('index-url without index-sha256 is refused with what to pass', async () => {
  const r = await runAction({ 'INPUT_INDEX-URL': server.url, 'INPUT_FAIL-ON-ERROR': 'true' });
  assert.equal(r.code, 1);
  assert.match(r.stdout, /::error::snippet-search: `index-url` needs `index-sha256`/);
});

test('a wrong sha256 fails the pull; corpus is used only when given', async () => {
  const wrong = '0'.repeat(64);
  const r = await runAction({
    'INPUT_INDEX-URL': server.url,
    'INPUT_INDEX-SHA256': wrong,
    'INPUT_FAIL-ON-ERROR': 'true',
  });
  assert.equal(r.code, 1);
  assert.match(r.stdout, /not the expected 0{64}/);
  const fallback = await runAction({
    'INPUT_INDEX-URL': server.url,
    'INPUT_INDEX-SHA256': wrong,
    INPUT_CORPUS: '/nonexistent/corpus.jsonl.gz',
  });
  assert.match(fallback.stdout, /could not pull the index .*building one from `corpus` instead/);
});

test('action.yml: index-url and index-sha256 inputs, restored with actions/cache keyed by the sha256', () => {
  const action = YAML.parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { description: string }>;
    runs: { steps: Array<{ uses?: string; if?: string; with?: Record<string, string>; env?: Record<string, string> }> };
  };
  assert.match(action.inputs['index-url']!.description, /normal way/);
  assert.ok(action.inputs['index-sha256']);
  const steps = action.runs.steps;
  const cache = steps.find((s) => s.uses?.startsWith('actions/cache') && s.with?.key?.includes('index-sha256'))!;
  assert.equal(cache.with!.key, 'snippet-search-index-${{ inputs.index-sha256 }}');
  assert.equal(cache.if, "inputs.index-url != ''");
  const answer = steps.findIndex((s) => s.env?.['INPUT_INDEX-URL']);
  assert.ok(answer > steps.indexOf(cache), 'the cache is restored before the answer step');
  assert.equal(steps[answer]!.env!['INPUT_INDEX-SHA256'], '${{ inputs.index-sha256 }}');
  assert.match(cache.with!.path!, /snippet-search\/index/);
  assert.match(steps[answer]!.env!.SNIPPET_SEARCH_ACTION_INDEX_DIR!, /snippet-search\/index$/);
});
