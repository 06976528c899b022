import { randomBytes, createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  createReadStream,
  createWriteStream,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { INDEX_FORMAT_VERSION, MANIFEST_FILE, readManifest, type Manifest } from './manifest.js';
import { contentHash, INDEX_FILES, PACK_FILE, PACK_FORMAT, PackInfo } from './pack.js';
import { readTar, TarError } from './tar.js';

/** Raised when a pull is refused; the message says why and what to do. Nothing is left behind. */
export class PullError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PullError';
  }
}

/** Where pulls are cached: `$SNIPPET_SEARCH_CACHE`, else `$XDG_CACHE_HOME/snippet-search`, else `~/.cache/snippet-search`. */
export function defaultCacheDir(): string {
  if (process.env.SNIPPET_SEARCH_CACHE) return resolve(process.env.SNIPPET_SEARCH_CACHE);
  const xdg = process.env.XDG_CACHE_HOME;
  return join(xdg && xdg.startsWith('/') ? xdg : join(homedir(), '.cache'), 'snippet-search');
}

/** Default limit on what an archive may unpack to (the so-python index is ~240 MB). */
export const DEFAULT_MAX_UNPACKED_BYTES = 16 * 1024 ** 3;
/** Written into a pulled index directory: where it came from. */
export const PULLED_FILE = 'pulled.json';

export interface PullOptions {
  /** http(s) URL, file: URL or path of a `.tar.gz` made by `index pack`. */
  source: string;
  /** The archive's expected sha256 (hex). Without it the archive's own file hashes are still checked. */
  sha256?: string;
  /** The index directory to fill (replaced atomically). */
  out: string;
  cacheDir?: string;
  /** The id of the encoder this snippet-search uses; null: no encoder here, any archive's vectors are ignored. */
  encoderId: string | null;
  maxBytes?: number;
  /** Attempts to resume an interrupted download before giving up (the partial file is kept for the next pull). */
  retries?: number;
  onProgress?: (received: number, total: number | null) => void;
  log?: (line: string) => void;
}

export interface PullResult {
  dir: string;
  sha256: string;
  /** The archive was not fetched again: the cache had this sha256 unpacked and verified. */
  fromCache: boolean;
  /** Bytes fetched over the network in this pull (0 from the cache or a path). */
  downloadedBytes: number;
  /** Where an interrupted download was resumed from, one entry per resume. */
  resumedFrom: number[];
  manifest: Manifest;
  info: PackInfo;
}

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Fetches an index archive (streamed to disk, resumed with Range requests), verifies its sha256 before
 * anything is unpacked, checks its format version and encoder, unpacks it safely into the cache (keyed
 * by sha256) and swaps it into `out`. A second pull of the same sha256 comes from the cache.
 */
export async function pullIndex(opts: PullOptions): Promise<PullResult> {
  const expected = opts.sha256?.trim().toLowerCase();
  if (expected !== undefined && !SHA256.test(expected))
    throw new PullError(`--sha256 must be 64 hex digits (the line \`index pack\` printed), got "${opts.sha256}"`);
  const cache = resolve(opts.cacheDir ?? defaultCacheDir());
  const out = resolve(opts.out);
  const log = opts.log ?? (() => {});
  checkOut(out);

  if (expected) {
    const cached = join(cache, 'indexes', expected);
    const info = readCachedInfo(cached);
    if (info) {
      checkCompatible(info, opts.encoderId, opts.source);
      log(`found ${expected.slice(0, 12)}… in the cache (${cached})`);
      const manifest = install(cached, out, { sha256: expected, source: opts.source });
      return { dir: out, sha256: expected, fromCache: true, downloadedBytes: 0, resumedFrom: [], manifest, info };
    }
  }

  const remote = /^https?:\/\//i.test(opts.source);
  let archive: string;
  let downloadedBytes = 0;
  const resumedFrom: number[] = [];
  if (remote) {
    const key = expected ?? createHash('sha256').update(opts.source).digest('hex');
    mkdirSync(join(cache, 'downloads'), { recursive: true });
    archive = join(cache, 'downloads', `${key}.part`);
    const d = await download(opts.source, archive, opts.retries ?? 5, opts.onProgress, log);
    downloadedBytes = d.downloaded;
    resumedFrom.push(...d.resumedFrom);
  } else {
    archive = opts.source.startsWith('file:') ? fileURLToPath(opts.source) : resolve(opts.source);
    if (!existsSync(archive) || !statSync(archive).isFile()) throw new PullError(`no archive at ${archive}`);
  }
  const discard = () => {
    if (!remote) return;
    rmSync(archive, { force: true });
    rmSync(`${archive}.json`, { force: true });
  };

  const actual = await sha256File(archive);
  if (expected && actual !== expected) {
    discard();
    throw new PullError(
      `the archive's sha256 is ${actual}, not the expected ${expected}: the download is corrupt or incomplete, ` +
        `or ${opts.source} now serves another file. Nothing was unpacked and ${out} is unchanged; ` +
        `pull again, or check the sha256 published with the archive.`,
    );
  }
  if (!expected)
    log(`no --sha256 given: the archive's sha256 is ${actual} (pin it with --sha256 to refuse any other file)`);

  const indexes = join(cache, 'indexes');
  mkdirSync(indexes, { recursive: true });
  const final = join(indexes, actual);
  const tmp = join(indexes, `.tmp-${randomBytes(6).toString('hex')}`);
  let info: PackInfo;
  try {
    if (!readCachedInfo(final)) {
      info = await unpack(archive, tmp, opts);
      rmSync(final, { recursive: true, force: true });
      renameSync(tmp, final);
    } else info = readCachedInfo(final)!;
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    discard();
    if (err instanceof PullError) throw err;
    if (err instanceof TarError || (err as { code?: string }).code?.startsWith('Z_'))
      throw new PullError(`${opts.source} is not a usable index archive: ${(err as Error).message}. ${out} is unchanged.`);
    throw err;
  }
  discard(); // the verified, unpacked copy in the cache is what a later pull reuses
  const manifest = install(final, out, { sha256: actual, source: opts.source });
  return { dir: out, sha256: actual, fromCache: false, downloadedBytes, resumedFrom, manifest, info };
}

function checkOut(out: string): void {
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw new PullError(`${out} exists and is not a directory`);
  const entries = readdirSync(out);
  if (entries.length && !entries.includes(MANIFEST_FILE))
    throw new PullError(`${out} is not empty and is not an index: refusing to replace it (choose another --out)`);
}

function readCachedInfo(dir: string): PackInfo | null {
  try {
    return PackInfo.parse(JSON.parse(readFileSync(join(dir, PACK_FILE), 'utf8')));
  } catch {
    return null;
  }
}

function checkCompatible(info: PackInfo, encoderId: string | null, source: string): void {
  if (info.formatVersion !== INDEX_FORMAT_VERSION) {
    const what =
      info.formatVersion > INDEX_FORMAT_VERSION
        ? 'a newer snippet-search made it: upgrade snippet-search'
        : 'an older snippet-search made it: ask for an archive packed by this version';
    throw new PullError(
      `${source} holds an index of format version ${info.formatVersion}; this snippet-search reads version ${INDEX_FORMAT_VERSION} (${what}, ` +
        `or build one yourself: snippet-search index build --corpus <dump dir> --tags python, then index pack).`,
    );
  }
  if (info.encoder && encoderId && info.encoder !== encoderId) {
    throw new PullError(
      `${source} was built with encoder ${info.encoder}, but this snippet-search uses ${encoderId}: its vectors would not match. ` +
        `Use an archive packed with this release's encoder (the operator re-runs index build and index pack), or build one yourself: ` +
        `snippet-search index build --corpus <dump dir> --tags python.`,
    );
  }
}

/** Unpacks into `dir`: PACK_FILE must come first; files are checked against it before the result is used. */
async function unpack(archive: string, dir: string, opts: PullOptions): Promise<PackInfo> {
  mkdirSync(dir, { recursive: true });
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_UNPACKED_BYTES;
  let info: PackInfo | null = null;
  let packJson: Buffer[] = [];
  let fd: number | null = null;
  let hash = createHash('sha256');
  const written = new Map<string, string>();
  const allowed = new Set<string>(INDEX_FILES);
  const gunzip = createGunzip();
  const source = createReadStream(archive).pipe(gunzip);
  try {
    await readTar(
      source,
      {
        entry(e) {
          if (!info) {
            if (e.name !== PACK_FILE) throw new PullError(`not an index archive made by \`index pack\` (no ${PACK_FILE})`);
            if (e.size > 1024 * 1024) throw new TarError(`${PACK_FILE} is too large`);
            packJson = [];
            return;
          }
          const listed = info.files.find((f) => f.name === e.name);
          if (!allowed.has(e.name) || !listed) throw new TarError(`refusing ${JSON.stringify(e.name)}: not an index file`);
          if (listed.size !== e.size) throw new TarError(`${e.name}: ${e.size} bytes, but ${PACK_FILE} says ${listed.size}`);
          hash = createHash('sha256');
          fd = openSync(join(dir, e.name), 'wx');
        },
        data(chunk) {
          if (fd === null) return void packJson.push(chunk);
          hash.update(chunk);
          let off = 0;
          while (off < chunk.length) off += writeSync(fd, chunk, off);
        },
        end(e) {
          if (fd === null) {
            let parsed: unknown;
            try {
              parsed = JSON.parse(Buffer.concat(packJson).toString('utf8'));
            } catch {
              throw new PullError(`${PACK_FILE} in the archive is not JSON`);
            }
            const head = parsed as { format?: unknown; formatVersion?: unknown };
            if (head?.format !== PACK_FORMAT) throw new PullError(`not an index archive made by \`index pack\``);
            // Version and encoder first: a future format's pack file may not parse as this one's.
            if (typeof head.formatVersion === 'number' && head.formatVersion !== INDEX_FORMAT_VERSION)
              checkCompatible({ ...(parsed as PackInfo), formatVersion: head.formatVersion }, opts.encoderId, opts.source);
            const r = PackInfo.safeParse(parsed);
            if (!r.success) throw new PullError(`${PACK_FILE} in the archive is malformed`);
            checkCompatible(r.data, opts.encoderId, opts.source);
            if (contentHash(r.data.files) !== r.data.contentHash) throw new PullError(`${PACK_FILE}: content hash mismatch`);
            info = r.data;
            writeFileSync(join(dir, PACK_FILE), JSON.stringify(info, null, 2) + '\n');
            return;
          }
          closeSync(fd);
          fd = null;
          written.set(e.name, hash.digest('hex'));
        },
      },
      { maxBytes },
    );
  } finally {
    if (fd !== null) closeSync(fd);
    source.destroy();
  }
  if (!info) throw new PullError('the archive is empty');
  const pack: PackInfo = info;
  for (const f of pack.files) {
    const got = written.get(f.name);
    if (!got) throw new PullError(`the archive lacks ${f.name}, which ${PACK_FILE} lists`);
    if (got !== f.sha256) throw new PullError(`${f.name} does not match its sha256 in ${PACK_FILE}: the archive is corrupt`);
  }
  readManifest(dir);
  return pack;
}

/** Links (or copies) the cached index into a fresh directory beside `out`, then swaps it in. */
function install(from: string, out: string, pulled: { sha256: string; source: string }): Manifest {
  const parent = dirname(out);
  mkdirSync(parent, { recursive: true });
  const stage = join(parent, `.${basename(out)}.pull-${randomBytes(6).toString('hex')}`);
  const old = join(parent, `.${basename(out)}.old-${randomBytes(6).toString('hex')}`);
  try {
    mkdirSync(stage);
    for (const name of readdirSync(from)) {
      if (name === PACK_FILE) continue;
      try {
        linkSync(join(from, name), join(stage, name)); // same filesystem: instant, no second copy on disk
      } catch {
        copyFileSync(join(from, name), join(stage, name));
      }
    }
    const source = /^https?:\/\//i.test(pulled.source) ? redactUrl(pulled.source) : pulled.source;
    writeFileSync(join(stage, PULLED_FILE), JSON.stringify({ ...pulled, source, at: new Date().toISOString() }) + '\n');
    const manifest = readManifest(stage);
    if (existsSync(out)) renameSync(out, old);
    renameSync(stage, out);
    rmSync(old, { recursive: true, force: true });
    return manifest;
  } catch (err) {
    rmSync(stage, { recursive: true, force: true });
    if (!existsSync(out) && existsSync(old)) renameSync(old, out);
    throw err;
  }
}

function redactUrl(u: string): string {
  try {
    const url = new URL(u);
    url.username = '';
    url.password = '';
    url.search = '';
    return url.toString();
  } catch {
    return '(url)';
  }
}

async function sha256File(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return h.digest('hex');
}

interface PartMeta {
  url: string;
  etag?: string;
  lastModified?: string;
}

function request(url: string, headers: Record<string, string>, redirects = 5): Promise<IncomingMessage> {
  return new Promise((resolvePromise, reject) => {
    const get = url.startsWith('https:') ? httpsGet : httpGet;
    const req = get(url, { headers: { 'user-agent': 'snippet-search', ...headers } }, (res) => {
      const status = res.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status) && res.headers.location) {
        res.resume();
        if (redirects === 0) return reject(new PullError(`too many redirects from ${redactUrl(url)}`));
        return resolvePromise(request(new URL(res.headers.location, url).toString(), headers, redirects - 1));
      }
      resolvePromise(res);
    });
    req.setTimeout(60_000, () => req.destroy(new Error('no data for 60 s')));
    req.on('error', reject);
  });
}

/**
 * Streams `url` into `part`, resuming from the bytes already there with a Range request (If-Range on
 * the ETag or Last-Modified seen before, so a changed file starts over). A connection that drops is
 * resumed up to `retries` times; HTTP errors other than 5xx are not retried.
 */
async function download(
  url: string,
  part: string,
  retries: number,
  onProgress: PullOptions['onProgress'],
  log: (line: string) => void,
): Promise<{ downloaded: number; resumedFrom: number[] }> {
  const metaFile = `${part}.json`;
  let meta: PartMeta | null;
  try {
    meta = JSON.parse(readFileSync(metaFile, 'utf8')) as PartMeta;
  } catch {
    meta = null;
  }
  if (!meta || meta.url !== url) {
    rmSync(part, { force: true });
    meta = { url };
  }
  let downloaded = 0;
  const resumedFrom: number[] = [];
  for (let attempt = 0; ; attempt++) {
    const have = existsSync(part) ? statSync(part).size : 0;
    const headers: Record<string, string> = {};
    if (have > 0) {
      headers.range = `bytes=${have}-`;
      const validator = meta.etag ?? meta.lastModified;
      if (validator) headers['if-range'] = validator;
    }
    let res: IncomingMessage;
    try {
      res = await request(url, headers);
    } catch (err) {
      if (err instanceof PullError || attempt >= retries) throw downloadFailed(url, part, err);
      await pause(attempt);
      continue;
    }
    const status = res.statusCode ?? 0;
    if (status === 416 && have > 0) {
      // Already complete (or the file shrank): the sha256 check decides.
      const total = /\/(\d+)$/.exec(res.headers['content-range'] ?? '')?.[1];
      res.resume();
      if (total && Number(total) === have) return { downloaded, resumedFrom };
      rmSync(part, { force: true });
      continue;
    }
    if (status >= 500 && attempt < retries) {
      res.resume();
      await pause(attempt);
      continue;
    }
    if (status !== 200 && status !== 206) {
      res.resume();
      rmSync(part, { force: true });
      rmSync(metaFile, { force: true });
      throw new PullError(`${redactUrl(url)} answered HTTP ${status}: check the URL`);
    }
    let start = 0;
    if (status === 206) {
      const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(res.headers['content-range'] ?? '');
      if (!m || Number(m[1]) !== have) {
        res.resume();
        rmSync(part, { force: true });
        if (attempt >= retries) throw new PullError(`${redactUrl(url)} answered a range request with the wrong range`);
        continue;
      }
      start = have;
      resumedFrom.push(have);
      log(`resuming the download at byte ${have}`);
    }
    meta = {
      url,
      ...(res.headers.etag ? { etag: res.headers.etag } : {}),
      ...(res.headers['last-modified'] ? { lastModified: res.headers['last-modified'] } : {}),
    };
    writeFileSync(metaFile, JSON.stringify(meta));
    const length = res.headers['content-length'] ? Number(res.headers['content-length']) : null;
    const total = length === null ? null : start + length;
    let received = start;
    onProgress?.(received, total);
    const file = createWriteStream(part, { flags: status === 206 ? 'a' : 'w' });
    res.on('data', (c: Buffer) => {
      received += c.length;
      downloaded += c.length;
      onProgress?.(received, total);
    });
    try {
      await pipeline(res, file);
      if (total !== null && received < total) throw new Error(`the connection closed at byte ${received} of ${total}`);
      rmSync(metaFile, { force: true });
      return { downloaded, resumedFrom };
    } catch (err) {
      // The stream may still be writing its last chunk: let it close before the file's size is read.
      if (!file.closed) await new Promise<void>((r) => file.once('close', () => r()));
      if (attempt >= retries) throw downloadFailed(url, part, err);
      log(`download interrupted at byte ${received} (${(err as Error).message}); resuming`);
      await pause(attempt);
    }
  }
}

function downloadFailed(url: string, part: string, err: unknown): PullError {
  const kept = existsSync(part) ? statSync(part).size : 0;
  return new PullError(
    `could not download ${redactUrl(url)}: ${(err as Error).message}.` +
      (kept ? ` The ${kept} bytes received are kept in ${part}; pull again to resume.` : ''),
  );
}

function pause(attempt: number): Promise<void> {
  return new Promise((r) => setTimeout(r, Math.min(5000, 250 * 2 ** attempt)));
}
