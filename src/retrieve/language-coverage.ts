import type { Manifest } from '../index/manifest.js';
import { languageFamily, languageName } from '../text/language-tags.js';

/**
 * Why the product must stay quiet on a failure of this language, or null: the index's tag coverage
 * says it holds no thread in the failure's language, so whatever it finds is another language's
 * thread. An index without tag coverage (built before tags were recorded) or with no language tag on
 * any thread (a corpus without tags), or a failure whose language is unknown, is never a reason.
 */
export function uncoveredLanguageReason(
  manifest: Pick<Manifest, 'tags'>,
  language: string | null | undefined,
): string | null {
  const family = languageFamily(language);
  const coverage = manifest.tags;
  if (!family || !coverage || (coverage.languages[family] ?? 0) > 0) return null;
  const covered = Object.entries(coverage.languages)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([l]) => languageName(l));
  if (covered.length === 0) return null;
  return `the index has no ${languageName(family)} threads (it covers ${covered.join(', ')})`;
}
