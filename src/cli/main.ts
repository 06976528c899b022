#!/usr/bin/env node
import { Command, InvalidArgumentError } from 'commander';
import { runEval } from './command-eval.js';
import { runExtract } from './command-extract.js';
import { runIndexBuild } from './command-index-build.js';
import { runSearch } from './command-search.js';
import { reportError } from './errors.js';

function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive whole number');
  return n;
}

const program = new Command('snippet-search')
  .description('Find the StackOverflow answer that fixes a failing build or a pasted traceback.')
  .showHelpAfterError();

const index = program.command('index').description('build and inspect the search index');
index
  .command('build')
  .description('build an index from a StackExchange dump directory or a JSONL(.gz) corpus')
  .option(
    '--corpus <path>',
    'corpus: a dump directory with Posts.xml, or a .jsonl/.jsonl.gz file (default: $SNIPPET_SEARCH_CORPUS or ../shared/data/so-python/corpus.jsonl.gz)',
  )
  .option('--out <dir>', 'index directory (default: $SNIPPET_SEARCH_INDEX or ./index)')
  .option('--no-dense', 'skip the dense encoder (BM25 only)')
  .option('--site-url <url>', 'dump only: the site the dump is from', 'https://stackoverflow.com')
  .option('--tags <list>', 'dump only: keep questions with one of these comma-separated tags')
  .option('--threads <n>', 'encoder threads', positiveInt)
  .option('--limit <n>', 'stop after N documents (smoke runs)', positiveInt)
  .option('--json', 'print the manifest as JSON')
  .action(async (o) => runIndexBuild(o));

program
  .command('search')
  .description('search for threads that match a failing log or a pasted traceback')
  .argument('[file]', 'log or text file; - or nothing reads stdin')
  .option('--top <n>', 'number of results', positiveInt, 5)
  .option('--retriever <name>', 'bm25, dense, hybrid or rrf (default: hybrid when the index has vectors, else bm25)')
  .option('--index <dir>', 'index directory')
  .option('--kind <kind>', 'input kind: log, comment or auto', 'auto')
  .option('--json', 'print JSON')
  .action(async (file, o) => runSearch(file, o));

program
  .command('extract')
  .description('print the failures found in a log or text (error type, message, code, frames)')
  .argument('[file]', 'log or text file; - or nothing reads stdin')
  .option('--json', 'print JSON')
  .action(async (file, o) => runExtract(file, o));

program
  .command('eval')
  .description('measure Recall@1/5/10/20/50 and MRR on a queries file')
  .requiredOption('--queries <file>', 'JSONL queries file ({"qid","query","gold","exclude"} per line)')
  .option('--retrievers <list>', 'comma-separated: bm25,dense,hybrid,rrf (default: all the index supports)')
  .option('--top <n>', 'rank cut-off', positiveInt, 50)
  .option('--index <dir>', 'index directory')
  .option('--json', 'print JSON')
  .action(async (o) => runEval(o));

program
  .command('worker')
  .description("queue mode (REDIS_URL): run the App's work from Redis, N jobs at a time")
  .option('--concurrency <n>', 'jobs at a time in this process', positiveInt, 2)
  .option('--port <n>', 'serve /healthz, /readyz and /metrics on this port', positiveInt)
  .action(async (o) => (await import('../github/worker.js')).runWorker(o));

program
  .command('failed-jobs')
  .description(
    "list the App's failed jobs (Redis failed set, or the single process's journal); --retry runs them again",
  )
  .option('--retry [ids...]', 'retry all failed jobs, or the given ids')
  .option('--json', 'print JSON')
  .action(async (o) => (await import('../github/failed-jobs.js')).runFailedJobs(o));

program.exitOverride();
try {
  await program.parseAsync(process.argv);
} catch (err) {
  const code = (err as { code?: string; exitCode?: number }).code;
  if (typeof code === 'string' && code.startsWith('commander.'))
    process.exitCode = (err as { exitCode: number }).exitCode;
  else process.exitCode = reportError(err);
}
