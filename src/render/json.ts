import type { SearchResult } from '../engine.js';
import { scrubSecrets } from '../extract/scrub-secrets.js';

/**
 * The JSON view of a search: `{"query": {...}, "confident", "confidence", "results": [...]}`. Results are
 * always listed; `confident: false` says the App and the Action would stay quiet on them, and `reason`
 * (or null) why, when it is not the confidence alone (the index has no thread in the failure's language).
 */
export function searchToJson(r: SearchResult): object {
  return {
    query: {
      keyword: r.query.keyword,
      error: scrubSecrets(r.query.error),
      code: scrubSecrets(r.query.code),
      failures: r.failures.map((f) => ({
        language: f.language,
        errorType: f.errorType || null,
        errorMessage: scrubSecrets(f.errorMessage),
      })),
    },
    retriever: r.retriever,
    confident: r.confident,
    confidence: r.confidence,
    reason: r.reason,
    results: r.results.map((h, i) => ({
      rank: i + 1,
      id: h.id,
      title: h.title,
      url: h.url,
      answerUrl: h.answerUrl,
      score: h.score,
      why: h.why,
    })),
  };
}
