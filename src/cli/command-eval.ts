import { RETRIEVER_NAMES, type RetrieverName } from '../engine.js';
import { evaluate } from '../eval/evaluate.js';
import { RECALL_KS } from '../eval/metrics.js';
import { readQueriesFile } from '../eval/queries-file.js';
import { UsageError } from './errors.js';
import { openEngineForCli } from './open-engine.js';
import { createProgress } from './progress.js';

export interface EvalFlags {
  queries: string;
  retrievers?: string;
  top: number;
  index?: string;
  json?: boolean;
}

export async function runEval(o: EvalFlags): Promise<void> {
  const queries = readQueriesFile(o.queries);
  const engine = await openEngineForCli(o.index);
  try {
    const names = (o.retrievers ? o.retrievers.split(',').map((s) => s.trim()) : engine.available) as RetrieverName[];
    for (const n of names)
      if (!RETRIEVER_NAMES.includes(n))
        throw new UsageError(`unknown retriever "${n}" (use ${RETRIEVER_NAMES.join(', ')})`);
    const retrievers = names.map((n) => engine.retriever(n));
    const progress = createProgress();
    const report = await evaluate(queries, retrievers, o.top, (d, t) =>
      progress.update('evaluating', d / t, `${d}/${t} queries`),
    );
    progress.done(`Evaluated ${report.queries} queries from ${o.queries}.`);
    if (o.json) {
      process.stdout.write(JSON.stringify(report) + '\n');
      return;
    }
    const cols = [...RECALL_KS.map((k) => `R@${k}`), 'MRR'] as const;
    const lines = [`| retriever | ${cols.join(' | ')} |`, `|---|${cols.map(() => '---').join('|')}|`];
    for (const [name, m] of Object.entries(report.retrievers)) {
      lines.push(
        `| ${name} | ${cols.map((c) => (m as unknown as Record<string, number>)[c]!.toFixed(3)).join(' | ')} |`,
      );
    }
    process.stdout.write(`${lines.join('\n')}\n(${report.queries} queries)\n`);
  } finally {
    engine.close();
  }
}
