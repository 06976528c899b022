import { RETRIEVER_NAMES, type RetrieverName } from '../engine.js';
import { evaluate, type EvalReport } from '../eval/evaluate.js';
import { RECALL_KS } from '../eval/metrics.js';
import { readQueriesFile, type EvalQuery } from '../eval/queries-file.js';
import { errorBlockOf } from '../query/error-block.js';
import type { LexicalScorer } from '../retrieve/bm25.js';
import type { LanguageOptions } from '../retrieve/language-preference.js';
import { UsageError } from './errors.js';
import { openEngineForCli } from './open-engine.js';
import { createProgress } from './progress.js';

export interface EvalFlags {
  queries: string;
  retrievers?: string;
  top: number;
  posted: number;
  minConfidence?: number;
  ablation?: boolean;
  index?: string;
  /** How the failure's language shapes the ranking (default: the product's). */
  language?: Partial<LanguageOptions>;
  /** Who scores the lexical legs (default the pruned postings; `exhaustive` and `fts5` are references). */
  lexicalScorer?: LexicalScorer;
  json?: boolean;
}

/** The ablation's query variants of a reports file: what part of each report is searched. */
const ABLATIONS: Record<string, (q: EvalQuery) => string> = {
  whole: (q) => q.query,
  'error-block': (q) => errorBlockOf(q.query),
  'final-line': (q) => q.final_exception_line ?? '',
};

export async function runEval(o: EvalFlags): Promise<void> {
  const queries = readQueriesFile(o.queries);
  if (o.ablation && !queries.every((q) => q.final_exception_line !== undefined))
    throw new UsageError(`--ablation needs a reports file: every line of ${o.queries} needs "final_exception_line"`);
  const engine = await openEngineForCli(o.index, o.language, o.lexicalScorer);
  try {
    const names = (o.retrievers ? o.retrievers.split(',').map((s) => s.trim()) : engine.available) as RetrieverName[];
    for (const n of names)
      if (!RETRIEVER_NAMES.includes(n))
        throw new UsageError(`unknown retriever "${n}" (use ${RETRIEVER_NAMES.join(', ')})`);
    const retrievers = names.map((n) => engine.retriever(n));
    const variants = o.ablation ? Object.entries(ABLATIONS) : [['whole', ABLATIONS.whole!] as const];
    const reports: Record<string, EvalReport> = {};
    for (const [name, textOf] of variants) {
      const progress = createProgress();
      reports[name] = await evaluate(queries, engine.index, retrievers, {
        top: o.top,
        posted: o.posted,
        minConfidence: o.minConfidence,
        textOf,
        onProgress: (d, t) => progress.update(`evaluating (${name})`, d / t, `${d}/${t} queries`),
      });
      progress.done(`Evaluated ${queries.length} queries from ${o.queries} (${name}).`);
    }
    if (o.json) {
      process.stdout.write(JSON.stringify(o.ablation ? { ablation: reports } : reports.whole) + '\n');
      return;
    }
    for (const [name, report] of Object.entries(reports)) {
      if (o.ablation) process.stdout.write(`\n${name}\n`);
      process.stdout.write(reportTable(report));
    }
  } finally {
    engine.close();
  }
}

function reportTable(report: EvalReport): string {
  const cols = [...RECALL_KS.map((k) => `R@${k}` as const), 'MRR'] as const;
  const lines = [`| retriever | ${cols.join(' | ')} |`, `|---|${cols.map(() => '---').join('|')}|`];
  for (const [name, m] of Object.entries(report.retrievers)) {
    lines.push(`| ${name} | ${cols.map((c) => m[c].toFixed(3)).join(' | ')} |`);
  }
  lines.push(`(${report.withGold} queries with gold)`);
  lines.push(
    '',
    '| retriever | threshold | postedWithGold | answeredWithGold | answeredWithoutGold |',
    '|---|---|---|---|---|',
  );
  for (const [name, m] of Object.entries(report.retrievers)) {
    const q = m.quiet;
    lines.push(
      `| ${name} | ${q.threshold} | ${q.postedWithGold.toFixed(3)} | ${q.answeredWithGold.toFixed(3)} | ${report.withoutGold ? q.answeredWithoutGold.toFixed(3) : 'n/a'} |`,
    );
  }
  lines.push(`(${report.withoutGold} queries without gold)`);
  return `${lines.join('\n')}\n`;
}
