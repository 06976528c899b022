/**
 * snippet-search's public API: failing output in, ranked StackOverflow threads out.
 *
 * ```ts
 * import { openEngine, loadDefaultEncoder } from 'snippet-search';
 * const engine = openEngine({ indexDir: 'index', encoder: await loadDefaultEncoder({ optional: true }) });
 * const { failures, results } = await engine.search(logText);
 * ```
 */
export {
  openEngine,
  RETRIEVER_NAMES,
  type Engine,
  type EngineOptions,
  type RetrieverName,
  type SearchResult,
} from './engine.js';
export { buildIndex, type BuildOptions, type BuildProgress } from './index/build-index.js';
export { IndexError, INDEX_FORMAT_VERSION, type Manifest } from './index/manifest.js';
export { extractFailures } from './extract/extract.js';
export { decodeInput, InputError } from './extract/decode-input.js';
export { scrubSecrets } from './extract/scrub-secrets.js';
export { buildQuery, type InputKind } from './query/build-query.js';
export { middleTruncate } from './text/middle-truncate.js';
export { loadDefaultEncoder } from './encoder/load.js';
export { OnnxEncoder } from './encoder/onnx-encoder.js';
export type { DocumentEncoder } from './encoder/types.js';
export { evaluate, type EvalReport } from './eval/evaluate.js';
export { readQueriesFile } from './eval/queries-file.js';
export { resultToMarkdown } from './render/markdown.js';
export { searchToJson } from './render/json.js';
export { searchToText } from './render/terminal.js';
export { CorpusError } from './corpus/thread.js';
export type { Document, Failure, Frame, Hit, MatchReason, Query } from './types.js';
