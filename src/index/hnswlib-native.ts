import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Which hnswlib-node build to load (`hnswlib.ts`) and whether install compiles one for this CPU
 * (`scripts/build-native-hnswlib.ts`, run by `npm ci`'s prepare step).
 *
 * Why: hnswlib-node compiles with the compiler's defaults, on x86-64 SSE2, so its distance kernels are
 * 4-wide SSE even where AVX2 and FMA exist (hnswlib uses its AVX kernels only when compiled with
 * `__AVX__`). Built with `-mavx2 -mfma` on the project's machine, inserting 20k of the index's vectors
 * took 7.8 s against 11.2 s, and the hybrid's HNSW search 1.45 ms against 1.94 (README, speed). Such a
 * binary dies with SIGILL on a CPU without those instructions, so it is kept beside the portable build,
 * never in its place, and loaded only on a CPU with every flag it was built for: a node_modules copied
 * or restored from a cache onto another machine falls back to the portable build instead of crashing.
 */

/** The native build's directory, inside hnswlib-node's own `build/`: it goes when that package is reinstalled. */
const NATIVE_BUILD_DIR = join('build', 'snippet-search-native');
/** The native build's addon and its `build.json`, in hnswlib-node's package directory `pkg`. */
export function nativeBuildPaths(pkg: string): { dir: string; addon: string; meta: string } {
  const dir = join(pkg, NATIVE_BUILD_DIR);
  return { dir, addon: join(dir, 'addon.node'), meta: join(dir, 'build.json') };
}
/** `SNIPPET_SEARCH_HNSWLIB=portable` always loads the portable build (A/B measurements, troubleshooting). */
export const HNSWLIB_ENV = 'SNIPPET_SEARCH_HNSWLIB';
const OPTED_OUT = `${HNSWLIB_ENV}=portable`;

/** What the native build records beside its addon (`build.json`). */
export interface NativeBuild {
  /** hnswlib-node's version it was compiled from. */
  hnswlibNode: string;
  /** The CPU flags (as /proc/cpuinfo names them) its instructions need. */
  cpuFlags: string[];
  /** The compiler flags it was built with. */
  cxxflags: string;
}

/**
 * The one native target: x86-64 with AVX2 and FMA (hnswlib's AVX kernels; `-mavx2` defines `__AVX__`).
 * AVX-512 is left out: few laptops have it, and its kernels would need their own measurement.
 */
export const NATIVE_TARGET = { cpuFlags: ['avx', 'avx2', 'fma'], cxxflags: '-mavx2 -mfma' } as const;

/**
 * Whether install should compile the native build here: x86-64 Linux (where /proc/cpuinfo says what the
 * CPU has) with every flag of `NATIVE_TARGET`, unless the environment asks for the portable build.
 * Returns the reason when not.
 */
export function nativeBuildPlan(
  platform: string,
  arch: string,
  cpuFlags: ReadonlySet<string>,
  env: string | undefined,
): { build: true } | { build: false; why: string } {
  if (env === 'portable') return { build: false, why: OPTED_OUT };
  if (platform !== 'linux' || arch !== 'x64') return { build: false, why: `only x64 Linux gets one (this is ${platform}-${arch})` };
  const lacks = lackedFlags(NATIVE_TARGET.cpuFlags, cpuFlags);
  return lacks ? { build: false, why: lacks } : { build: true };
}

/** `this CPU lacks …` for the flags of `needed` the CPU does not have, or null when it has them all. */
function lackedFlags(needed: readonly string[], cpuFlags: ReadonlySet<string>): string | null {
  const missing = needed.filter((f) => !cpuFlags.has(f));
  return missing.length > 0 ? `this CPU lacks ${missing.join(', ')}` : null;
}

export interface HnswlibChoice {
  build: 'native' | 'portable';
  /** Why, in words (shown by the benchmark). */
  why: string;
}

/** The CPU's feature flags from /proc/cpuinfo's text (its first `flags` line); empty when there is none. */
export function cpuFlagsOf(cpuinfo: string): Set<string> {
  const line = /^flags\s*:(.*)$/m.exec(cpuinfo);
  return new Set(line ? line[1]!.trim().split(/\s+/) : []);
}

/** Parses a native build's `build.json`; null when it is not one. */
export function parseNativeBuild(text: string): NativeBuild | null {
  try {
    const b = JSON.parse(text) as Partial<NativeBuild>;
    const ok =
      typeof b.hnswlibNode === 'string' &&
      typeof b.cxxflags === 'string' &&
      Array.isArray(b.cpuFlags) &&
      b.cpuFlags.length > 0 &&
      b.cpuFlags.every((f) => typeof f === 'string');
    return ok ? (b as NativeBuild) : null;
  } catch {
    return null;
  }
}

/**
 * Which build to load: the native one only when it exists, was compiled from the installed hnswlib-node,
 * every CPU flag it needs is present, and the environment does not ask for the portable one.
 */
export function chooseHnswlib(
  native: NativeBuild | null,
  installedVersion: string,
  cpuFlags: ReadonlySet<string>,
  env: string | undefined,
): HnswlibChoice {
  if (env === 'portable') return { build: 'portable', why: OPTED_OUT };
  if (!native) return { build: 'portable', why: 'no build for this CPU was made at install' };
  if (native.hnswlibNode !== installedVersion) {
    return { build: 'portable', why: `the native build is of hnswlib-node ${native.hnswlibNode}, ${installedVersion} is installed` };
  }
  const lacks = lackedFlags(native.cpuFlags, cpuFlags);
  if (lacks) return { build: 'portable', why: lacks };
  return { build: 'native', why: `built with ${native.cxxflags} for this CPU (${native.cpuFlags.join(', ')})` };
}

const require = createRequire(import.meta.url);

/** hnswlib-node's package directory. */
export function hnswlibPackageDir(): string {
  return dirname(require.resolve('hnswlib-node/package.json'));
}

/** The installed hnswlib-node's version (`pkg`: its package directory). */
export function installedHnswlibVersion(pkg: string): string {
  return (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The native build recorded in `pkg` (hnswlib-node's package directory), or null when there is none whole. */
export function readNativeBuild(pkg: string): NativeBuild | null {
  const { addon, meta } = nativeBuildPaths(pkg);
  return existsSync(addon) && existsSync(meta) ? parseNativeBuild(readFileSync(meta, 'utf8')) : null;
}

/** This machine's CPU flags (empty where there is no /proc/cpuinfo). */
export function readCpuFlags(): Set<string> {
  try {
    return cpuFlagsOf(readFileSync('/proc/cpuinfo', 'utf8'));
  } catch {
    return new Set();
  }
}

