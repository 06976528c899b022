#!/usr/bin/env node
import { LEXICAL_SCORERS, type LexicalScorer } from '../retrieve/bm25.js';
import { Command, InvalidArgumentError } from 'commander';
import { runEval } from './command-eval.js';
import { runExtract } from './command-extract.js';
import { runIndexBuild } from './command-index-build.js';
import { runIndexPack, runIndexPull } from './command-index-pack.js';
import { runSearch } from './command-search.js';
import { runServe } from './command-serve.js';
import { EXIT, reportError } from './errors.js';
import type { LanguageOptions } from '../retrieve/language-preference.js';

// A reader that stops early (`snippet-search search log | head`) closes the pipe: that is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
  process.stderr.write(`snippet-search: cannot write the output (${err.code ?? err.message})\n`);
  process.exit(EXIT.internal);
});

function unitInterval(v: string): number {
  const n = Number(v);
  if (!(n >= 0 && n <= 1)) throw new InvalidArgumentError('expected a number from 0 to 1');
  return n;
}

/** `--language`: `filter`, `off`, or `boost:Z` (Z in z units, e.g. boost:1). */
function languageRule(v: string): Partial<LanguageOptions> {
  if (v === 'filter' || v === 'off') return { mode: v };
  const m = /^boost:(\d+(?:\.\d+)?)$/.exec(v);
  if (m) return { mode: 'boost', boost: Number(m[1]) };
  throw new InvalidArgumentError('expected filter, off or boost:Z (e.g. boost:1)');
}

function lexicalScorer(v: string): LexicalScorer {
  if ((LEXICAL_SCORERS as readonly string[]).includes(v)) return v as LexicalScorer;
  throw new InvalidArgumentError(`expected ${LEXICAL_SCORERS.join(', ')}`);
}

function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive whole number');
  return n;
}

const program = new Command('snippet-search')
  .description('Find the StackOverflow answer that fixes a failing build or a pasted traceback.')
  .showHelpAfterError()
  .exitOverride(); // before the subcommands are added, so they inherit it (exit codes: see errors.ts)

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
  .option(
    '--site-url <url>',
    "dump only: the site the dump is from (default: from the dump directory's name, e.g. stackoverflow.com)",
  )
  .option('--tags <list>', 'dump only: keep questions with one of these comma-separated tags')
  .option(
    '--default-tags <list>',
    'comma-separated tags for threads that have none (default: python for the so-python corpus, else none)',
  )
  .option('--threads <n>', 'encoder threads', positiveInt)
  .option('--limit <n>', 'stop after N documents (smoke runs)', positiveInt)
  .option(
    '--fts5-baseline',
    "also add SQLite FTS5's table, the lexical baseline `npm run bench` measures (search never uses it)",
  )
  .option('--json', 'print the manifest as JSON')
  .action(async (o) => runIndexBuild(o));
index
  .command('pack')
  .description('pack an index into one .tar.gz to publish (prints its sha256)')
  .option('--index <dir>', 'index directory (default: $SNIPPET_SEARCH_INDEX or ./index)')
  .requiredOption(
    '--out <file>',
    'archive to write, e.g. so-python-index.tar.gz (its sha256 goes to <file>.sha256 too)',
  )
  .option('--json', 'print the archive facts as JSON')
  .action(async (o) => runIndexPack(o));
index
  .command('pull')
  .description('fetch a packed index (URL or path), verify it and swap it in; cached by sha256')
  .argument('<source>', 'http(s) URL or path of an archive made by index pack')
  .option('--sha256 <hex>', 'the archive sha256 published with it; anything else is refused')
  .option('--out <dir>', 'index directory to replace (default: $SNIPPET_SEARCH_INDEX or ./index)')
  .option('--max-size <MiB>', 'refuse an archive that unpacks to more than this', positiveInt)
  .option('--json', 'print the result as JSON')
  .action(async (source, o) => runIndexPull(source, o));

program
  .command('search')
  .description('search for threads that match a failing log or a pasted traceback')
  .argument('[file]', 'log or text file; - or nothing reads stdin')
  .option('--top <n>', 'number of results', positiveInt, 5)
  .option('--retriever <name>', 'bm25, dense, hybrid or rrf (default: hybrid when the index has vectors, else bm25)')
  .option('--index <dir>', 'index directory')
  .option('--kind <kind>', 'input kind: log, comment or auto', 'auto')
  .option('--all', 'show the candidates even when no match is confident')
  .option('--min-confidence <x>', "confidence an answer needs, 0 to 1 (default: the App's default)", unitInterval)
  .option('--json', 'print JSON (results always included, with "confident" and "confidence")')
  .action(async (file, o) => runSearch(file, o));

program
  .command('serve')
  .description('serve the search page and POST /api/search on a local HTTP server')
  .option(
    '--port <n>',
    'port (0: any free one)',
    (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number');
      return n;
    },
    8080,
  )
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--index <dir>', 'index directory')
  .action(async (o) => runServe(o));

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
  .option('--posted <n>', 'results a comment shows (for the quiet measures)', positiveInt, 3)
  .option(
    '--min-confidence <x>',
    'threshold for the quiet measures, 0 to 1 (default: the product default)',
    unitInterval,
  )
  .option('--ablation', 'also run the error-block-only and final-line-only queries of a reports file')
  .option(
    '--language <rule>',
    "how the failure's language shapes the ranking: filter (the product's), off, or boost:Z (measurement)",
    languageRule,
  )
  .option(
    '--lexical-scorer <scorer>',
    'who scores the lexical legs: postings (pruned, the product), exhaustive (every matching posting) or fts5 (needs the --fts5-baseline table); measurement',
    lexicalScorer,
  )
  .option('--index <dir>', 'index directory')
  .option('--json', 'print JSON')
  .action(async (o) => runEval(o));

const history = program
  .command('history')
  .description("the App's record of each repository's failing jobs (Redis with REDIS_URL, else a SQLite file)");
history
  .command('forget')
  .description('delete everything recorded for one repository: failures, shown answers, votes')
  .argument('<owner/repo>', 'the repository, e.g. octo-org/widgets')
  .option('--db <file>', 'SQLite file (default: $SNIPPET_SEARCH_HISTORY_DB or snippet-search-history.db)')
  .option('--json', 'print JSON')
  .action(async (repo, o) => (await import('./command-history.js')).runHistoryForget(repo, o));
history
  .command('purge')
  .description('delete what is past the retention ($SNIPPET_SEARCH_HISTORY_DAYS, default 30 days) now')
  .option('--db <file>', 'SQLite file (default: $SNIPPET_SEARCH_HISTORY_DB or snippet-search-history.db)')
  .option('--json', 'print JSON')
  .action(async (o) => (await import('./command-history.js')).runHistoryPurge(o));

const feedback = program.command('feedback').description("readers' votes on the App's answers");
feedback
  .command('export')
  .description('write the voted results as JSONL for the training recipe (npm run train -- --feedback FILE)')
  .requiredOption(
    '--out <file>',
    'JSONL to write: {"query", "helped": [thread ids], "notHelped": [thread ids]} per line',
  )
  .option('--include-private', 'include results from private repositories (left out by default)')
  .option('--db <file>', 'SQLite file (default: $SNIPPET_SEARCH_HISTORY_DB or snippet-search-history.db)')
  .option('--json', 'print JSON')
  .action(async (o) => (await import('./command-history.js')).runFeedbackExport(o));

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

try {
  await program.parseAsync(process.argv);
} catch (err) {
  const code = (err as { code?: string; exitCode?: number }).code;
  if (typeof code === 'string' && code.startsWith('commander.')) {
    // Help and --version exit 0; every option or argument error is a usage error.
    process.exitCode = (err as { exitCode: number }).exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else process.exitCode = reportError(err);
}
