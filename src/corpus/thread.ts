/** A StackOverflow thread as read from a corpus, before it becomes a `Document`. */
export interface RawAnswer {
  id: number | null;
  html: string;
  score: number | null;
}

export interface RawThread {
  id: number;
  url: string;
  title: string;
  /** `null` when the corpus withholds the question (so-python's dev/test rows). */
  questionHtml: string | null;
  /** The best answer first (accepted, else highest-scored), then the rest. */
  answers: RawAnswer[];
  tags: string[];
  score: number | null;
  /** Corpus split label when the corpus has one (so-python: train/dev/test). */
  split: string | null;
}

/** Where a record came from, for error messages that name the file and line. */
export class CorpusError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line: number | null,
  ) {
    super(line === null ? `${file}: ${message}` : `${file}:${line}: ${message}`);
    this.name = 'CorpusError';
  }
}
