#!/usr/bin/env node
/**
 * The GitHub Action step: logs → extract → search → a Markdown job summary (always), the `results`
 * and `count` outputs, and with `comment: true` one sticky PR comment (the App's marker and sections).
 * Our own trouble becomes a warning; the workflow fails only with `fail-on-error: true`.
 */
import * as core from '@actions/core';
import { Octokit } from '@octokit/rest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { answerFailures } from '../answer.js';
import { loadDefaultEncoder } from '../encoder/load.js';
import { openEngine, type SearchResult } from '../engine.js';
import { ConfigError } from '../github/config.js';
import { FOOTER, parseSections, renderCiComment, upsertSection } from '../github/job-sections.js';
import { upsertStickyComment } from '../github/sticky-comment.js';
import type { GitHubClient } from '../github/types.js';
import { buildIndex } from '../index/build-index.js';
import { MANIFEST_FILE } from '../index/manifest.js';
import { defaultIndexDir } from '../paths.js';
import { searchToJson } from '../render/json.js';
import { ATTRIBUTION, resultToMarkdown } from '../render/markdown.js';
import { SqliteFailureStore } from '../history/sqlite-store.js';
import { collectLogs } from './collect-logs.js';
import { actionRunFromEnv, recordActionFailure } from './history.js';
import { fetchActionIndex } from './index-source.js';
import { readInputs, type ActionInputs } from './inputs.js';

async function run(): Promise<void> {
  let inputs: ActionInputs | null = null;
  try {
    inputs = readInputs();
    await answer(inputs);
  } catch (err) {
    const message = err instanceof ConfigError ? err.message : ((err as Error).message ?? String(err));
    core.setOutput('count', 0);
    core.setOutput('results', '[]');
    if (inputs?.failOnError) core.setFailed(`snippet-search: ${message}`);
    else
      core.warning(
        `snippet-search could not answer: ${message} (the workflow is not failed for this; set fail-on-error: true to fail it)`,
      );
  }
}

async function answer(inputs: ActionInputs): Promise<void> {
  const apiUrl = process.env.GITHUB_API_URL ?? 'https://api.github.com';
  const octokit = inputs.token
    ? new Octokit({ auth: inputs.token, baseUrl: apiUrl, userAgent: 'snippet-search-action' })
    : null;
  const logs = await collectLogs(inputs.log, octokit);
  const engine = await openActionEngine(inputs);
  const answered: Array<{ name: string; result: SearchResult }> = [];
  try {
    const policy = { minScore: inputs.minScore, languages: inputs.config.languages };
    const search = (text: string) =>
      engine.search(text, { kind: 'log', top: inputs.top, minConfidence: inputs.minConfidence });
    for (const a of await answerFailures(logs, search, policy)) {
      if (a.verdict.answer) answered.push({ name: a.name, result: a.verdict.result });
      else core.info(`${a.name}: nothing posted: ${a.verdict.reason}`);
    }
  } finally {
    engine.close();
  }
  const job = process.env.GITHUB_JOB ?? 'job';
  const notes = await historyNotes(inputs, job, answered);
  const sections = answered.map((a) => ({
    key: `${job}:${a.name}`,
    body: resultToMarkdown(a.result, {
      heading: `${job}: ${a.name}`,
      maxResults: inputs.top,
      note: notes.get(a.name),
    }),
  }));
  const summary = sections.length
    ? `## 🔎 snippet-search\n\n${sections.map((s) => s.body).join('\n\n')}\n\n---\n<sub>${ATTRIBUTION}</sub>\n`
    : `## 🔎 snippet-search\n\nNo failure with a matching StackOverflow thread in ${logs.map((l) => `\`${l.name}\``).join(', ')}.\n`;
  await core.summary.addRaw(summary).write();
  const results = answered.map((a) => ({ log: a.name, ...(searchToJson(a.result) as object) }));
  core.setOutput('results', JSON.stringify(results));
  core.setOutput(
    'count',
    answered.reduce((n, a) => n + a.result.results.length, 0),
  );

  if (inputs.comment && sections.length) {
    const pr = pullRequestNumber();
    if (!pr) return core.info('comment: true, but this run is not for a pull request: the job summary has the answers');
    if (!octokit) throw new Error('comment: true needs `github-token`');
    const [owner, repo] = process.env.GITHUB_REPOSITORY!.split('/') as [string, string];
    const outcome = await upsertStickyComment(
      octokit as unknown as GitHubClient,
      { owner, repo, issue_number: pr },
      (current) => {
        let merged = parseSections(current);
        for (const s of sections) merged = upsertSection(merged, s);
        return renderCiComment(merged, FOOTER);
      },
      { who: { login: process.env.SNIPPET_SEARCH_BOT_LOGIN ?? 'github-actions[bot]' } },
    );
    core.info(`pull request #${pr}: comment ${outcome}`);
  }
}

/** With `history-db` (and `history` not off in the config): records each answered failure and returns its history line. */
async function historyNotes(
  inputs: ActionInputs,
  job: string,
  answered: Array<{ name: string; result: SearchResult }>,
): Promise<Map<string, string>> {
  const notes = new Map<string, string>();
  if (!inputs.historyDb || !inputs.config.history) return notes;
  const path = process.env.GITHUB_EVENT_PATH;
  const event = path && existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as object) : {};
  const run = actionRunFromEnv(process.env, event);
  const file = resolve(inputs.historyDb);
  mkdirSync(dirname(file), { recursive: true });
  const store = new SqliteFailureStore({ file });
  try {
    for (const a of answered) {
      const line = await recordActionFailure(store, run, `${job}:${a.name}`, a.result, {
        days: inputs.config.historyDays,
      });
      if (line) notes.set(a.name, line);
    }
  } finally {
    await store.close();
  }
  return notes;
}

function pullRequestNumber(): number | null {
  const path = process.env.GITHUB_EVENT_PATH;
  if (!path || !existsSync(path)) return null;
  const event = JSON.parse(readFileSync(path, 'utf8')) as { pull_request?: { number?: number }; number?: number };
  return event.pull_request?.number ?? null;
}

/** `index-url` (pulled, cached), else the `index` input or the default index; else builds one from `corpus`. */
async function openActionEngine(inputs: ActionInputs) {
  const encoder = await loadDefaultEncoder({ optional: true, threads: 2 });
  const pulled = await fetchActionIndex(inputs, encoder?.id ?? null);
  const dir = resolve(pulled ?? (inputs.index || process.env.SNIPPET_SEARCH_INDEX || defaultIndexDir()));
  if (!existsSync(join(dir, MANIFEST_FILE))) {
    if (!inputs.corpus) {
      throw new Error(
        `no index at ${dir}: pass \`index-url:\` and \`index-sha256:\` (a packed index, see the README), \`index:\` (a prebuilt index) or \`corpus:\` (a StackExchange dump directory or .jsonl.gz) to build one`,
      );
    }
    core.info(`building the index at ${dir} from ${inputs.corpus}`);
    await buildIndex({ corpus: inputs.corpus, out: dir, encoder });
  }
  return openEngine({ indexDir: dir, encoder });
}

await run();
