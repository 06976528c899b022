import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type portableModule from 'hnswlib-node';
import {
  chooseHnswlib,
  HNSWLIB_ENV,
  hnswlibPackageDir,
  nativeBuildPaths,
  parseNativeBuild,
  readCpuFlags,
  type HnswlibChoice,
} from './hnswlib-native.js';

/** The hnswlib-node module: the build for this CPU when one fits, else the portable one (`hnswlib-native.ts`). */
export type Hnswlib = typeof portableModule;

const require = createRequire(import.meta.url);

function load(): { lib: Hnswlib; choice: HnswlibChoice } {
  const pkg = hnswlibPackageDir();
  const { addon, meta } = nativeBuildPaths(pkg);
  const native = existsSync(addon) && existsSync(meta) ? parseNativeBuild(readFileSync(meta, 'utf8')) : null;
  const version = (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string }).version;
  const choice = chooseHnswlib(native, version, native ? readCpuFlags() : new Set(), process.env[HNSWLIB_ENV]);
  // hnswlib-node's own entry is `module.exports = require('bindings')('addon')`: the addon is the module.
  const lib = (choice.build === 'native' ? require(addon) : require('hnswlib-node')) as Hnswlib;
  return { lib, choice };
}

/** hnswlib-node's portable build, whichever is in use (the benchmark's baseline). */
export function portableHnswlib(): Hnswlib {
  return require('hnswlib-node') as Hnswlib;
}

const loaded = load();
/** The hnswlib-node module to use. */
export const hnswlib: Hnswlib = loaded.lib;
/** Which build `hnswlib` is, and why. */
export const hnswlibChoice: HnswlibChoice = loaded.choice;
