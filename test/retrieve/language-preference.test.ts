import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { judgeResult } from '../../src/answer.js';
import { loadDefaultEncoder } from '../../src/encoder/load.js';
import type { DocumentEncoder } from '../../src/encoder/types.js';
import { openEngine, type Engine } from '../../src/engine.js';
import { buildIndex, INDEX_FILES } from '../../src/index/build-index.js';
import { MANIFEST_FILE, type Manifest } from '../../src/index/manifest.js';
import { languagesOfTags } from '../../src/text/language-tags.js';
import { FIXTURES, ROOT, SHARED } from '../helpers/paths.js';
import { CORPUS } from '../helpers/small-index.js';

/**
 * A small multi-language index built the way an operator builds one from the StackOverflow dump: the
 * real StackExchange sample (cstheory meta: threads with no language tag) plus rows written in the
 * dump's Posts.xml format with Go, Java, JavaScript, Rust, Ruby, C# and Python tags, through the real
 * importer, the real index build, SQLite, HNSW and the shipped ONNX encoder.
 */
const SAMPLE = join(SHARED, 'data', 'se-dump-sample');
const EXTRA_ROWS = join(FIXTURES, 'multi-language', 'Posts-rows.xml');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

const GO_PANIC = `panic: runtime error: index out of range [3] with length 3

goroutine 1 [running]:
main.lastField(...)
\t/home/runner/work/report/report/fields.go:27
main.main()
\t/home/runner/work/report/report/main.go:14 +0x1d
exit status 2
`;

const JAVA_NPE = `Exception in thread "main" java.lang.NullPointerException: Cannot invoke "String.length()" because "name" is null
\tat com.acme.greeter.Greeter.greet(Greeter.java:14)
\tat com.acme.greeter.Main.main(Main.java:6)
`;

const JEST_TYPEERROR = `FAIL src/components/UserList.test.jsx
  ● UserList › renders the users

    TypeError: Cannot read properties of undefined (reading 'map')

      3 | export function UserList({ users }) {
    > 4 |   return <ul>{users.map((u) => <li key={u.id}>{u.name}</li>)}</ul>;
        |                     ^

      at UserList (src/components/UserList.jsx:4:21)
      at renderWithHooks (node_modules/react-dom/cjs/react-dom.development.js:16305:18)

Test Suites: 1 failed, 1 total
Tests:       1 failed, 1 total
`;

const PYTHON_INDEXERROR = `Traceback (most recent call last):
  File "/home/runner/work/etl/etl/load.py", line 12, in <module>
    print(columns[i])
IndexError: list index out of range
`;

let encoder: DocumentEncoder;
let multi: string;
let engine: Engine;
before(async () => {
  encoder = (await loadDefaultEncoder({ threads: 2 }))!;
  const dump = join(mkdtempSync(join(tmpdir(), 'ss-multi-')), 'stackoverflow.com');
  mkdirSync(dump);
  const posts = readFileSync(join(SAMPLE, 'Posts.xml'), 'utf8');
  const end = posts.lastIndexOf('</posts>');
  writeFileSync(join(dump, 'Posts.xml'), `${posts.slice(0, end)}${readFileSync(EXTRA_ROWS, 'utf8')}</posts>\n`);
  copyFileSync(join(SAMPLE, 'PostLinks.xml'), join(dump, 'PostLinks.xml'));
  multi = join(dump, '..', 'index');
  await buildIndex({ corpus: dump, out: multi, encoder });
  engine = openEngine({ indexDir: multi, encoder });
});
after(() => engine.close());

function languagesOf(e: Engine, id: number): string[] {
  return languagesOfTags(e.index.tagsOf(id));
}

test('the manifest records what the index covers: threads per language and the top tags', () => {
  const c = engine.index.manifest.tags!;
  assert.ok(c, 'manifest.tags');
  assert.equal(c.threads, 589 + 20);
  assert.equal(c.languages.go, 3);
  assert.equal(c.languages.java, 3);
  assert.equal(c.languages.javascript, 3);
  assert.equal(c.languages.python, 4);
  assert.equal(c.languages.php, 0);
  assert.equal(c.withoutLanguage, 589 + 1, 'cstheory meta threads and the git thread have no language tag');
  assert.equal(c.top[0]!.tag, 'discussion');
  // The manifest on disk holds the same (the product reads it from there).
  const onDisk = JSON.parse(readFileSync(join(multi, MANIFEST_FILE), 'utf8')) as Manifest;
  assert.deepEqual(onDisk.tags, c);
});

for (const [name, input, language] of [
  ['a Go panic', GO_PANIC, 'go'],
  ['a Java NPE', JAVA_NPE, 'java'],
  ['a Jest TypeError', JEST_TYPEERROR, 'javascript'],
  ['a Python traceback', PYTHON_INDEXERROR, 'python'],
] as const) {
  test(`${name} gets threads of its own language first, and none of another language`, async () => {
    const r = await engine.search(input, { top: 10, minConfidence: 0 });
    assert.equal(r.reason, null);
    assert.ok(r.results.length > 0);
    const first = r.results[0]!;
    assert.deepEqual(languagesOf(engine, first.id), [language], `first: ${first.title}`);
    for (const h of r.results) {
      const langs = languagesOf(engine, h.id);
      assert.ok(langs.length === 0 || langs.includes(language), `${h.title} is ${langs.join(', ')}, not ${language}`);
    }
    // Threads with no language tag stay searchable: the cstheory threads fill the list after the few
    // threads of the language.
    assert.ok(r.results.some((h) => languagesOf(engine, h.id).length === 0));
  });
}

test('without its exact thread, a failure still gets its own language first (another language without the filter)', async () => {
  // What a whole-dump index does when it lacks the thread: the next best. Without the language rule,
  // the Go panic's next best is Python's "list index out of range", and the other way round.
  const { buildQuery } = await import('../../src/query/build-query.js');
  const off = openEngine({ indexDir: multi, encoder, language: { mode: 'off' } });
  try {
    const otherFirstWithoutRule: string[] = [];
    for (const [input, language, gold] of [
      [GO_PANIC, 'go', 91000001],
      [JAVA_NPE, 'java', 91000011],
      [JEST_TYPEERROR, 'javascript', 91000021],
      [PYTHON_INDEXERROR, 'python', 91000061],
    ] as const) {
      const { query } = buildQuery(input, 'auto');
      const so = { top: 3, exclude: new Set([gold]) };
      const [first] = await engine.retriever('hybrid').search(query, so);
      assert.deepEqual(languagesOf(engine, first!.id), [language], `${language}: ${first!.id}`);
      const [plain] = await off.retriever('hybrid').search(query, so);
      if (!languagesOf(off, plain!.id).includes(language)) otherFirstWithoutRule.push(language);
    }
    assert.deepEqual(otherFirstWithoutRule, ['go', 'python'], 'the index is one where the rule matters');
  } finally {
    off.close();
  }
});

test('every retriever prefers the language, as eval runs them', async () => {
  const { buildQuery } = await import('../../src/query/build-query.js');
  const { query } = buildQuery(GO_PANIC, 'log');
  assert.equal(query.language, 'go');
  for (const name of engine.available) {
    const hits = await engine.retriever(name).search(query, { top: 5 });
    assert.ok(hits.length > 0, name);
    for (const h of hits) assert.ok(!languagesOf(engine, h.id).some((l) => l !== 'go'), `${name}: ${h.id}`);
  }
});

test('a failure whose language is unknown is ranked as before; a thread with no language tag is found', async () => {
  const text = `$ git push origin main
 ! [rejected]        main -> main (non-fast-forward)
error: failed to push some refs to 'github.com:acme/site.git'
hint: Updates were rejected because the tip of your current branch is behind
`;
  const off = openEngine({ indexDir: multi, encoder, language: { mode: 'off' } });
  try {
    const on = await engine.search(text, { top: 5, minConfidence: 0 });
    const plain = await off.search(text, { top: 5, minConfidence: 0 });
    assert.equal(on.results[0]!.id, 91000071, on.results[0]!.title);
    assert.deepEqual(
      on.results.map((h) => h.id),
      plain.results.map((h) => h.id),
    );
  } finally {
    off.close();
  }
});

test('on a Python-only index a Go panic stays quiet and says why; Python is answered as before', async () => {
  // The so-python corpus has no tags: its build (as the CLI runs it) tags every thread `python`.
  const out = join(mkdtempSync(join(tmpdir(), 'ss-pyonly-')), 'index');
  await buildIndex({ corpus: CORPUS, out, limit: 1500, defaultTags: ['python'] });
  const py = openEngine({ indexDir: out });
  try {
    assert.equal(py.index.manifest.tags!.languages.python, 1500);
    const go = await py.search(GO_PANIC, { minConfidence: 0 });
    assert.equal(go.confident, false, 'not confident even at threshold 0');
    assert.match(go.reason ?? '', /^the index has no Go threads \(it covers Python\)$/);
    // The App and the Action stay quiet and log the reason.
    const verdict = judgeResult(go, { minScore: 0, languages: [] });
    assert.equal(verdict.answer, false);
    assert.equal(
      !verdict.answer && verdict.reason,
      'no confident answer: the index has no Go threads (it covers Python)',
    );
    // Languages the extractor names beyond the first ten (Julia, R, Terraform…) are in the map too.
    const julia = await py.search(
      'ERROR: LoadError: UndefVarError: `df` not defined\nStacktrace:\n [1] top-level scope\n   @ ~/a/run.jl:4\n',
      { minConfidence: 0 },
    );
    assert.equal(julia.reason, 'the index has no Julia threads (it covers Python)');
    const r = await py.search("Error in read.csv(path) : object 'path' not found\nExecution halted\n", {
      minConfidence: 0,
    });
    assert.equal(r.reason, 'the index has no R threads (it covers Python)');
    // A failure its own client printed (PostgreSQL, kubectl): about that platform, not Python.
    const pg = await py.search('ERROR:  relation "orders" does not exist\nLINE 1: SELECT * FROM orders;\n', {
      minConfidence: 0,
    });
    assert.equal(pg.reason, 'the index has no SQL threads (it covers Python)');
    const k8s = await py.search('Error from server (NotFound): pods "web-0" not found\n', { minConfidence: 0 });
    assert.equal(k8s.reason, 'the index has no Kubernetes threads (it covers Python)');
    const python = await py.search(PYTHON_INDEXERROR, { minConfidence: 0 });
    assert.equal(python.reason, null);
    assert.equal(python.confident, true);
  } finally {
    py.close();
  }
  // The CLI says so and exits 1, as for any answer it would not give.
  const cli = spawnSync(process.execPath, [CLI, 'search', '-', '--index', out], { input: GO_PANIC, encoding: 'utf8' });
  assert.equal(cli.status, 1, cli.stderr);
  assert.match(
    cli.stdout,
    /No confident match \(confidence [\d.]+\): the index has no Go threads \(it covers Python\)\./,
  );
  const json = spawnSync(process.execPath, [CLI, 'search', '-', '--index', out, '--json'], {
    input: GO_PANIC,
    encoding: 'utf8',
  });
  assert.equal(JSON.parse(json.stdout).reason, 'the index has no Go threads (it covers Python)');
});

test('an index built before tag coverage keeps working: no language preference, no language quiet', async () => {
  const manifest = JSON.parse(readFileSync(join(multi, MANIFEST_FILE), 'utf8')) as Manifest;
  const old = mkdtempSync(join(tmpdir(), 'ss-oldindex-'));
  for (const f of INDEX_FILES) if (f !== MANIFEST_FILE) copyFileSync(join(multi, f), join(old, f));
  delete manifest.tags;
  writeFileSync(join(old, MANIFEST_FILE), JSON.stringify(manifest));
  const e = openEngine({ indexDir: old, encoder });
  const off = openEngine({ indexDir: multi, encoder, language: { mode: 'off' } });
  try {
    assert.equal(e.index.manifest.tags, undefined);
    const r = await e.search(GO_PANIC, { top: 10, minConfidence: 0 });
    const plain = await off.search(GO_PANIC, { top: 10, minConfidence: 0 });
    assert.equal(r.reason, null);
    assert.deepEqual(
      r.results.map((h) => h.id),
      plain.results.map((h) => h.id),
    );
  } finally {
    e.close();
    off.close();
  }
});
