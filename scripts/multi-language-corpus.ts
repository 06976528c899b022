/**
 * `node dist/scripts/multi-language-corpus.js OUT.jsonl.gz`: writes the multi-language corpus that chose
 * the language rule (README, "Language-aware ranking"): every so-python thread tagged `python` (as the
 * default build tags them), the real StackExchange sample (cstheory meta: no language tag) and the
 * test's Go, Java, JavaScript, Rust, Ruby, C# and Python rows in the dump's format, read through the
 * real dump importer. Build it with `snippet-search index build --corpus OUT.jsonl.gz --out DIR`.
 */
import { copyFileSync, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { readJsonlCorpus } from '../src/corpus/jsonl-reader.js';
import { readStackExchangeDump } from '../src/corpus/stackexchange-dump.js';
import type { RawThread } from '../src/corpus/thread.js';
import { packageRoot } from '../src/paths.js';

const out = process.argv[2];
if (!out?.endsWith('.jsonl.gz')) {
  process.stderr.write('usage: node dist/scripts/multi-language-corpus.js OUT.jsonl.gz\n');
  process.exit(2);
}
const root = packageRoot();
const sample = join(root, '..', 'shared', 'data', 'se-dump-sample');
const work = mkdtempSync(join(tmpdir(), 'ss-multi-corpus-'));
const dump = join(work, 'stackoverflow.com');
mkdirSync(dump);
const posts = readFileSync(join(sample, 'Posts.xml'), 'utf8');
const extra = readFileSync(join(root, 'test', 'fixtures', 'multi-language', 'Posts-rows.xml'), 'utf8');
writeFileSync(join(dump, 'Posts.xml'), `${posts.slice(0, posts.lastIndexOf('</posts>'))}${extra}</posts>\n`);
copyFileSync(join(sample, 'PostLinks.xml'), join(dump, 'PostLinks.xml'));

const gz = createGzip();
const file = createWriteStream(out);
gz.pipe(file);
const row = (t: RawThread, tags: string[]) =>
  JSON.stringify({
    id: t.id,
    url: t.url,
    title: t.title,
    question_html: t.questionHtml,
    answers_html: t.answers.map((a) => a.html),
    tags,
    score: t.score,
    ...(t.split ? { split: t.split } : {}),
  }) + '\n';
let n = 0;
for await (const t of readJsonlCorpus(join(root, '..', 'shared', 'data', 'so-python', 'corpus.jsonl.gz'))) {
  gz.write(row(t, t.tags.length ? t.tags : ['python']));
  n++;
}
for await (const t of readStackExchangeDump(dump, {
  stagingDir: join(work, 'staging'),
  siteUrl: 'https://stackoverflow.com',
})) {
  gz.write(row(t, t.tags));
  n++;
}
gz.end();
await new Promise<void>((resolve, reject) => file.on('finish', resolve).on('error', reject));
rmSync(work, { recursive: true, force: true });
process.stdout.write(`${n} threads written to ${out}\n`);
