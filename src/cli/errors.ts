import { CorpusError } from '../corpus/thread.js';
import { RetrieverUnavailableError } from '../engine.js';
import { InputError } from '../extract/decode-input.js';
import { IndexError } from '../index/manifest.js';
import { PullError } from '../index/pull.js';
import { TarError } from '../index/tar.js';
import { EncoderError } from '../encoder/onnx-encoder.js';

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
    return 2;
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
    return err instanceof InputError ? 2 : 1;
  }
  if ((err as { code?: string }).code === 'commander.helpDisplayed') return 0;
  process.stderr.write(
    `snippet-search: unexpected error (please report it):\n${(err as Error).stack ?? String(err)}\n`,
  );
  return 70;
}
