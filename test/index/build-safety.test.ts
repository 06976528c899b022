import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { buildIndex, inferSiteUrl } from '../../src/index/build-index.js';
import { IndexError, MANIFEST_FILE } from '../../src/index/manifest.js';
import { openIndex } from '../../src/index/open-index.js';
import { FIXTURES, ROOT } from '../helpers/paths.js';
import { CORPUS } from '../helpers/small-index.js';

const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const DUMP = join(FIXTURES, 'se-dump-sample');
const work = mkdtempSync(join(tmpdir(), 'ss-build-safety-'));
after(() => rmSync(work, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(work, `case-${++n}`);

test('a non-empty --out that is not an index is refused and nothing in it is touched', async () => {
  const out = fresh();
  mkdirSync(join(out, '.git'), { recursive: true });
  writeFileSync(join(out, 'notes.txt'), 'mine');
  writeFileSync(join(out, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  await assert.rejects(
    buildIndex({ corpus: CORPUS, out, limit: 20 }),
    (e: unknown) => e instanceof IndexError && /is not empty and is not a snippet-search index.*notes\.txt/.test(e.message),
  );
  assert.deepEqual(readdirSync(out).sort(), ['.git', 'notes.txt']);
  assert.equal(readFileSync(join(out, 'notes.txt'), 'utf8'), 'mine');
  assert.equal(existsSync(`${out}.partial`), false);
  assert.equal(existsSync(`${out}.lock`), false);
  // A file at --out is refused, not replaced.
  const file = join(fresh());
  writeFileSync(file, 'data');
  await assert.rejects(buildIndex({ corpus: CORPUS, out: file, limit: 20 }), /is a file, not an index directory/);
  assert.equal(readFileSync(file, 'utf8'), 'data');
});

test('building into index/ keeps its README (and rebuilding replaces only the index files)', async () => {
  const out = fresh();
  mkdirSync(out);
  writeFileSync(join(out, 'README.md'), '# tracked\n');
  await buildIndex({ corpus: CORPUS, out, limit: 30 });
  await buildIndex({ corpus: CORPUS, out, limit: 40 });
  assert.equal(readFileSync(join(out, 'README.md'), 'utf8'), '# tracked\n');
  const idx = openIndex(out);
  assert.equal(idx.manifest.counts.documents, 40);
  idx.close();
  assert.deepEqual(readdirSync(work).filter((f) => f.startsWith(`case-${n}.`)), []);
});

test('a build while another holds the lock fails at once with a clear message, and the holder finishes', async () => {
  const out = fresh();
  let second = null as Promise<unknown> | null;
  const first = buildIndex({
    corpus: CORPUS,
    out,
    limit: 3000,
    onProgress: (p) => {
      if (p.done >= 1000 && !second) second = buildIndex({ corpus: CORPUS, out, limit: 10 }).then(() => 'built', (e: unknown) => e);
    },
  });
  await first;
  assert.ok(second, 'the second build started while the first ran');
  const outcome: unknown = await second;
  assert.ok(outcome instanceof IndexError, String(outcome));
  assert.match((outcome as IndexError).message, /another index build \(pid \d+\) is writing .*wait for it to finish/);
  const idx = openIndex(out);
  assert.equal(idx.manifest.counts.documents, 3000);
  idx.close();
  assert.equal(existsSync(`${out}.lock`), false);
});

test('two CLI builds to one --out at once: one good index, and the other says why it stopped', async () => {
  const out = fresh();
  const runBuild = () =>
    new Promise<{ code: number | null; err: string }>((done) => {
      const p = spawn(process.execPath, [CLI, 'index', 'build', '--corpus', CORPUS, '--out', out, '--no-dense', '--limit', '4000']);
      let err = '';
      p.stderr.on('data', (d: Buffer) => (err += d.toString()));
      p.on('close', (code) => done({ code, err }));
    });
  const results = await Promise.all([runBuild(), runBuild()]);
  const codes = results.map((r) => r.code).sort();
  assert.deepEqual(codes, [0, 2], JSON.stringify(results));
  const loser = results.find((r) => r.code === 2)!;
  assert.match(loser.err, /another index build \(pid \d+\) is writing/);
  assert.equal(openIndex(out).manifest.counts.documents, 4000);
});

test('dump staging is keyed to the dump: a stale staging from another dump is not mixed in', async () => {
  const a = join(fresh(), 'cstheory.meta.stackexchange.com');
  const b = join(fresh(), 'other.meta.stackexchange.com');
  cpSync(DUMP, a, { recursive: true });
  mkdirSync(b, { recursive: true });
  // Dump b: only the first 40 questions' worth of rows of dump a (same format, different content).
  const posts = readFileSync(join(DUMP, 'Posts.xml'), 'utf8').split('\n');
  const rows = posts.filter((l) => l.includes('<row ')).slice(0, 60);
  writeFileSync(join(b, 'Posts.xml'), ['\uFEFF<?xml version="1.0" encoding="utf-8"?>', '<posts>', ...rows, '</posts>', ''].join('\n'));
  writeFileSync(join(b, 'PostLinks.xml'), '<?xml version="1.0" encoding="utf-8"?>\n<postlinks>\n</postlinks>\n');
  const out = fresh();
  // An interrupted import of dump a leaves its staging beside the output…
  await assert.rejects(
    buildIndex({
      corpus: a,
      out,
      onProgress: (p) => {
        if (p.stage === 'index' && p.done >= 100) throw new Error('killed');
      },
    }),
    /killed/,
  );
  assert.ok(existsSync(`${out}.staging`));
  // …and a build from dump b to the same --out holds only dump b's threads.
  const manifest = await buildIndex({ corpus: b, out });
  const whole = await buildIndex({ corpus: b, out: fresh() });
  assert.equal(manifest.counts.documents, whole.counts.documents);
  assert.equal(existsSync(`${out}.staging`), false);
});

test('a dump gets links to its own site: from --site-url, else from its directory name, else refused', async () => {
  assert.equal(inferSiteUrl('/data/stackoverflow'), 'https://stackoverflow.com');
  assert.equal(inferSiteUrl('/data/unix.stackexchange.com'), 'https://unix.stackexchange.com');
  assert.equal(inferSiteUrl('/data/superuser.com/'), 'https://superuser.com');
  await assert.rejects(buildIndex({ corpus: DUMP, out: fresh() }), /cannot tell which StackExchange site.*--site-url/);
  const site = join(fresh(), 'cstheory.meta.stackexchange.com');
  cpSync(DUMP, site, { recursive: true });
  const out = fresh();
  await buildIndex({ corpus: site, out });
  const idx = openIndex(out);
  const urls = idx.db.prepare('SELECT url FROM docs LIMIT 50').pluck().all() as string[];
  idx.close();
  assert.ok(urls.length > 0 && urls.every((u) => u.startsWith('https://cstheory.meta.stackexchange.com/questions/')));
});

test('--tags that match nothing name the filter', async () => {
  await assert.rejects(
    buildIndex({ corpus: DUMP, out: fresh(), siteUrl: 'https://x.example', tags: ['no-such-tag', 'nor-this'] }),
    /no questions found with the tags no-such-tag, nor-this \(--tags\)/,
  );
});

test('SIGINT during a CLI build removes its .partial, says so, and leaves the previous index', async () => {
  const out = fresh();
  await buildIndex({ corpus: CORPUS, out, limit: 50 });
  const before = readFileSync(join(out, MANIFEST_FILE), 'utf8');
  const p = spawn(process.execPath, [CLI, 'index', 'build', '--corpus', CORPUS, '--out', out, '--no-dense']);
  let err = '';
  p.stderr.on('data', (d: Buffer) => (err += d.toString()));
  // Interrupt once the build has written rows into its .partial directory.
  await new Promise<void>((resolve, reject) => {
    const poll = setInterval(() => {
      if (existsSync(join(`${out}.partial`, 'meta.sqlite'))) {
        clearInterval(poll);
        setTimeout(() => {
          p.kill('SIGINT');
          resolve();
        }, 300);
      }
      if (p.exitCode !== null) {
        clearInterval(poll);
        reject(new Error(`the build ended before it could be interrupted: ${err}`));
      }
    }, 20);
  });
  const code = await new Promise<number | null>((done) => p.on('close', done));
  assert.equal(code, 130, err);
  assert.match(err, /interrupted; removed the unfinished .*\.partial/);
  assert.equal(existsSync(`${out}.partial`), false);
  assert.equal(existsSync(`${out}.lock`), false);
  assert.equal(readFileSync(join(out, MANIFEST_FILE), 'utf8'), before);
});
