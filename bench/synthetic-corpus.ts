/**
 * Synthetic corpora for the scale benchmark, by deterministic resampling of the real so-python threads:
 * the first rows are the real threads unchanged; every further thread gets a new id and a title, a
 * question and answers recombined from the paragraphs and code blocks of real threads (2 sources
 * each), so term statistics (vocabulary, Zipf tail, lengths, code share) stay those of real threads.
 * The sources are the `train` rows only (and rows with no split): a synthetic thread never copies a
 * `dev` or `test` thread's title or answer, which would take that gold thread's place in the rankings
 * and leave the dev sets nothing to measure at scale. The same seed and size give the same bytes.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

/** A corpus row as the JSONL reader takes it (the fields so-python rows carry). */
export interface CorpusRow {
  id: number;
  url: string;
  title: string;
  question_html: string;
  answers_html: string[];
  split?: string;
  tags?: string[];
}

/** Synthetic ids start here: above every StackOverflow question id, below 2^32 (index ids are uint32). */
export const SYNTHETIC_ID_BASE = 1_000_000_000;

/** mulberry32: a small, fast, seeded PRNG (uniform in [0, 1)). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Top-level HTML blocks (a paragraph, a code block, a list, …): a new block starts a line with a tag. */
export function htmlBlocks(html: string | null | undefined): string[] {
  return (html ?? '').split(/\n(?=<(?:p|pre|ul|ol|blockquote|h[1-6]|hr|table|div)[\s>/])/).filter((b) => b.trim());
}

/** Takes about half of `blocks` (at least one), in order, starting at a random one. */
function half(blocks: string[], rand: () => number): string[] {
  if (blocks.length <= 1) return blocks;
  const n = Math.max(1, Math.round(blocks.length / 2));
  const from = Math.floor(rand() * (blocks.length - n + 1));
  return blocks.slice(from, from + n);
}

/** The rows synthetic threads may be made of: `train` rows, and rows that carry no split. */
export function sourceRows(real: readonly CorpusRow[]): CorpusRow[] {
  const sources = real.filter((r) => r.split === undefined || r.split === 'train');
  if (sources.length === 0) throw new Error('no train rows to make synthetic threads of');
  return sources;
}

/** Thread number `i` (0-based, beyond the real ones) recombined from two of `sources` (see `sourceRows`). */
export function syntheticRow(sources: readonly CorpusRow[], i: number, rand: () => number): CorpusRow {
  const a = sources[Math.floor(rand() * sources.length)]!;
  const b = sources[Math.floor(rand() * sources.length)]!;
  const ta = (a.title ?? '').split(' ');
  const tb = (b.title ?? '').split(' ');
  const title = [...ta.slice(0, Math.ceil(ta.length / 2)), ...tb.slice(Math.floor(tb.length / 2))].join(' ');
  const question = [...half(htmlBlocks(a.question_html), rand), ...half(htmlBlocks(b.question_html), rand)].join('\n');
  const answersOf = (r: CorpusRow) => (r.answers_html?.length ? htmlBlocks(r.answers_html[0]) : []);
  const first = [...half(answersOf(b), rand), ...half(answersOf(a), rand)].join('\n');
  const answers = first ? [first, ...(a.answers_html ?? []).slice(1, 2).filter(Boolean)] : [];
  const id = SYNTHETIC_ID_BASE + i;
  return {
    id,
    url: `https://stackoverflow.com/questions/${id}/synthetic`,
    title,
    question_html: question,
    answers_html: answers,
    split: 'train',
    ...(a.tags ? { tags: a.tags } : {}),
  };
}

/** Reads the real corpus's rows as they are in the file (a .jsonl or .jsonl.gz). */
export async function readRealRows(corpus: string): Promise<CorpusRow[]> {
  const input = createReadStream(corpus);
  const lines = createInterface({
    input: corpus.endsWith('.gz') ? input.pipe(createGunzip()) : input,
    crlfDelay: Infinity,
  });
  const rows: CorpusRow[] = [];
  for await (const line of lines) if (line.trim()) rows.push(JSON.parse(line) as CorpusRow);
  return rows;
}

/**
 * Writes a corpus of `size` threads to `out` (JSONL): the real rows first (as many as fit), then
 * synthetic ones. Streams its output; holds the real rows only.
 */
export async function writeSyntheticCorpus(
  real: readonly CorpusRow[],
  out: string,
  size: number,
  seed = 42,
  onProgress?: (written: number) => void,
): Promise<void> {
  const stream = createWriteStream(out);
  const rand = prng(seed);
  const sources = size > real.length ? sourceRows(real) : [];
  let chunk = '';
  const flush = async () => {
    if (!stream.write(chunk)) await once(stream, 'drain');
    chunk = '';
  };
  for (let i = 0; i < size; i++) {
    const row = i < real.length ? real[i]! : syntheticRow(sources, i - real.length, rand);
    chunk += JSON.stringify(row) + '\n';
    if (chunk.length > 1 << 20) {
      await flush();
      onProgress?.(i + 1);
    }
  }
  await flush();
  stream.end();
  await once(stream, 'finish');
}
