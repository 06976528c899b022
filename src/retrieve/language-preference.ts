import type { SearchIndex } from '../index/open-index.js';
import { languageFamily, languagesOfTags } from '../text/language-tags.js';
import type { Query } from '../types.js';
import type { Retriever, ScoredId, SearchOptions } from './types.js';

/**
 * How a failure's language shapes the ranking: `filter` drops threads tagged only with other
 * languages, `boost` adds `boost` (in z units of the candidates' scores) to threads in the failure's
 * language, `off` ranks as if no language were known. Threads with no language tag are never dropped.
 */
export type LanguageMode = 'filter' | 'boost' | 'off';

export interface LanguageOptions {
  mode: LanguageMode;
  /** `boost` mode: added to a same-language thread's z-normalized score. */
  boost: number;
  /** Candidates asked of the retriever before the language step (at least the `top` asked for). */
  depth: number;
}

/**
 * Chosen by measurement (README, "Language-aware ranking"): on a 44k-thread multi-language index, 15
 * non-Python failures got their gold thread first under every rule, but without the filter 47% of the
 * posted threads were another language's, and with the gold thread left out 47% got another language's
 * thread first; a boost of 4 z units still left 31% and 40%, the filter 0% and 0%. The Python dev sets
 * (T1, T2, real reports) are the same under every rule.
 */
export const DEFAULT_LANGUAGE: LanguageOptions = { mode: 'filter', boost: 1, depth: 200 };

/**
 * Wraps a retriever so that it prefers threads in the query's language (`Query.language`, by the tag
 * map in `text/language-tags.ts`). It does nothing when the language is unknown or not in the map, when
 * the index has no tag coverage (built before tags were recorded), when the index holds no thread in
 * that language (the engine then stays quiet and says why), or when it holds no thread of any other
 * language (a one-language index: nothing to prefer).
 */
export function withLanguagePreference(
  inner: Retriever,
  index: Pick<SearchIndex, 'tagsOf' | 'manifest' | 'read'>,
  options: Partial<LanguageOptions> = {},
): Retriever {
  const opts = { ...DEFAULT_LANGUAGE, ...options };
  return {
    name: inner.name,
    async search(query: Query, so: SearchOptions): Promise<ScoredId[]> {
      const family = preferredLanguage(index, query);
      if (opts.mode === 'off' || !family) return inner.search(query, so);
      const candidates = await inner.search(query, { ...so, top: Math.max(opts.depth, so.top) });
      const inLanguage = (id: number): boolean | null => {
        const langs = languagesOfTags(index.tagsOf(id));
        return langs.length === 0 ? null : langs.includes(family);
      };
      // Each candidate's tags are a row: read in one transaction, one lock of the database for them all.
      if (opts.mode === 'filter') {
        return index.read(() => candidates.filter((c) => inLanguage(c.id) !== false).slice(0, so.top));
      }
      const z = zNormalize(candidates.map((c) => c.score));
      const boosted = index.read(() =>
        candidates.map((c, i) => ({ id: c.id, score: z[i]! + (inLanguage(c.id) === true ? opts.boost : 0) })),
      );
      return boosted.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, so.top);
    },
  };
}

/**
 * The language family whose threads a query should prefer, or null when there is nothing to prefer:
 * unknown language, an index without tag coverage, none of that language's threads, or no thread of
 * another language.
 */
export function preferredLanguage(index: Pick<SearchIndex, 'manifest'>, query: Query): string | null {
  const family = languageFamily(query.language);
  const coverage = index.manifest.tags;
  if (!family || !coverage) return null;
  if (!coverage.languages[family]) return null;
  const others = Object.entries(coverage.languages).some(([l, n]) => l !== family && n > 0);
  return others ? family : null;
}

function zNormalize(values: number[]): number[] {
  if (values.length === 0) return [];
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length) || 1;
  return values.map((v) => (v - mean) / sd);
}
