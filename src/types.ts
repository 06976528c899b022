/**
 * The plain data that flows one way through the pipeline:
 * input text → Failure[] → Query → Hit[] → rendered output.
 */

/** One stack frame of a failure, as printed by the runtime or runner. */
export interface Frame {
  file: string;
  line: number | null;
  function: string | null;
  /** The source line the runtime printed for this frame, when it printed one. */
  source: string | null;
}

/** One failure read off failing output: a traceback, a panic, a compiler error. */
export interface Failure {
  language: string;
  /** The error class or code as printed (`ValueError`, `java.lang.NullPointerException`, `E0382`). */
  errorType: string;
  errorMessage: string;
  /** Frames' source lines or the user's code nearest the error, newline-joined. */
  code: string;
  /**
   * Stack frames in one order for every language: outermost first, innermost (where the failure was
   * raised) last, as Python prints them. Go, Java, .NET, JS and Ruby stacks are reversed on reading.
   */
  frames: Frame[];
  /** The error line(s) as printed (traceback tail), used as the query's error part. */
  errorText: string;
  /** The message with numbers, paths, addresses and quoted values masked. */
  template: string;
}

/**
 * What a retriever is asked, as fields so each retriever can weigh them: the error line is the center,
 * the error block, code and prose are context. `text` is the dense encoder's input in `[code, error]`
 * order (middle-truncated by the encoder, so the error at the tail survives).
 */
export interface Query {
  code: string;
  error: string;
  /** The primary failure's own line (`Type: message`), or the last line of the error block; '' when none. */
  errorLine: string;
  /** The words a person wrote around the code, when there are some. */
  prose: string;
  /** The primary error type, if any. */
  keyword: string | null;
  /** The primary failure's language (`Failure.language`); null or absent when no failure was read. */
  language?: string | null;
  /** Identifiers the query mentions (used for "why it matched"). */
  identifiers: string[];
  text: string;
}

/** A StackOverflow thread as stored in the index. */
export interface Document {
  id: number;
  url: string;
  title: string;
  /** Question body as text, code blocks verbatim (empty when the corpus withholds it). */
  body: string;
  /** The question's code blocks that are code (not error output). */
  code: string;
  /** The question's blocks that are error output (tracebacks). */
  error: string;
  /** The error type named in the question's error output, if any. */
  keyword: string | null;
  bestAnswer: string;
  /** Link to the best answer when the corpus knows its id. */
  answerUrl: string | null;
  tags: string[];
  score: number | null;
  answerCount: number;
}

/** What a ranked hit shows of its thread (read without the thread's text). */
export type ThreadSummary = Pick<Document, 'id' | 'url' | 'title' | 'keyword' | 'answerUrl'>;

export interface MatchReason {
  sameErrorType: boolean;
  sharedTerms: string[];
}

/** One ranked result. */
export interface Hit {
  id: number;
  title: string;
  url: string;
  answerUrl: string | null;
  score: number;
  retriever: string;
  why: MatchReason;
}
