import type Database from 'better-sqlite3';
import { LANGUAGE_TAGS, languagesOfTags } from '../text/language-tags.js';
import type { TagCoverage } from './manifest.js';

/** How many of the most frequent tags the manifest lists. */
export const TOP_TAGS = 30;

/**
 * What an index covers, from the tags stored with its threads: per language family (see
 * `text/language-tags.ts`) the number of threads in it (0 for a language the index lacks), the threads
 * with no language tag, and the most frequent tags.
 */
export function tagCoverage(db: Database.Database): TagCoverage {
  const languages: Record<string, number> = Object.fromEntries(Object.keys(LANGUAGE_TAGS).map((l) => [l, 0]));
  const tagCounts = new Map<string, number>();
  let threads = 0;
  let withoutLanguage = 0;
  let withTags = 0;
  for (const raw of db.prepare('SELECT tags FROM docs').pluck().iterate() as Iterable<string>) {
    threads++;
    const tags = raw ? raw.split(' ').filter(Boolean) : [];
    if (tags.length) withTags++;
    for (const t of tags) tagCounts.set(t, (tagCounts.get(t) ?? 0) + 1);
    const langs = languagesOfTags(tags);
    if (langs.length === 0) withoutLanguage++;
    for (const l of langs) languages[l] = (languages[l] ?? 0) + 1;
  }
  const top = [...tagCounts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, TOP_TAGS)
    .map(([tag, count]) => ({ tag, count }));
  return { threads, withTags, withoutLanguage, languages, top };
}
