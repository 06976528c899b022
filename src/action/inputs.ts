import * as core from '@actions/core';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { CONFIG_FILE, ConfigError, parseConfig, type Config } from '../github/config.js';

/** The Action's inputs, read the way the runner passes them (INPUT_* variables). */
export interface ActionInputs {
  log: string;
  token: string;
  comment: boolean;
  top: number;
  minScore: number;
  /** Stay silent below this confidence (0 to 1), as the App's `minConfidence`. */
  minConfidence: number;
  index: string;
  /** A packed index to download (`snippet-search index pack`), verified against `indexSha256`. */
  indexUrl: string;
  indexSha256: string;
  corpus: string;
  failOnError: boolean;
  /** A SQLite file for this repository's failure history (empty: none kept); persist it with actions/cache. */
  historyDb: string;
  config: Config;
}

function number(name: string, fallback: number): number {
  const raw = core.getInput(name);
  if (raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new ConfigError(`input \`${name}\`: expected a number ≥ 0, got "${raw}"`);
  return n;
}

/**
 * Inputs override the repository's `.github/snippet-search.yml` (the App's config file and keys),
 * which is read from the workspace when it exists.
 */
export function readInputs(): ActionInputs {
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const file = join(workspace, CONFIG_FILE);
  let raw: unknown = {};
  if (existsSync(file)) {
    try {
      raw = YAML.parse(readFileSync(file, 'utf8')) ?? {};
    } catch (err) {
      throw new ConfigError(`${CONFIG_FILE}: not valid YAML (${(err as Error).message.split('\n')[0]})`);
    }
  }
  const config = parseConfig(raw);
  const bool = (name: string) => /^(true|yes|1|on)$/i.test(core.getInput(name));
  const top = number('top', config.maxResults);
  if (!Number.isInteger(top) || top < 1 || top > 10)
    throw new ConfigError('input `top`: expected a whole number from 1 to 10');
  const minConfidence = number('min-confidence', config.minConfidence);
  if (minConfidence > 1) throw new ConfigError('input `min-confidence`: expected a number from 0 to 1');
  return {
    log: core.getInput('log'),
    token: core.getInput('github-token'),
    comment: bool('comment'),
    top,
    minScore: number('min-score', config.minScore),
    minConfidence,
    index: core.getInput('index'),
    indexUrl: core.getInput('index-url'),
    indexSha256: core.getInput('index-sha256'),
    corpus: core.getInput('corpus'),
    failOnError: bool('fail-on-error'),
    historyDb: core.getInput('history-db'),
    config,
  };
}
