import type { Candidate } from './candidate.js';
import { findPythonFailures } from './python.js';

/** One finder per language or runner; each reads normalized lines and returns what it recognizes. */
export type FailureFinder = (lines: string[]) => Candidate[];

export const LANGUAGE_MODULES: FailureFinder[] = [findPythonFailures];
