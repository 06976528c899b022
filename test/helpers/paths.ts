import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from test/ or dist/test/. */
export const ROOT = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
})();

/** `../shared` beside the repository (present in CI too), or `$SNIPPET_SEARCH_SHARED` for a checkout elsewhere. */
export const SHARED = process.env.SNIPPET_SEARCH_SHARED
  ? resolve(process.env.SNIPPET_SEARCH_SHARED)
  : resolve(ROOT, '..', 'shared');
export const FIXTURES = join(ROOT, 'test', 'fixtures');
