import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentEncoder } from '../../src/encoder/types.js';
import { buildIndex } from '../../src/index/build-index.js';
import { SHARED } from './paths.js';

export const CORPUS = join(SHARED, 'data', 'so-python', 'corpus.jsonl.gz');

/** A real index over the first `limit` threads of the so-python corpus, in a fresh temp dir. */
export async function buildSmallIndex(limit = 1500, encoder: DocumentEncoder | null = null): Promise<string> {
  const out = join(mkdtempSync(join(tmpdir(), 'ss-index-')), 'index');
  await buildIndex({ corpus: CORPUS, out, limit, encoder });
  return out;
}
