import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const INDEX_FORMAT = 'snippet-search-index';
/** Bump when the on-disk layout changes; older or newer indexes then refuse to load. */
export const INDEX_FORMAT_VERSION = 2; // 2: lexical.postings (the pruned BM25's postings)
export const MANIFEST_FILE = 'manifest.json';
export const SQLITE_FILE = 'meta.sqlite';
export const HNSW_FILE = 'dense.hnsw';

export const EncoderInfo = z.object({
  id: z.string(),
  dim: z.number().int().positive(),
  hnsw: z.object({ M: z.number().int(), efConstruction: z.number().int(), efSearch: z.number().int(), space: z.literal('ip') }),
});
export type EncoderInfo = z.infer<typeof EncoderInfo>;

/**
 * What the index covers, by thread tags (written since language-aware ranking; absent in older indexes,
 * which are then treated as of unknown coverage: no language preference, no language quiet).
 */
export const TagCoverage = z.object({
  threads: z.number().int(),
  /** Threads with at least one tag. */
  withTags: z.number().int(),
  /** Threads with no tag of any language in `text/language-tags.ts`: searched whatever the language. */
  withoutLanguage: z.number().int(),
  /** Threads per language family (every family listed, 0 where the index has none). */
  languages: z.record(z.string(), z.number().int()),
  /** The most frequent tags, most frequent first. */
  top: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type TagCoverage = z.infer<typeof TagCoverage>;

export const Manifest = z.object({
  format: z.literal(INDEX_FORMAT),
  formatVersion: z.number().int(),
  builtAt: z.string(),
  builtBy: z.string(),
  corpus: z.object({ kind: z.enum(['jsonl', 'stackexchange-dump']), path: z.string(), bytes: z.number() }),
  counts: z.object({ documents: z.number().int(), withQuestion: z.number().int(), withError: z.number().int(), duplicateLinks: z.number().int() }),
  text: z.object({ fields: z.array(z.string()), tokenizer: z.string() }),
  encoder: EncoderInfo.nullable(),
  buildSeconds: z.number(),
  tags: TagCoverage.optional(),
});
export type Manifest = z.infer<typeof Manifest>;

/** Raised when an index cannot be opened; the message says what to run. */
export class IndexError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IndexError';
  }
}

export function rebuildHint(dir: string): string {
  return `Build it with: snippet-search index build --corpus <corpus.jsonl.gz | dump dir> --out ${dir}`;
}

export function readManifest(dir: string): Manifest {
  let raw: string;
  try {
    raw = readFileSync(join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new IndexError(`No index at ${dir} (no ${MANIFEST_FILE}). ${rebuildHint(dir)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new IndexError(`The index at ${dir} is corrupt (${MANIFEST_FILE} is not JSON). ${rebuildHint(dir)}`);
  }
  const head = z.object({ format: z.string(), formatVersion: z.number() }).safeParse(json);
  if (!head.success || head.data.format !== INDEX_FORMAT) {
    throw new IndexError(`${join(dir, MANIFEST_FILE)} is not a snippet-search index manifest. ${rebuildHint(dir)}`);
  }
  if (head.data.formatVersion !== INDEX_FORMAT_VERSION) {
    throw new IndexError(
      `The index at ${dir} has format version ${head.data.formatVersion}; this snippet-search reads version ${INDEX_FORMAT_VERSION}. ${rebuildHint(dir)}`,
    );
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw new IndexError(`The index at ${dir} is corrupt (${MANIFEST_FILE}: "${i.path.join('.')}" ${i.message}). ${rebuildHint(dir)}`);
  }
  return parsed.data;
}
