import * as core from '@actions/core';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError } from '../github/config.js';
import { MANIFEST_FILE } from '../index/manifest.js';
import { pullIndex, PULLED_FILE } from '../index/pull.js';

export interface IndexSourceInputs {
  index: string;
  indexUrl: string;
  indexSha256: string;
  corpus: string;
}

/**
 * Where the Action's `index-url` index lives on the runner: `index` when given, else the folder
 * action.yml restores with actions/cache (keyed by the sha256), else one in the runner's temp dir.
 */
export function pulledIndexDir(inputs: IndexSourceInputs): string {
  return resolve(
    inputs.index ||
      process.env.SNIPPET_SEARCH_ACTION_INDEX_DIR ||
      join(process.env.RUNNER_TEMP ?? tmpdir(), 'snippet-search', 'index'),
  );
}

function pulledSha(dir: string): string | null {
  try {
    if (!existsSync(join(dir, MANIFEST_FILE))) return null;
    return (JSON.parse(readFileSync(join(dir, PULLED_FILE), 'utf8')) as { sha256?: string }).sha256 ?? null;
  } catch {
    return null;
  }
}

/**
 * The normal way to get an index on a bare runner: `index-url` + `index-sha256`. Returns the index
 * directory (restored by actions/cache when this sha256 was pulled before, else downloaded, verified
 * and unpacked), or null when there is no `index-url`. When the pull fails, falls back to building
 * from `corpus` only if `corpus` was given; otherwise the failure is the Action's error.
 */
export async function fetchActionIndex(inputs: IndexSourceInputs, encoderId: string | null): Promise<string | null> {
  const url = inputs.indexUrl.trim();
  if (!url) return null;
  const sha256 = inputs.indexSha256.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(sha256))
    throw new ConfigError(
      '`index-url` needs `index-sha256`: the 64-hex-digit sha256 that `snippet-search index pack` printed (published beside the archive)',
    );
  const dir = pulledIndexDir(inputs);
  if (pulledSha(dir) === sha256) {
    core.info(`index ${sha256.slice(0, 12)}… restored from the cache at ${dir}`);
    return dir;
  }
  core.info(`downloading the index from ${url}`);
  try {
    const r = await pullIndex({
      source: url,
      sha256,
      out: dir,
      encoderId,
      log: (line) => core.info(line),
    });
    core.info(`index ${sha256.slice(0, 12)}… verified: ${r.manifest.counts.documents} threads at ${dir}`);
    return dir;
  } catch (err) {
    if (!inputs.corpus) throw err;
    core.warning(`could not pull the index (${(err as Error).message}); building one from \`corpus\` instead`);
    return null;
  }
}
