import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root (where package.json, models/ and index/ live), from src/ or dist/src/. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

/** Default index directory: `$SNIPPET_SEARCH_INDEX`, else `index/` in the package. */
export function defaultIndexDir(): string {
  return resolve(process.env.SNIPPET_SEARCH_INDEX ?? join(packageRoot(), 'index'));
}

/** Default corpus: `$SNIPPET_SEARCH_CORPUS`, else the so-python corpus in `../shared/data/`. */
export function defaultCorpus(): string {
  return resolve(
    process.env.SNIPPET_SEARCH_CORPUS ?? join(packageRoot(), '..', 'shared', 'data', 'so-python', 'corpus.jsonl.gz'),
  );
}

/** The so-python corpus's threads are all Python questions, but its rows carry no tags. */
const SO_PYTHON_TAGS = ['python'];

/**
 * Tags for a corpus's untagged threads when the build is not told (`--default-tags`): `python` for the
 * so-python corpus (`…/so-python/corpus.jsonl(.gz)`), none for any other corpus.
 */
export function knownCorpusTags(corpus: string): string[] {
  return /[\\/]so-python[\\/]corpus\.jsonl(?:\.gz)?$/.test(resolve(corpus)) ? [...SO_PYTHON_TAGS] : [];
}

/** The shipped encoder's directory. */
export function defaultModelDir(): string {
  return resolve(process.env.SNIPPET_SEARCH_MODEL ?? join(packageRoot(), 'models', 'snippet-encoder'));
}
