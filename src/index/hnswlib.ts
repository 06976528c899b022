import { createRequire } from 'node:module';
import type portableModule from 'hnswlib-node';
import {
  chooseHnswlib,
  HNSWLIB_ENV,
  hnswlibPackageDir,
  installedHnswlibVersion,
  nativeBuildPaths,
  readCpuFlags,
  readNativeBuild,
  type HnswlibChoice,
} from './hnswlib-native.js';

/** The hnswlib-node module: the build for this CPU when one fits, else the portable one (`hnswlib-native.ts`). */
export type Hnswlib = typeof portableModule;

const require = createRequire(import.meta.url);

/**
 * Loads hnswlib-node: the native build in `pkg` (hnswlib-node's package directory) when `chooseHnswlib`
 * says so and it loads, else the portable build. `cpuFlags` is read only when there is a native build.
 */
export function loadHnswlib(
  pkg: string = hnswlibPackageDir(),
  env: string | undefined = process.env[HNSWLIB_ENV],
  cpuFlags: () => ReadonlySet<string> = readCpuFlags,
): { lib: Hnswlib; choice: HnswlibChoice } {
  const native = readNativeBuild(pkg);
  const choice = chooseHnswlib(native, installedHnswlibVersion(pkg), native ? cpuFlags() : new Set(), env);
  if (choice.build === 'native') {
    // hnswlib-node's own entry is `module.exports = require('bindings')('addon')`: the addon is the module.
    try {
      return { lib: require(nativeBuildPaths(pkg).addon) as Hnswlib, choice };
    } catch (e) {
      const why = `the native build did not load (${(e as Error).message.split('\n')[0]}): run npm run hnswlib:native`;
      return { lib: portableHnswlib(), choice: { build: 'portable', why } };
    }
  }
  return { lib: portableHnswlib(), choice };
}

/** hnswlib-node's portable build, whichever is in use (the benchmark's baseline). */
export function portableHnswlib(): Hnswlib {
  return require('hnswlib-node') as Hnswlib;
}

const loaded = loadHnswlib();
/** The hnswlib-node module to use. */
export const hnswlib: Hnswlib = loaded.lib;
/** Which build `hnswlib` is, and why. */
export const hnswlibChoice: HnswlibChoice = loaded.choice;
