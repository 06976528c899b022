import { CorpusError } from '../corpus/thread.js';
import { RetrieverUnavailableError } from '../engine.js';
import { InputError } from '../extract/decode-input.js';
import { IndexError } from '../index/manifest.js';
import { PullError } from '../index/pull.js';
import { TarError } from '../index/tar.js';
import { EncoderError } from '../encoder/onnx-encoder.js';

/**
 * The CLI's exit codes, one scheme for every command (documented in the README):
 * 0 done; 1 done, nothing found (`search`: no thread, `extract`: no failure), as grep does;
 * 2 the request cannot be served as given: a bad option, unreadable/empty/binary input, a corpus or
 * index problem, a refused `--out`, another build holding the lock; 70 an internal error (a bug: the
 * stack is printed); 130 interrupted (Ctrl-C).
 */
export const EXIT = { ok: 0, nothingFound: 1, usage: 2, internal: 70, interrupted: 130 } as const;

/** A bad flag value found by a command itself (commander reports its own parse errors). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Turns known failures into one clear line and an exit code; anything else is a bug and shows its stack. */
export function reportError(err: unknown): number {
  if (err instanceof UsageError) {
    process.stderr.write(`snippet-search: ${err.message} (see --help)\n`);
    return EXIT.usage;
  }
  if (
    err instanceof InputError ||
    err instanceof CorpusError ||
    err instanceof IndexError ||
    err instanceof PullError ||
    err instanceof TarError ||
    err instanceof EncoderError ||
    err instanceof RetrieverUnavailableError
  ) {
    process.stderr.write(`snippet-search: ${err.message}\n`);
    return EXIT.usage;
  }
  process.stderr.write(
    `snippet-search: unexpected error (please report it):\n${(err as Error).stack ?? String(err)}\n`,
  );
  return EXIT.internal;
}
