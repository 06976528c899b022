import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadHnswlib, portableHnswlib, type Hnswlib } from '../../src/index/hnswlib.js';
import { packageRoot } from '../../src/paths.js';
import {
  chooseHnswlib,
  cpuFlagsOf,
  hnswlibPackageDir,
  NATIVE_TARGET,
  nativeBuildPaths,
  nativeBuildPlan,
  parseNativeBuild,
  readCpuFlags,
  type NativeBuild,
} from '../../src/index/hnswlib-native.js';

// A /proc/cpuinfo as Linux writes it (two processors; only the first `flags` line is read).
const CPUINFO = `processor\t: 0
vendor_id\t: AuthenticAMD
model name\t: AMD EPYC
flags\t\t: fpu vme de pse tsc msr pae sse sse2 ssse3 fma cx16 sse4_1 sse4_2 movbe popcnt avx f16c avx2 bmi2
bugs\t\t: sysret_ss_attrs

processor\t: 1
flags\t\t: fpu sse sse2
`;
const OLD_CPU = 'processor\t: 0\nflags\t\t: fpu sse sse2 ssse3 sse4_1 sse4_2 popcnt\n';
const BUILT: NativeBuild = { hnswlibNode: '3.0.0', cpuFlags: ['avx', 'avx2', 'fma'], cxxflags: '-mavx2 -mfma' };

test('cpu flags: the first flags line of /proc/cpuinfo, word by word; none without one', () => {
  const flags = cpuFlagsOf(CPUINFO);
  for (const f of ['sse2', 'fma', 'avx', 'avx2', 'bmi2']) assert.ok(flags.has(f), f);
  assert.ok(!flags.has('avx512f'));
  assert.ok(!flags.has('flags'));
  assert.equal(cpuFlagsOf('processor\t: 0\n').size, 0);
});

test('install builds for this CPU only on x64 Linux with AVX, AVX2 and FMA, and not when asked for the portable build', () => {
  assert.deepEqual(nativeBuildPlan('linux', 'x64', cpuFlagsOf(CPUINFO), undefined), { build: true });
  assert.deepEqual(nativeBuildPlan('linux', 'x64', cpuFlagsOf(OLD_CPU), undefined), {
    build: false,
    why: 'this CPU lacks avx, avx2, fma',
  });
  assert.deepEqual(nativeBuildPlan('linux', 'x64', new Set(['avx', 'avx2']), undefined), {
    build: false,
    why: 'this CPU lacks fma',
  });
  assert.equal(nativeBuildPlan('darwin', 'arm64', cpuFlagsOf(CPUINFO), undefined).build, false);
  assert.equal(nativeBuildPlan('linux', 'arm64', cpuFlagsOf(CPUINFO), undefined).build, false);
  assert.deepEqual(nativeBuildPlan('linux', 'x64', cpuFlagsOf(CPUINFO), 'portable'), {
    build: false,
    why: 'SNIPPET_SEARCH_HNSWLIB=portable',
  });
});

test('the native build is loaded only when it exists, is of the installed hnswlib-node, and this CPU has its flags', () => {
  const avx2 = cpuFlagsOf(CPUINFO);
  assert.equal(chooseHnswlib(BUILT, '3.0.0', avx2, undefined).build, 'native');
  // A node_modules restored from a cache onto an older CPU: the portable build, not SIGILL.
  assert.deepEqual(chooseHnswlib(BUILT, '3.0.0', cpuFlagsOf(OLD_CPU), undefined), {
    build: 'portable',
    why: 'this CPU lacks avx, avx2, fma',
  });
  assert.deepEqual(chooseHnswlib(BUILT, '3.0.1', avx2, undefined), {
    build: 'portable',
    why: 'the native build is of hnswlib-node 3.0.0, 3.0.1 is installed',
  });
  assert.equal(chooseHnswlib(null, '3.0.0', avx2, undefined).build, 'portable');
  assert.equal(chooseHnswlib(BUILT, '3.0.0', avx2, 'portable').build, 'portable');
  // No flags read (no /proc/cpuinfo): never the native build.
  assert.equal(chooseHnswlib(BUILT, '3.0.0', new Set(), undefined).build, 'portable');
});

test('a build.json that is not one is refused', () => {
  assert.deepEqual(parseNativeBuild(JSON.stringify(BUILT)), BUILT);
  assert.equal(parseNativeBuild('{'), null);
  assert.equal(parseNativeBuild('null'), null);
  assert.equal(parseNativeBuild(JSON.stringify({ ...BUILT, cpuFlags: [] })), null);
  assert.equal(parseNativeBuild(JSON.stringify({ ...BUILT, cpuFlags: 'avx2' })), null);
  assert.equal(parseNativeBuild(JSON.stringify({ hnswlibNode: '3.0.0', cpuFlags: ['avx2'] })), null);
});

/** Runs `code` (an ES module) in a child Node with `env` added, from the package root; its stdout parsed as JSON. */
function inChild(code: string, env: Record<string, string | undefined>): unknown {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: packageRoot(),
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as unknown;
}

const hnswlibModule = join(packageRoot(), 'dist', 'src', 'index', 'hnswlib.js');

test("where install can build for this CPU it did, every load uses it, and it finds the portable build's neighbours", () => {
  const plan = nativeBuildPlan(process.platform, process.arch, readCpuFlags(), undefined);
  const { addon, meta } = nativeBuildPaths(hnswlibPackageDir());
  // Which build a fresh process loads: what it says, and which addon its module object is.
  const choice = (env: string | undefined) =>
    inChild(
      `import { createRequire } from 'node:module';
      const m = await import(${JSON.stringify(hnswlibModule)});
      const require = createRequire(${JSON.stringify(hnswlibModule)});
      const loaded = m.hnswlib === require('hnswlib-node') ? 'portable' : m.hnswlib === require(${JSON.stringify(addon)}) ? 'native' : '?';
      console.log(JSON.stringify({ build: m.hnswlibChoice.build, loaded }));`,
      { SNIPPET_SEARCH_HNSWLIB: env },
    ) as { build: string; loaded: string };
  assert.deepEqual(choice('portable'), { build: 'portable', loaded: 'portable' });
  if (!plan.build) {
    // This machine gets the portable build, whatever is on disk.
    assert.deepEqual(choice(undefined), { build: 'portable', loaded: 'portable' }, plan.why);
    return;
  }
  assert.ok(existsSync(addon) && existsSync(meta), `no native build at ${addon}: npm ci's prepare step makes it`);
  assert.deepEqual(parseNativeBuild(readFileSync(meta, 'utf8'))?.cpuFlags, [...NATIVE_TARGET.cpuFlags]);
  assert.deepEqual(choice(undefined), { build: 'native', loaded: 'native' });
  // The two builds on the same 2,000 points: the same graph parameters and seed, each its own graph;
  // the native build's top 10 agree with the portable build's (float sums differ in their last bits).
  const require = createRequire(import.meta.url);
  const builds = { native: require(addon) as Hnswlib, portable: portableHnswlib() };
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
  const unit = () => {
    const v = Array.from({ length: 64 }, rnd);
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  };
  const points = Array.from({ length: 2000 }, unit);
  const queries = Array.from({ length: 50 }, unit);
  const top = Object.fromEntries(
    Object.entries(builds).map(([name, lib]) => {
      const index = new lib.HierarchicalNSW('ip', 64);
      index.initIndex({ maxElements: points.length, m: 16, efConstruction: 100, randomSeed: 42 });
      points.forEach((p, i) => index.addPoint(p, i));
      index.setEf(200);
      return [name, queries.map((q) => index.searchKnn(q, 10).neighbors)];
    }),
  ) as Record<'native' | 'portable', number[][]>;
  let shared = 0;
  top.native.forEach((ids, q) => (shared += ids.filter((id) => top.portable[q]!.includes(id)).length));
  assert.ok(shared / (10 * queries.length) >= 0.97, `top-10 overlap ${shared / (10 * queries.length)}`);
});

test('a native build that does not load (a truncated file) falls back to the portable build and says why', () => {
  const pkg = mkdtempSync(join(tmpdir(), 'hnswlib-pkg-'));
  try {
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'hnswlib-node', version: '3.0.0' }));
    const { dir, addon, meta } = nativeBuildPaths(pkg);
    mkdirSync(dir, { recursive: true });
    writeFileSync(addon, Buffer.from('\x7fELF truncated'));
    writeFileSync(meta, JSON.stringify(BUILT));
    const avx2 = () => cpuFlagsOf(CPUINFO);
    const broken = loadHnswlib(pkg, undefined, avx2);
    assert.equal(broken.choice.build, 'portable');
    assert.match(broken.choice.why, /^the native build did not load \(.+\): run npm run hnswlib:native$/);
    assert.equal(broken.lib, portableHnswlib());
    // The same directory on a CPU without the flags never tries the file.
    assert.deepEqual(loadHnswlib(pkg, undefined, () => cpuFlagsOf(OLD_CPU)).choice, {
      build: 'portable',
      why: 'this CPU lacks avx, avx2, fma',
    });
  } finally {
    rmSync(pkg, { recursive: true, force: true });
  }
});
