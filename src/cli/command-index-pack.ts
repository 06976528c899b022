import { loadDefaultEncoder } from '../encoder/load.js';
import { packIndex } from '../index/pack.js';
import { pullIndex } from '../index/pull.js';
import { defaultIndexDir } from '../paths.js';
import { createProgress } from './progress.js';

export interface IndexPackFlags {
  index?: string;
  out: string;
  json?: boolean;
}

/** `index pack`: one .tar.gz of the index, its sha256 printed (and written to `<out>.sha256`). */
export async function runIndexPack(o: IndexPackFlags): Promise<void> {
  const r = await packIndex(o.index ?? defaultIndexDir(), o.out);
  if (o.json) {
    const { manifest: _m, ...info } = r.info;
    process.stdout.write(JSON.stringify({ file: r.file, bytes: r.bytes, sha256: r.sha256, ...info }, null, 2) + '\n');
    return;
  }
  process.stderr.write(
    `Packed ${r.info.documents} threads (format version ${r.info.formatVersion}, ` +
      `${r.info.encoder ? `encoder ${r.info.encoder}` : 'BM25 only'}) into ${r.file} (${mib(r.bytes)}); ` +
      `sha256 also in ${r.file}.sha256\n`,
  );
  process.stdout.write(`${r.sha256}\n`);
}

export interface IndexPullFlags {
  sha256?: string;
  out?: string;
  maxSize?: number;
  json?: boolean;
}

/** `index pull SOURCE`: download (resumable), verify, unpack safely, swap in; cached by sha256. */
export async function runIndexPull(source: string, o: IndexPullFlags): Promise<void> {
  const out = o.out ?? defaultIndexDir();
  const encoder = await loadDefaultEncoder({ optional: true });
  const progress = createProgress();
  const r = await pullIndex({
    source,
    sha256: o.sha256,
    out,
    encoderId: encoder?.id ?? null,
    maxBytes: o.maxSize ? o.maxSize * 1024 * 1024 : undefined,
    onProgress: (received, total) =>
      progress.update(
        'downloading',
        total ? received / total : null,
        `${mib(received)}${total ? ` of ${mib(total)}` : ''}`,
      ),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  progress.done(
    `${r.fromCache ? 'From the cache' : 'Verified'}: ${r.sha256} → ${r.dir} ` +
      `(${r.manifest.counts.documents} threads, ${r.info.encoder ? `encoder ${r.info.encoder}` : 'BM25 only'}).`,
  );
  if (o.json) {
    const { manifest: _m, info: _i, ...rest } = r;
    process.stdout.write(JSON.stringify({ ...rest, documents: r.manifest.counts.documents }, null, 2) + '\n');
  }
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
