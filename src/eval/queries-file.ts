import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { CorpusError } from '../corpus/thread.js';

/**
 * One eval query. An empty `gold` marks a "should stay quiet" query (a report no thread answers).
 * Reports files also carry the hand-picked `final_exception_line` (a baseline's input, never the
 * product's).
 */
export const EvalQuery = z.object({
  qid: z.string(),
  query: z.string(),
  gold: z.array(z.number().int()),
  exclude: z.array(z.number().int()).default([]),
  final_exception_line: z.string().optional(),
});
export type EvalQuery = z.infer<typeof EvalQuery>;

/** Reads a queries file (`{"qid","query","gold","exclude"}` per line), naming the file and line on bad input. */
export function readQueriesFile(file: string): EvalQuery[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CorpusError(`cannot read: ${(err as Error).message}`, file, null);
  }
  const out: EvalQuery[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new CorpusError('not a JSON object', file, i + 1);
    }
    const r = EvalQuery.safeParse(json);
    if (!r.success)
      throw new CorpusError(`field "${r.error.issues[0]!.path.join('.')}": ${r.error.issues[0]!.message}`, file, i + 1);
    out.push(r.data);
  });
  if (out.length === 0) throw new CorpusError('no queries', file, null);
  return out;
}
