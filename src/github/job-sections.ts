import { ATTRIBUTION } from '../render/markdown.js';
import { COMMENT_MARKER } from './sticky-comment.js';

/**
 * The failing-CI comment is a list of sections, one per job name, each between hidden markers, so a
 * new failing job adds a section and a re-run of the same job replaces its own. Sections of jobs
 * that pass later are marked fixed.
 */
export interface JobSection {
  key: string;
  body: string;
}

const SECTION = /<!-- snippet-search:job ([^\s>]+) -->\n([\s\S]*?)\n<!-- \/snippet-search:job -->/g;

export function parseSections(comment: string | null): JobSection[] {
  if (!comment) return [];
  return [...comment.matchAll(SECTION)].map((m) => ({ key: decodeURIComponent(m[1]!), body: m[2]! }));
}

export function upsertSection(sections: JobSection[], section: JobSection): JobSection[] {
  const i = sections.findIndex((s) => s.key === section.key);
  if (i < 0) return [...sections, section];
  const copy = [...sections];
  copy[i] = section;
  return copy;
}

/** `flaky`: it passed on a re-run of the commit that failed, and the section says so. */
export function markFixed(sections: JobSection[], key: string, sha: string, flaky = false): JobSection[] {
  const how = flaky ? ' on a re-run of the same commit: 🎲 looks flaky (recorded in the history)' : '';
  return sections.map((s) =>
    s.key === key && !s.body.startsWith('✅')
      ? {
          key,
          body: `✅ **Passing now** (${sha.slice(0, 7)})${how}.\n\n<details><summary>Earlier failure</summary>\n\n${s.body}\n\n</details>`,
        }
      : s,
  );
}

export function renderCiComment(sections: JobSection[], footer: string): string {
  const failing = sections.filter((s) => !s.body.startsWith('✅')).length;
  const head = failing
    ? `### 🔎 snippet-search: ${failing} failing job${failing === 1 ? '' : 's'} and the StackOverflow threads that match`
    : '### 🔎 snippet-search: all the jobs we looked at pass now';
  const body = sections
    .map((s) => `<!-- snippet-search:job ${encodeURIComponent(s.key)} -->\n${s.body}\n<!-- /snippet-search:job -->`)
    .join('\n\n');
  return `${COMMENT_MARKER}\n${head}\n\n${body}\n\n---\n<sub>${ATTRIBUTION} ${footer}</sub>\n`;
}

export const FOOTER =
  'Mute with the `snippet-search:mute` label; configure in `.github/snippet-search.yml`; ask again with `/snippet-search`.';
