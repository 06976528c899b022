/**
 * A minimal POSIX ustar writer and a strict streaming reader, for the handful of regular files an index
 * archive holds. The reader refuses anything but plain files with plain names (no directories, links,
 * devices, pax or GNU extension headers, no path separators or `..`) and enforces a size limit, so
 * hostile archives cannot write outside the directory they are unpacked into or fill the disk.
 */
import { createReadStream, statSync } from 'node:fs';

const BLOCK = 512;
/** ustar's 11 octal digits of size: files must be under 8 GiB. */
const MAX_ENTRY_BYTES = 0o77777777777;

export class TarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarError';
  }
}

export interface TarFile {
  /** The entry's name in the archive: a plain file name, no directories. */
  name: string;
  /** A file on disk, or the bytes themselves. */
  path?: string;
  data?: Buffer;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: number): Buffer {
  checkName(name);
  if (size > MAX_ENTRY_BYTES) throw new TarError(`${name}: ${size} bytes is over the 8 GiB a tar entry can hold`);
  const h = Buffer.alloc(BLOCK, 0);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(mtime, 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(octal(sum, 7) + ' ', 148, 'ascii');
  return h;
}

/** The archive's bytes, file by file (pipe them through gzip). Files are streamed, never held whole. */
export async function* writeTar(files: TarFile[], mtime = Math.floor(Date.now() / 1000)): AsyncGenerator<Buffer> {
  for (const f of files) {
    const size = f.data ? f.data.length : statSync(f.path!).size;
    yield header(f.name, size, mtime);
    let written = 0;
    if (f.data) {
      yield f.data;
      written = f.data.length;
    } else {
      for await (const chunk of createReadStream(f.path!)) {
        written += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
    if (written !== size) throw new TarError(`${f.name} changed size while it was being packed`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) yield Buffer.alloc(pad, 0);
  }
  yield Buffer.alloc(BLOCK * 2, 0);
}

/** A name the reader accepts: one path component, printable, not `.` or `..`. */
export function checkName(name: string): void {
  // eslint-disable-next-line no-control-regex
  if (!name || name === '.' || name === '..' || /[/\\\u0000-\u001f]/.test(name) || name.length > 100)
    throw new TarError(`unsafe entry name ${JSON.stringify(name)} (only plain file names are allowed)`);
}

export interface TarEntry {
  name: string;
  size: number;
}

export interface TarSink {
  /** Called at each entry's header; throw to refuse it. */
  entry(e: TarEntry): void | Promise<void>;
  /** The entry's bytes, in order. */
  data(chunk: Buffer): void | Promise<void>;
  /** The entry is complete. */
  end(e: TarEntry): void | Promise<void>;
}

export interface ReadTarOptions {
  /** Total bytes of all entries together. */
  maxBytes: number;
  maxEntries?: number;
}

/** A NUL-terminated string field. */
function cString(buf: Buffer, start: number, len: number): string {
  const end = buf.indexOf(0, start);
  return buf.toString('utf8', start, end >= 0 && end < start + len ? end : start + len);
}

function parseOctal(buf: Buffer, start: number, len: number, field: string): number {
  const s = cString(buf, start, len).trim();
  if (!/^[0-7]+$/.test(s)) throw new TarError(`corrupt tar header (${field})`);
  return parseInt(s, 8);
}

/**
 * Reads a tar stream (already decompressed) and hands each entry to `sink`. Refuses links, directories,
 * extension headers, unsafe names, duplicates, a bad header checksum, more than `maxBytes` in all, and
 * a truncated archive.
 */
export async function readTar(source: AsyncIterable<Buffer>, sink: TarSink, opts: ReadTarOptions): Promise<number> {
  const maxEntries = opts.maxEntries ?? 16;
  const seen = new Set<string>();
  let buf: Buffer = Buffer.alloc(0);
  let current: (TarEntry & { left: number; pad: number }) | null = null;
  let total = 0;
  let ended = false;
  let zeroBlocks = 0;
  for await (const chunk of source) {
    if (ended) continue; // trailing padding after the end-of-archive blocks
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      if (current) {
        if (current.left > 0) {
          if (buf.length === 0) break;
          const take = buf.subarray(0, Math.min(buf.length, current.left));
          buf = buf.subarray(take.length);
          current.left -= take.length;
          await sink.data(take);
          if (current.left > 0) break;
        }
        if (buf.length < current.pad) break;
        buf = buf.subarray(current.pad);
        const done: TarEntry = { name: current.name, size: current.size };
        current = null;
        await sink.end(done);
        continue;
      }
      if (buf.length < BLOCK) break;
      const h = buf.subarray(0, BLOCK);
      buf = buf.subarray(BLOCK);
      if (h.every((b) => b === 0)) {
        if (++zeroBlocks === 2) {
          ended = true;
          break;
        }
        continue;
      }
      zeroBlocks = 0;
      const stored = parseOctal(h, 148, 8, 'checksum');
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
      if (sum !== stored) throw new TarError('corrupt tar header (checksum)');
      const type = String.fromCharCode(h[156]!);
      const prefix = cString(h, 345, 155);
      const name = cString(h, 0, 100);
      if (type !== '0' && type !== '\0') {
        const what: Record<string, string> = {
          '1': 'a hard link',
          '2': 'a symbolic link',
          '5': 'a directory',
          x: 'a pax header',
          g: 'a pax header',
          L: 'a GNU long name',
        };
        throw new TarError(`refusing ${JSON.stringify(name)}: ${what[type] ?? `entry type ${JSON.stringify(type)}`}`);
      }
      if (prefix) throw new TarError(`refusing ${JSON.stringify(`${prefix}/${name}`)}: entries must not be in folders`);
      checkName(name);
      if (seen.has(name)) throw new TarError(`refusing ${JSON.stringify(name)}: it appears twice`);
      seen.add(name);
      if (seen.size > maxEntries) throw new TarError(`refusing the archive: more than ${maxEntries} entries`);
      const size = parseOctal(h, 124, 12, 'size');
      total += size;
      if (total > opts.maxBytes)
        throw new TarError(`refusing the archive: it unpacks to more than the ${opts.maxBytes}-byte limit`);
      current = { name, size, left: size, pad: (BLOCK - (size % BLOCK)) % BLOCK };
      await sink.entry({ name, size });
    }
  }
  if (!ended) throw new TarError('the archive is truncated (no end-of-archive marker)');
  return total;
}
