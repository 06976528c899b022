import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { z } from 'zod';
import { HNSW_FILE, INDEX_FORMAT_VERSION, Manifest, MANIFEST_FILE, readManifest, SQLITE_FILE } from './manifest.js';
import { VECTORS_FILE } from './dense-vectors.js';
import { POSTINGS_FILE } from './postings-file.js';
import { writeTar } from './tar.js';

/** The first entry of every index archive: what it holds, checked before anything else is unpacked. */
export const PACK_FILE = 'snippet-search-pack.json';
export const PACK_FORMAT = 'snippet-search-index-pack';

export const PackInfo = z.object({
  format: z.literal(PACK_FORMAT),
  /** The index format version inside (manifest.formatVersion), repeated here to refuse early. */
  formatVersion: z.number().int(),
  /** The encoder the vectors were made with, or null for a BM25-only index. */
  encoder: z.string().nullable(),
  documents: z.number().int(),
  files: z.array(z.object({ name: z.string(), size: z.number().int().nonnegative(), sha256: z.string() })),
  /** sha256 over the files' names and hashes: the same index packed twice has the same content hash. */
  contentHash: z.string(),
  packedAt: z.string(),
  manifest: Manifest,
});
export type PackInfo = z.infer<typeof PackInfo>;

/** The files an index archive may hold, besides PACK_FILE. */
export const INDEX_FILES = [MANIFEST_FILE, SQLITE_FILE, POSTINGS_FILE, HNSW_FILE, VECTORS_FILE] as const;

export interface PackResult {
  file: string;
  bytes: number;
  /** sha256 of the archive file: what `index pull --sha256` and the Action's `index-sha256` expect. */
  sha256: string;
  info: PackInfo;
}

async function sha256File(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return h.digest('hex');
}

export function contentHash(files: Array<{ name: string; sha256: string }>): string {
  const h = createHash('sha256');
  for (const f of files) h.update(`${f.name}\0${f.sha256}\n`);
  return h.digest('hex');
}

/**
 * Packs an index directory into one `.tar.gz`: PACK_FILE first (format version, encoder id, file hashes,
 * content hash, the manifest), then the index files. Written beside `out` and renamed into place when
 * complete; a `<out>.sha256` file (sha256sum format) is written next to it.
 */
export async function packIndex(indexDir: string, outFile: string): Promise<PackResult> {
  const dir = resolve(indexDir);
  const out = resolve(outFile);
  const manifest = readManifest(dir); // refuses a missing, corrupt or other-version index
  const dense = (n: string) => n === HNSW_FILE || n === VECTORS_FILE;
  const names = INDEX_FILES.filter((n) => !dense(n) || (manifest.encoder && existsSync(join(dir, n))));
  const files = [];
  for (const name of names) {
    const path = join(dir, name);
    files.push({ name, size: statSync(path).size, sha256: await sha256File(path) });
  }
  const info: PackInfo = {
    format: PACK_FORMAT,
    formatVersion: INDEX_FORMAT_VERSION,
    encoder: manifest.encoder?.id ?? null,
    documents: manifest.counts.documents,
    files,
    contentHash: contentHash(files),
    packedAt: new Date().toISOString(),
    manifest,
  };
  const tmp = join(dirname(out), `.${basename(out)}.partial`);
  const hash = createHash('sha256');
  let bytes = 0;
  const tee = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      bytes += chunk.length;
      cb(null, chunk);
    },
  });
  const entries = [
    { name: PACK_FILE, data: Buffer.from(JSON.stringify(info, null, 2) + '\n') },
    ...names.map((name) => ({ name, path: join(dir, name) })),
  ];
  try {
    await pipeline(Readable.from(writeTar(entries)), createGzip({ level: 6 }), tee, createWriteStream(tmp));
    // Re-read what was written: the hash printed is the hash of the file on disk.
    const onDisk = await sha256File(tmp);
    if (onDisk !== hash.digest('hex')) throw new Error(`${tmp} changed while it was written`);
    renameSync(tmp, out);
    writeFileSync(`${out}.sha256`, `${onDisk}  ${basename(out)}\n`);
    return { file: out, bytes, sha256: onDisk, info };
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
