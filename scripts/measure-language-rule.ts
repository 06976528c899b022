/**
 * `node dist/scripts/measure-language-rule.js INDEX [QUERIES]`: how each language rule (off, filter,
 * boost:Z) ranks non-Python failures on a multi-language index (the one `multi-language-corpus.js`
 * makes), with the product's default retriever. For each rule: the gold thread first (R@1), the share
 * of queries whose first result is in another language, the share of the three posted results in
 * another language, and the same first-result share with the gold thread left out (what a whole-dump
 * index does when it lacks the exact thread). The README's "Language-aware ranking" table.
 */
import { join } from 'node:path';
import { loadDefaultEncoder } from '../src/encoder/load.js';
import { readQueriesFile } from '../src/eval/queries-file.js';
import { openEngine } from '../src/engine.js';
import { packageRoot } from '../src/paths.js';
import { buildQuery } from '../src/query/build-query.js';
import type { LanguageOptions } from '../src/retrieve/language-preference.js';
import { languageFamily, languagesOfTags } from '../src/text/language-tags.js';

const [indexDir, queriesFile] = [
  process.argv[2],
  process.argv[3] ?? join(packageRoot(), 'test', 'fixtures', 'multi-language', 'other-language-queries.jsonl'),
];
if (!indexDir) {
  process.stderr.write('usage: node dist/scripts/measure-language-rule.js INDEX [QUERIES]\n');
  process.exit(2);
}
const POSTED = 3;
const rules: Array<[string, Partial<LanguageOptions>]> = [
  ['off', { mode: 'off' }],
  ['boost:0.5', { mode: 'boost', boost: 0.5 }],
  ['boost:1', { mode: 'boost', boost: 1 }],
  ['boost:2', { mode: 'boost', boost: 2 }],
  ['boost:4', { mode: 'boost', boost: 4 }],
  ['filter', { mode: 'filter' }],
];
const encoder = await loadDefaultEncoder({ optional: true });
const queries = readQueriesFile(queriesFile);
const rows = [];
for (const [name, language] of rules) {
  const engine = openEngine({ indexDir, encoder, language });
  const r = engine.retriever(engine.defaultRetriever);
  const other = (id: number, family: string) => {
    const langs = languagesOfTags(engine.index.tagsOf(id));
    return langs.length > 0 && !langs.includes(family);
  };
  let n = 0;
  let goldFirst = 0;
  let wrongFirst = 0;
  let wrongPosted = 0;
  let wrongFirstNoGold = 0;
  let ownFirstNoGold = 0;
  for (const q of queries) {
    const { query } = buildQuery(q.query, 'auto');
    const family = languageFamily(query.language);
    if (!family) continue; // the extractor did not read a language: nothing to prefer
    n++;
    const hits = await r.search(query, { top: POSTED, exclude: new Set(q.exclude) });
    if (hits[0] && q.gold.includes(hits[0].id)) goldFirst++;
    if (hits[0] && other(hits[0].id, family)) wrongFirst++;
    wrongPosted += hits.filter((h) => other(h.id, family)).length / POSTED;
    const without = await r.search(query, { top: 1, exclude: new Set([...q.exclude, ...q.gold]) });
    if (without[0] && other(without[0].id, family)) wrongFirstNoGold++;
    if (without[0] && languagesOfTags(engine.index.tagsOf(without[0].id)).includes(family)) ownFirstNoGold++;
  }
  const share = (x: number) => Math.round((x / Math.max(1, n)) * 1000) / 1000;
  rows.push({
    rule: name,
    retriever: r.name,
    queries: n,
    goldFirst: share(goldFirst),
    otherLanguageFirst: share(wrongFirst),
    otherLanguagePosted: share(wrongPosted),
    otherLanguageFirstWithoutGold: share(wrongFirstNoGold),
    ownLanguageFirstWithoutGold: share(ownFirstNoGold),
  });
  engine.close();
}
process.stdout.write(
  '| rule | queries | gold first | other language first | other language in the 3 posted | gold left out: other language first | gold left out: own language first |\n' +
    '|---|---|---|---|---|---|---|\n',
);
for (const x of rows)
  process.stdout.write(
    `| ${x.rule} | ${x.queries} | ${x.goldFirst} | ${x.otherLanguageFirst} | ${x.otherLanguagePosted} | ${x.otherLanguageFirstWithoutGold} | ${x.ownLanguageFirstWithoutGold} |\n`,
  );
process.stdout.write(JSON.stringify(rows) + '\n');
