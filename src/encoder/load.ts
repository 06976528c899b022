import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultModelDir } from '../paths.js';
import { MODEL_FILE, OnnxEncoder } from './onnx-encoder.js';
import type { DocumentEncoder } from './types.js';

/**
 * Loads the shipped encoder from `models/snippet-encoder/` (or `$SNIPPET_SEARCH_MODEL`).
 * With `optional`, a missing model gives null (BM25 only) instead of an error.
 */
export async function loadDefaultEncoder(
  opts: { threads?: number; optional?: boolean; modelDir?: string } = {},
): Promise<DocumentEncoder | null> {
  const dir = opts.modelDir ?? defaultModelDir();
  if (opts.optional && !existsSync(join(dir, MODEL_FILE))) return null;
  return OnnxEncoder.load(dir, { threads: opts.threads ?? 1 });
}
