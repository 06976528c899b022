/**
 * `node dist/scripts/render-example.js`: renders the App's PR comment for real fixture logs with the
 * default index, exactly as the App would post it (docs/example-comment.md, shown in the README).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDefaultEncoder } from '../src/encoder/load.js';
import { openEngine } from '../src/engine.js';
import { decodeInput } from '../src/extract/decode-input.js';
import { FOOTER, renderCiComment } from '../src/github/job-sections.js';
import { defaultIndexDir, packageRoot } from '../src/paths.js';
import { resultToMarkdown } from '../src/render/markdown.js';

const engine = openEngine({ indexDir: defaultIndexDir(), encoder: await loadDefaultEncoder({ optional: true }) });
const jobs: Array<[string, string]> = [
  ['tests / pytest (windows)', 'ci-py-006'],
  ['tests / pytest (asyncio)', 'ci-py-002'],
];
const sections = [];
for (const [name, id] of jobs) {
  const log = decodeInput(
    readFileSync(join(packageRoot(), '..', 'shared', 'fixtures', 'extraction', 'items', `${id}.txt`)),
  ).text;
  const result = await engine.search(log, { kind: 'log', top: 3 });
  sections.push({ key: name, body: resultToMarkdown(result, { heading: name, maxResults: 3 }) });
}
engine.close();
writeFileSync(join(packageRoot(), 'docs', 'example-comment.md'), renderCiComment(sections, FOOTER));
console.log('wrote docs/example-comment.md');
