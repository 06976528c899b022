import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { CorpusError, type RawThread } from './thread.js';

const Row = z.object({
  id: z.number().int().positive(),
  url: z.string().url(),
  title: z.string(),
  question_html: z.string().nullable().optional(),
  answers_html: z.array(z.string()).default([]),
  split: z.string().optional(),
  tags: z.array(z.string()).optional(),
  score: z.number().nullable().optional(),
});

export interface ReadProgress {
  /** Bytes read from the file so far (compressed bytes for `.gz`). */
  bytesRead: number;
  totalBytes: number;
}

/**
 * Streams the so-python JSONL(.gz) corpus: one thread per line, `answers_html[0]` is the best answer.
 * A line that is not JSON or lacks a field fails with the file and line number.
 */
export async function* readJsonlCorpus(
  file: string,
  onProgress?: (p: ReadProgress) => void,
): AsyncGenerator<RawThread> {
  const { size } = await import('node:fs/promises').then((fs) => fs.stat(file));
  const raw = createReadStream(file, { highWaterMark: 1 << 20 });
  let bytesRead = 0;
  raw.on('data', (chunk) => {
    bytesRead += chunk.length;
  });
  const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  const lines = createInterface({ input, crlfDelay: Infinity });
  let lineNo = 0;
  try {
    for await (const line of lines) {
      lineNo++;
      if (line.trim() === '') continue;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new CorpusError(`not a JSON object (${line.slice(0, 60)}…)`, file, lineNo);
      }
      const parsed = Row.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new CorpusError(`field "${issue.path.join('.')}": ${issue.message}`, file, lineNo);
      }
      const r = parsed.data;
      if (lineNo % 500 === 0) onProgress?.({ bytesRead, totalBytes: size });
      yield {
        id: r.id,
        url: r.url,
        title: r.title,
        questionHtml: r.question_html ?? null,
        answers: r.answers_html.map((html) => ({ id: null, html, score: null })),
        tags: r.tags ?? [],
        score: r.score ?? null,
        split: r.split ?? null,
      };
    }
  } catch (err) {
    if (err instanceof CorpusError) throw err;
    throw new CorpusError(`cannot read: ${(err as Error).message}`, file, lineNo || null);
  } finally {
    raw.destroy();
  }
  onProgress?.({ bytesRead: size, totalBytes: size });
}
