import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';

/**
 * The document vectors beside the HNSW graph (`dense.vectors`), for the hybrid's exact similarity of
 * threads the dense leg did not return: hnswlib-node's `getPoint` builds a JS array per call (most of
 * the hybrid's time), while this file is held in memory when small (`HOLD_VECTORS_BELOW_BYTES`) and
 * otherwise read one row at a time (positioned reads, nothing held in memory but the sorted ids). Layout, little-endian: magic, version, count, dim, the thread ids sorted
 * ascending (uint32), padding to 8 bytes, then one float32 row per id in the same order.
 */
export const VECTORS_FILE = 'dense.vectors';
const MAGIC = 'SSVECTRS';
const VERSION = 1;
const HEADER_BYTES = 8 + 3 * 4 + 4;

/**
 * Writes a vectors file for `ids` (ascending) as their rows arrive, in the same order: memory stays
 * one batch, however large the index.
 */
export function createDenseVectorsWriter(
  path: string,
  dim: number,
  ids: readonly number[],
): { append(vectors: readonly Float32Array[]): void; close(): void } {
  for (let i = 1; i < ids.length; i++) {
    if (!(ids[i]! > ids[i - 1]!)) throw new Error(`vector ids must ascend (${ids[i - 1]} then ${ids[i]})`);
  }
  const sortedIds = new Uint32Array(ids);
  const idBytes = sortedIds.byteLength + ((8 - (sortedIds.byteLength % 8)) % 8);
  const head = Buffer.alloc(HEADER_BYTES + idBytes);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(VERSION, 8);
  head.writeUInt32LE(ids.length, 12);
  head.writeUInt32LE(dim, 16);
  Buffer.from(sortedIds.buffer).copy(head, HEADER_BYTES);
  const fd = openSync(path, 'w');
  writeSync(fd, head);
  let rows = 0;
  return {
    append(vectors) {
      for (const v of vectors) {
        if (v.length !== dim) throw new Error(`vector ${rows} has ${v.length} dimensions, expected ${dim}`);
        writeSync(fd, new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
        rows++;
      }
    },
    close() {
      closeSync(fd);
      if (rows !== ids.length) throw new Error(`${path}: ${rows} vectors written for ${ids.length} ids`);
    },
  };
}

export interface DenseVectors {
  dim: number;
  count: number;
  /** Inner product of `query` with the thread's vector, or null when the thread has none. */
  similarity(query: Float32Array, id: number): number | null;
  /** Every row in id order, a chunk at a time (exact search for measurements; one pass over the file). */
  scan(fn: (ids: Uint32Array, rows: Float32Array) => void, chunkRows?: number): void;
  close(): void;
}

/**
 * Files up to this size are read into memory on open (the hybrid asks for ~300 rows a query: 45 MB on
 * the 44k-thread index); larger ones are read a row at a time, so memory stays flat as the index grows.
 */
export const HOLD_VECTORS_BELOW_BYTES = 256 * 2 ** 20;

/**
 * Opens a vectors file; throws an Error naming the file when it is not one or does not fit `dim`.
 * `holdBelowBytes`: a file up to this size is held in memory (see `HOLD_VECTORS_BELOW_BYTES`).
 */
export function openDenseVectors(path: string, dim: number, holdBelowBytes = HOLD_VECTORS_BELOW_BYTES): DenseVectors {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(HEADER_BYTES);
    if (readSync(fd, head, 0, HEADER_BYTES, 0) !== HEADER_BYTES || head.toString('latin1', 0, 8) !== MAGIC) {
      throw new Error(`${path} is not a snippet-search vectors file`);
    }
    if (head.readUInt32LE(8) !== VERSION) throw new Error(`${path} has vectors version ${head.readUInt32LE(8)}, expected ${VERSION}`);
    const count = head.readUInt32LE(12);
    if (head.readUInt32LE(16) !== dim) throw new Error(`${path} holds ${head.readUInt32LE(16)}-dimensional vectors, expected ${dim}`);
    const ids = new Uint32Array(count);
    const idBytes = ids.byteLength + ((8 - (ids.byteLength % 8)) % 8);
    if (readSync(fd, new Uint8Array(ids.buffer), 0, ids.byteLength, HEADER_BYTES) !== ids.byteLength) {
      throw new Error(`${path} is truncated`);
    }
    const rowBytes = dim * 4;
    const dataStart = HEADER_BYTES + idBytes;
    const size = fstatSync(fd).size;
    if (size !== dataStart + count * rowBytes) throw new Error(`${path} is truncated`);
    let held: Float32Array | null = null;
    if (size <= holdBelowBytes) {
      held = new Float32Array(count * dim);
      const view = new Uint8Array(held.buffer);
      if (readSync(fd, view, 0, view.byteLength, dataStart) !== view.byteLength) throw new Error(`${path} is truncated`);
    }
    const row = new Float32Array(dim);
    const rowView = new Uint8Array(row.buffer);
    return {
      dim,
      count,
      similarity(query, id) {
        let lo = 0;
        let hi = count - 1;
        while (lo <= hi) {
          const mid = (lo + hi) >>> 1;
          const v = ids[mid]!;
          if (v === id) {
            let s = 0;
            if (held) {
              for (let i = 0, at = mid * dim; i < dim; i++) s += held[at + i]! * query[i]!;
              return s;
            }
            if (readSync(fd, rowView, 0, rowBytes, dataStart + mid * rowBytes) !== rowBytes) {
              throw new Error(`${path} is truncated`);
            }
            for (let i = 0; i < dim; i++) s += row[i]! * query[i]!;
            return s;
          }
          if (v < id) lo = mid + 1;
          else hi = mid - 1;
        }
        return null;
      },
      scan(fn, chunkRows = 65_536) {
        for (let r = 0; r < count; r += chunkRows) {
          const n = Math.min(chunkRows, count - r);
          let rows: Float32Array;
          if (held) rows = held.subarray(r * dim, (r + n) * dim);
          else {
            rows = new Float32Array(n * dim);
            const view = new Uint8Array(rows.buffer);
            if (readSync(fd, view, 0, view.byteLength, dataStart + r * rowBytes) !== view.byteLength) {
              throw new Error(`${path} is truncated`);
            }
          }
          fn(ids.subarray(r, r + n), rows);
        }
      },
      close() {
        closeSync(fd);
      },
    };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}
