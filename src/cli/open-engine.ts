import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadDefaultEncoder } from '../encoder/load.js';
import { openEngine, type Engine } from '../engine.js';
import { MANIFEST_FILE } from '../index/manifest.js';
import { IndexError } from '../index/manifest.js';
import { defaultCorpus, defaultIndexDir } from '../paths.js';
import { runIndexBuild } from './command-index-build.js';
import type { LexicalScorer } from '../retrieve/bm25.js';
import type { LanguageOptions } from '../retrieve/language-preference.js';

/**
 * Opens the index for `search`/`eval`. With no index yet at the default place, builds the default one
 * first (and says so); with no corpus either, says how to get one.
 */
export async function openEngineForCli(
  indexDir: string | undefined,
  language?: Partial<LanguageOptions>,
  lexicalScorer?: LexicalScorer,
): Promise<Engine> {
  const dir = indexDir ?? defaultIndexDir();
  if (!indexDir && !existsSync(join(dir, MANIFEST_FILE))) {
    const corpus = defaultCorpus();
    if (!existsSync(corpus)) {
      throw new IndexError(
        `No index at ${dir} and no corpus at ${corpus}. Download the StackExchange data dump (https://archive.org/details/stackexchange: ` +
          `stackoverflow.com-Posts.7z, PostLinks too), unpack it, and run: snippet-search index build --corpus <dump dir> --tags python ` +
          `(or set SNIPPET_SEARCH_CORPUS to a .jsonl.gz corpus).`,
      );
    }
    process.stderr.write(`No index yet: building the default one at ${dir} from ${corpus} (once; a few minutes).\n`);
    await runIndexBuild({ corpus, out: dir, dense: true });
  }
  const encoder = await loadDefaultEncoder({ optional: true });
  return openEngine({ indexDir: dir, encoder, language, lexicalScorer });
}
