/**
 * Votes → `snippet-search feedback export` → `npm run train -- --feedback FILE`, one epoch on a small
 * slice of the corpus into a temp directory (the shipped model is not touched). Needs PyTorch from
 * Debian (`apt-get install python3-torch python3-onnx python3-scipy`); skipped with the reason otherwise.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { test } from 'node:test';
import { OnnxEncoder } from '../../src/encoder/onnx-encoder.js';
import { SqliteFailureStore } from '../../src/history/sqlite-store.js';
import { ROOT } from '../helpers/paths.js';
import { CORPUS } from '../helpers/small-index.js';

const torch = spawnSync('/usr/bin/python3', ['-c', 'import torch, scipy, onnx'], { encoding: 'utf8' });
const skip =
  torch.status === 0
    ? false
    : `PyTorch not installed (${(torch.stderr || String(torch.error)).trim().split('\n').pop()})`;
if (skip) console.log(`# training test skipped: ${skip}`);

test(
  'feedback export output trains for one epoch, and the model card says how many pairs it used',
  { skip },
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'train-feedback-'));
    const rows = gunzipSync(readFileSync(CORPUS)).toString('utf8').split('\n').slice(0, 600);
    writeFileSync(join(dir, 'corpus.jsonl'), rows.join('\n') + '\n');
    const threads = rows.map((l) => JSON.parse(l) as { id: number; split: string; answers_html: string[] });
    const train = threads.filter((t) => t.split === 'train' && t.answers_html.length).map((t) => t.id);
    const heldOut = threads.find((t) => t.split !== 'train')!.id;

    // Two results voted on in the App's store: one helped thread each; one vote on a dev/test thread.
    const db = join(dir, 'history.db');
    const store = new SqliteFailureStore({ file: db });
    const scope = { installationId: 1, repo: 'acme/widgets' };
    const at = Date.now();
    await store.recordShown(scope, {
      resultId: 'aaaaaa1',
      query: "import torchvision\nModuleNotFoundError: No module named 'torchvision'",
      threads: [train[0]!, train[1]!, train[2]!],
      private: false,
      at,
    });
    await store.setVote(scope, { resultId: 'aaaaaa1', threadId: train[1]!, user: 'alice', at }, true);
    await store.recordShown(scope, {
      resultId: 'bbbbbb2',
      query: 'KeyError: x',
      threads: [train[3]!, heldOut],
      private: false,
      at,
    });
    await store.setVote(scope, { resultId: 'bbbbbb2', threadId: heldOut, user: 'bob', at }, true);
    await store.setVote(scope, { resultId: 'bbbbbb2', threadId: train[3]!, user: 'bob', at }, true);
    await store.close();

    const out = join(dir, 'feedback.jsonl');
    const exported = spawnSync(
      process.execPath,
      [join(ROOT, 'dist', 'src', 'cli', 'main.js'), 'feedback', 'export', '--out', out, '--db', db],
      { encoding: 'utf8', env: { ...process.env, REDIS_URL: '' } },
    );
    assert.equal(exported.status, 0, exported.stderr);

    const model = join(dir, 'model');
    const r = spawnSync('bash', [join(ROOT, 'models', 'train', 'train.sh'), '--feedback', out], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 300_000,
      env: {
        ...process.env,
        SNIPPET_SEARCH_CORPUS: join(dir, 'corpus.jsonl'),
        TRAIN_WORK: join(dir, 'work'),
        TRAIN_OUT: model,
        TRAIN_SKIP_BUILD: '1',
        TRAIN_VALIDATION: '50',
        TRAIN_EPOCHS1: '1',
        TRAIN_EPOCHS2: '0',
      },
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /round 1 \(BM25 negatives\) epoch 1\/1: loss [\d.]+/);
    assert.ok(existsSync(join(model, 'model.onnx')));
    // The hand-written graph (export_onnx.py) computes what PyTorch computed for the golden texts.
    const trained = await OnnxEncoder.load(model, { threads: 1 });
    const golden = JSON.parse(readFileSync(join(model, 'golden.json'), 'utf8')) as Array<{
      ids: number[];
      vector: number[];
    }>;
    const vectors = await trained.encodeIds(golden.map((g) => g.ids));
    golden.forEach((g, i) => {
      const diff = Math.max(...g.vector.map((x, j) => Math.abs(x - vectors[i]![j]!)));
      assert.ok(diff < 1e-5, `golden text ${i}: max |diff| ${diff}`);
    });
    await trained.release();
    const report = JSON.parse(readFileSync(join(model, 'training-report.json'), 'utf8'));
    assert.equal(report.feedback.lines, 2);
    assert.equal(report.feedback.pairsUsed, 2, 'one pair per helped train thread');
    assert.equal(report.feedback.hardNegativesUsed, 2, 'the two threads shown with the first result that did not help');
    assert.equal(report.feedback.skippedHeldOut, 1, 'the vote on a dev/test thread is not trained on');
    assert.match(
      readFileSync(join(model, 'MODEL_CARD.md'), 'utf8'),
      /\*\*2 feedback pairs\*\* \(one per helped thread\) from 2 voted results/,
    );
  },
);
