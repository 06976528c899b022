import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { before, test } from 'node:test';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { loadDefaultEncoder } from '../../src/encoder/load.js';
import type { DocumentEncoder } from '../../src/encoder/types.js';
import { openEngine } from '../../src/engine.js';
import { INDEX_FORMAT_VERSION, MANIFEST_FILE } from '../../src/index/manifest.js';
import { PACK_FILE, packIndex } from '../../src/index/pack.js';
import { pullIndex, PullError, PULLED_FILE, type PullOptions } from '../../src/index/pull.js';
import { readTar, writeTar } from '../../src/index/tar.js';
import { searchToJson } from '../../src/render/json.js';
import { serveArchive } from '../helpers/archive-server.js';
import { ROOT, SHARED } from '../helpers/paths.js';
import { buildSmallIndex } from '../helpers/small-index.js';

const run = promisify(execFile);
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const TRACEBACKS = ['ci-py-006', 'ci-py-002'].map((id) =>
  readFileSync(join(SHARED, 'fixtures', 'extraction', 'items', `${id}.txt`)).toString('latin1'),
);
TRACEBACKS.push(
  'Traceback (most recent call last):\n  File "app.py", line 3, in <module>\n    df = pd.read_csv("data.csv")\n' +
    "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte",
);

let encoder: DocumentEncoder;
let index = '';
let archive = '';
let sha = '';
let bytes: Buffer;
let work = '';

before(async () => {
  encoder = (await loadDefaultEncoder({ threads: 2 }))!;
  index = await buildSmallIndex(1500, encoder);
  work = mkdtempSync(join(tmpdir(), 'ss-pack-'));
  archive = join(work, 'so-python-index.tar.gz');
  const r = await run(process.execPath, [CLI, 'index', 'pack', '--index', index, '--out', archive]);
  sha = r.stdout.trim();
  bytes = readFileSync(archive);
});

/** A fresh cache and output place for one pull. */
function place() {
  const dir = mkdtempSync(join(tmpdir(), 'ss-pull-'));
  return { cache: join(dir, 'cache'), parent: join(dir, 'indexes'), out: join(dir, 'indexes', 'index') };
}

function pull(p: ReturnType<typeof place>, source: string, extra: Partial<PullOptions> = {}) {
  return pullIndex({ source, sha256: sha, out: p.out, cacheDir: p.cache, encoderId: encoder.id, ...extra });
}

async function searchAll(dir: string) {
  const engine = openEngine({ indexDir: dir, encoder });
  try {
    const out = [];
    for (const t of TRACEBACKS) out.push(searchToJson(await engine.search(t, { top: 5 })));
    return out;
  } finally {
    engine.close();
  }
}

/** Nothing left behind: no partial download, no unpacked copy, no staging dir, no index. */
function assertNothingLeft(p: ReturnType<typeof place>) {
  const list = (d: string) => (existsSync(d) ? readdirSync(d) : []);
  assert.deepEqual(list(join(p.cache, 'downloads')), [], 'downloads');
  assert.deepEqual(list(join(p.cache, 'indexes')), [], 'cache indexes');
  assert.deepEqual(list(p.parent), [], 'output parent');
}

test('index pack prints the archive sha256 and writes <file>.sha256; the archive starts with its pack file', async () => {
  assert.match(sha, /^[0-9a-f]{64}$/);
  assert.equal(readFileSync(`${archive}.sha256`, 'utf8'), `${sha}  so-python-index.tar.gz\n`);
  const names: string[] = [];
  let first = '';
  await readTar(
    Readable.from([(await import('node:zlib')).gunzipSync(bytes)]),
    {
      entry: (e) => void names.push(e.name),
      data: (c) => {
        if (names.length === 1) first += c.toString();
      },
      end: () => {},
    },
    { maxBytes: 1e9 },
  );
  assert.deepEqual(names, [PACK_FILE, MANIFEST_FILE, 'meta.sqlite', 'lexical.postings', 'dense.hnsw', 'dense.vectors']);
  const info = JSON.parse(first);
  assert.equal(info.formatVersion, INDEX_FORMAT_VERSION);
  assert.equal(info.encoder, encoder.id);
  assert.equal(info.documents, 1500);
  assert.match(info.contentHash, /^[0-9a-f]{64}$/);
  // The same index packed again has the same content hash.
  const again = await packIndex(index, join(work, 'again.tar.gz'));
  assert.equal(again.info.contentHash, info.contentHash);
});

test('pack → loopback HTTP → index pull (CLI): identical search results; a second pull is served from the cache', async () => {
  const server = await serveArchive(bytes);
  const p = place();
  try {
    const env = { ...process.env, SNIPPET_SEARCH_CACHE: p.cache };
    const r = await run(process.execPath, [CLI, 'index', 'pull', server.url, '--sha256', sha, '--out', p.out, '--json'], {
      env,
    });
    const json = JSON.parse(r.stdout);
    assert.equal(json.sha256, sha);
    assert.equal(json.fromCache, false);
    assert.equal(json.downloadedBytes, bytes.length);
    assert.deepEqual(await searchAll(p.out), await searchAll(index));
    assert.equal(JSON.parse(readFileSync(join(p.out, PULLED_FILE), 'utf8')).sha256, sha);
    assert.equal(server.requests.length, 1);

    const again = await run(process.execPath, [CLI, 'index', 'pull', server.url, '--sha256', sha, '--out', p.out, '--json'], {
      env,
    });
    assert.equal(JSON.parse(again.stdout).fromCache, true);
    assert.equal(server.requests.length, 1, 'the second pull made no request');
    assert.deepEqual(await searchAll(p.out), await searchAll(index));
  } finally {
    await server.close();
  }
});

test('a corrupted download is refused before unpacking and leaves nothing behind', async () => {
  const server = await serveArchive(bytes, 'corrupt');
  const p = place();
  try {
    await assert.rejects(pull(p, server.url), (err: Error) => {
      assert.ok(err instanceof PullError);
      assert.match(err.message, new RegExp(`sha256 is [0-9a-f]{64}, not the expected ${sha}`));
      assert.match(err.message, /Nothing was unpacked/);
      return true;
    });
    assertNothingLeft(p);
    // Without --sha256 the archive's own gzip CRC and file hashes still refuse it.
    await assert.rejects(pull(p, server.url, { sha256: undefined }), PullError);
    assertNothingLeft(p);
  } finally {
    await server.close();
  }
});

test('a truncated file is refused and leaves nothing behind, with or without --sha256', async () => {
  const server = await serveArchive(bytes, 'truncated');
  const p = place();
  try {
    await assert.rejects(pull(p, server.url), /not the expected/);
    assertNothingLeft(p);
    await assert.rejects(pull(p, server.url, { sha256: undefined }), /not a usable index archive/);
    assertNothingLeft(p);
  } finally {
    await server.close();
  }
});

test('a download cut midway resumes with a Range request and gives the same index', async () => {
  const server = await serveArchive(bytes, 'cut-once');
  const p = place();
  try {
    const r = await pull(p, server.url);
    assert.equal(server.requests.length, 2);
    assert.equal(server.requests[0]!.range, undefined);
    const from = Number(/^bytes=(\d+)-$/.exec(server.requests[1]!.range ?? '')?.[1]);
    assert.ok(from > 0 && from < bytes.length, `resumed from ${from}`);
    assert.equal(server.requests[1]!['if-range'], '"v1"');
    assert.deepEqual(r.resumedFrom, [from]);
    assert.equal(r.downloadedBytes, bytes.length, 'each byte fetched once');
    assert.deepEqual(await searchAll(p.out), await searchAll(index));
  } finally {
    await server.close();
  }
});

test('a pull that gives up keeps its partial download, and the next pull resumes it', async () => {
  const server = await serveArchive(bytes, 'cut-always');
  const p = place();
  try {
    await assert.rejects(pull(p, server.url, { retries: 0 }), /pull again to resume/);
    const part = join(p.cache, 'downloads', `${sha}.part`);
    const kept = readFileSync(part).length;
    assert.ok(kept > 0 && kept < bytes.length);
    assert.ok(!existsSync(p.out));
    server.mode = 'ok';
    server.requests.length = 0;
    await pull(p, server.url);
    assert.equal(server.requests[0]!.range, `bytes=${kept}-`);
    assert.deepEqual(await searchAll(p.out), await searchAll(index));
    assert.ok(!existsSync(part));
  } finally {
    await server.close();
  }
});

test('pulling over an index swaps it; a refused pull leaves the old index working', async () => {
  const small = await buildSmallIndex(300);
  const p = place();
  mkdirSync(p.parent, { recursive: true });
  // An older index in place (copied from a 300-thread build).
  await pull(p, await packPath(small, 'small.tar.gz'), { sha256: undefined });
  assert.equal(JSON.parse(readFileSync(join(p.out, MANIFEST_FILE), 'utf8')).counts.documents, 300);
  const server = await serveArchive(bytes, 'corrupt');
  try {
    await assert.rejects(pull(p, server.url), PullError);
    assert.equal(JSON.parse(readFileSync(join(p.out, MANIFEST_FILE), 'utf8')).counts.documents, 300);
    server.mode = 'ok';
    await pull(p, server.url);
    assert.equal(JSON.parse(readFileSync(join(p.out, MANIFEST_FILE), 'utf8')).counts.documents, 1500);
    assert.deepEqual(
      readdirSync(p.parent).filter((n) => n !== 'index'),
      [],
      'no staging or old dirs',
    );
  } finally {
    await server.close();
  }
});

async function packPath(dir: string, name: string): Promise<string> {
  const out = join(work, name);
  await packIndex(dir, out);
  return out;
}

test('an archive of another encoder or format version is refused with what to do, and nothing is left', async () => {
  const p = place();
  await assert.rejects(pull(p, archive, { encoderId: 'snippet-encoder-000000000000' }), (err: Error) => {
    assert.match(err.message, /built with encoder snippet-encoder-\w+, but this snippet-search uses snippet-encoder-000000000000/);
    assert.match(err.message, /snippet-search index build/);
    return true;
  });
  assertNothingLeft(p);

  const newer = INDEX_FORMAT_VERSION + 1;
  const info = { format: 'snippet-search-index-pack', formatVersion: newer, encoder: null, files: [] };
  const future = join(work, 'future.tar.gz');
  writeFileSync(future, gzipSync(await collect(writeTar([{ name: PACK_FILE, data: Buffer.from(JSON.stringify(info)) }]))));
  await assert.rejects(
    pull(p, future, { sha256: undefined }),
    new RegExp(`format version ${newer}; this snippet-search reads version ${INDEX_FORMAT_VERSION} \\(a newer`),
  );
  assertNothingLeft(p);
});

test('refuses to replace a directory that is not an index', async () => {
  const p = place();
  mkdirSync(p.out, { recursive: true });
  writeFileSync(join(p.out, 'thesis.tex'), 'precious');
  await assert.rejects(pull(p, archive), /not an index: refusing to replace it/);
  assert.equal(readFileSync(join(p.out, 'thesis.tex'), 'utf8'), 'precious');
});

async function collect(gen: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const b of gen) parts.push(b);
  return Buffer.concat(parts);
}

/** A raw ustar header, for entries our writer refuses to make. */
function rawHeader(name: string, size: number, type: string, linkname = ''): Buffer {
  const h = Buffer.alloc(512, 0);
  h.write(name, 0, 100);
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(size.toString(8).padStart(11, '0') + '\0', 124);
  h.write('00000000000\0', 136);
  h.write('        ', 148);
  h.write(type, 156);
  h.write(linkname, 157, 100);
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
  return h;
}

function rawTar(entries: Array<{ name: string; type?: string; data?: string; link?: string }>): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const data = Buffer.from(e.data ?? '');
    parts.push(rawHeader(e.name, data.length, e.type ?? '0', e.link), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

test('unpacking is safe: no traversal, no links, no folders, a size limit, no truncated archive', async () => {
  const sink = { entry: () => {}, data: () => {}, end: () => {} };
  const read = (buf: Buffer, maxBytes = 1e6) => readTar(Readable.from([buf]), sink, { maxBytes });
  await assert.rejects(read(rawTar([{ name: '../../etc/passwd', data: 'x' }])), /unsafe entry name/);
  await assert.rejects(read(rawTar([{ name: '/etc/passwd', data: 'x' }])), /unsafe entry name/);
  await assert.rejects(read(rawTar([{ name: 'meta.sqlite', type: '2', link: '/etc/passwd' }])), /a symbolic link/);
  await assert.rejects(read(rawTar([{ name: 'meta.sqlite', type: '1', link: '../x' }])), /a hard link/);
  await assert.rejects(read(rawTar([{ name: 'sub', type: '5' }])), /a directory/);
  await assert.rejects(read(rawTar([{ name: 'a', data: 'x' }, { name: 'a', data: 'y' }])), /appears twice/);
  await assert.rejects(read(rawTar([{ name: 'big', data: 'x'.repeat(2000) }]), 1000), /more than the 1000-byte limit/);
  await assert.rejects(read(rawTar([{ name: 'a', data: 'x' }]).subarray(0, 700)), /truncated/);
  const bad = rawTar([{ name: 'a', data: 'x' }]);
  bad[0] = 'b'.charCodeAt(0);
  await assert.rejects(read(bad), /checksum/);
  assert.equal(await read(rawTar([{ name: 'a', data: 'xyz' }])), 3);

  // Through pull: an archive whose entries are not index files is refused and nothing is written.
  const p = place();
  const evil = join(work, 'evil.tar.gz');
  writeFileSync(evil, gzipSync(rawTar([{ name: '../evil', data: 'x' }])));
  await assert.rejects(pull(p, evil, { sha256: undefined }), /not a usable index archive.*(unsafe entry name|no snippet)/);
  assert.ok(!existsSync(join(p.cache, 'evil')) && !existsSync(join(p.cache, 'indexes', '..', 'evil')));
  assertNothingLeft(p);
});
