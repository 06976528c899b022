/**
 * `npm ci`'s prepare step (after `tsc`): compiles hnswlib-node again for this CPU's vector instructions
 * (`NATIVE_TARGET`: AVX2 and FMA) into hnswlib-node's `build/snippet-search-native/`, beside the portable
 * build, which stays. `src/index/hnswlib.ts` loads it only on a CPU that has those flags. Never fails the
 * install: where it cannot or should not build, it says why in one line and the portable build is used.
 * `SNIPPET_SEARCH_HNSWLIB=portable` skips it. Run again by hand: `npm run hnswlib:native`
 * (through npm, which passes its settings, such as `nodedir`, on to node-gyp).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import {
  HNSWLIB_ENV,
  hnswlibPackageDir,
  installedHnswlibVersion,
  NATIVE_TARGET,
  nativeBuildPaths,
  nativeBuildPlan,
  readCpuFlags,
  readNativeBuild,
  type NativeBuild,
} from '../src/index/hnswlib-native.js';

const say = (s: string) => process.stderr.write(`hnswlib-node: ${s}\n`);
const require = createRequire(import.meta.url);

/** npm's own node-gyp: npm names it to lifecycle scripts; by hand, the one beside this Node's npm. */
function nodeGyp(): string {
  const fromNpm = process.env.npm_config_node_gyp;
  if (fromNpm && existsSync(fromNpm)) return fromNpm;
  const besideNode = join(
    dirname(process.execPath),
    '..',
    'lib',
    'node_modules',
    'npm',
    'node_modules',
    'node-gyp',
    'bin',
    'node-gyp.js',
  );
  if (existsSync(besideNode)) return besideNode;
  throw new Error('no node-gyp found (npm bundles one; run this from `npm ci` or `npm run`)');
}

/** What a failed command said: its first error line (node-gyp's `gyp ERR! stack Error: …`), else its last line. */
function firstError(s: string): string {
  const lines = s.trim().split('\n');
  const stack = lines.find((l) => /gyp ERR! stack \w*Error\b/.test(l));
  return (
    stack ??
    lines.find((l) => /\berror\b/i.test(l) && !/^gyp (?:WARN|info)/.test(l)) ??
    lines.at(-1) ??
    ''
  ).trim();
}

/** Loads the new addon in a child process and searches a small graph: a binary this CPU cannot run dies there, not here. */
function smokeTest(addon: string): string | null {
  // 200 pseudo-random points, each searched for with a beam as wide as the graph: each finds itself.
  const code = `
    const h = require(${JSON.stringify(addon)});
    let seed = 42;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) - 0.5;
    const pts = Array.from({ length: 200 }, () => Array.from({ length: 48 }, rnd));
    for (const space of ['l2', 'ip']) {
      const x = new h.HierarchicalNSW(space, 48);
      x.initIndex({ maxElements: 200, m: 16, efConstruction: 200, randomSeed: 42 });
      pts.forEach((p, i) => x.addPoint(p, i));
      x.setEf(200);
      if (space === 'l2') pts.forEach((p, i) => { if (x.searchKnn(p, 1).neighbors[0] !== i) process.exit(3); });
      else if (x.searchKnn(pts[0], 10).neighbors.length !== 10) process.exit(4);
    }`;
  const r = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
  if (r.status === 0) return null;
  return r.signal
    ? `the build dies with ${r.signal} on this CPU`
    : `the build's smoke search failed (exit ${r.status}) ${firstError(r.stderr)}`;
}

function main(): void {
  const plan = nativeBuildPlan(process.platform, process.arch, readCpuFlags(), process.env[HNSWLIB_ENV]);
  if (!plan.build) {
    say(`portable build kept: ${plan.why}`);
    return;
  }
  const pkg = hnswlibPackageDir();
  const version = installedHnswlibVersion(pkg);
  const paths = nativeBuildPaths(pkg);
  const want: NativeBuild = {
    hnswlibNode: version,
    cpuFlags: [...NATIVE_TARGET.cpuFlags],
    cxxflags: NATIVE_TARGET.cxxflags,
  };
  const have = readNativeBuild(pkg);
  if (have && JSON.stringify(have) === JSON.stringify(want)) {
    say(`the ${want.cxxflags} build of ${version} is already there`);
    return;
  }
  const started = Date.now();
  say(`compiling ${version} with ${want.cxxflags} for this CPU (the portable build stays)…`);
  const work = mkdtempSync(join(tmpdir(), 'ss-hnswlib-'));
  try {
    // A copy of the package's sources, so its own build/ is never touched.
    const skip = [join(pkg, 'build'), join(pkg, 'node_modules')];
    cpSync(pkg, work, { recursive: true, filter: (src) => !skip.some((s) => src === s || src.startsWith(s + sep)) });
    // binding.gyp asks `node -p "require('node-addon-api').include_dir"` from the copy's directory.
    const addonApi = dirname(dirname(require.resolve('node-addon-api/package.json', { paths: [pkg] })));
    const env = {
      ...process.env,
      CXXFLAGS: `${process.env.CXXFLAGS ?? ''} ${want.cxxflags}`.trim(),
      NODE_PATH: [addonApi, process.env.NODE_PATH].filter(Boolean).join(':'),
    };
    const r = spawnSync(process.execPath, [nodeGyp(), 'rebuild', '--release'], { cwd: work, env, encoding: 'utf8' });
    if (r.status !== 0) {
      const byHand = process.env.npm_config_node_gyp
        ? ''
        : ' (run it as `npm run hnswlib:native`: npm passes its settings on to node-gyp)';
      throw new Error(`node-gyp failed (exit ${r.status ?? r.signal}): ${firstError(r.stderr || r.stdout)}${byHand}`);
    }
    const built = join(work, 'build', 'Release', 'addon.node');
    const problem = smokeTest(built);
    if (problem) throw new Error(problem);
    // Into place: the addon first, then its build.json, so a half-written build is never chosen.
    rmSync(paths.dir, { recursive: true, force: true });
    mkdirSync(paths.dir, { recursive: true });
    cpSync(built, `${paths.addon}.tmp`);
    renameSync(`${paths.addon}.tmp`, paths.addon);
    writeFileSync(paths.meta, `${JSON.stringify(want, null, 2)}\n`);
    say(
      `built in ${((Date.now() - started) / 1000).toFixed(0)} s; searches and index builds use it on this CPU (${HNSWLIB_ENV}=portable to opt out)`,
    );
  } catch (e) {
    rmSync(paths.dir, { recursive: true, force: true });
    say(`portable build kept: ${(e as Error).message}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
