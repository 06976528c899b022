import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeInput } from '../../src/extract/decode-input.js';
import { extractFailures } from '../../src/extract/extract.js';
import { languageFamily } from '../../src/text/language-tags.js';
import { SHARED } from '../helpers/paths.js';

export interface Label {
  id: string;
  kind: 'ci-log' | 'comment' | 'negative';
  language: string;
  error_type: string | null;
  /** Other names a reasonable extractor may give the same failure (extraction-2). */
  error_type_also?: string[];
  error_message: string | null;
  has_code: boolean;
  code_first_line: string | null;
  notes: string;
}

export interface ItemScore {
  label: Label;
  typeOk: boolean;
  messageOk: boolean;
  /** The primary failure's language is the label's, or of its family (TypeScript is JavaScript's). */
  languageOk: boolean;
  negativeOk: boolean;
  got: { language: string; errorType: string | null; errorMessage: string | null; code: string } | null;
}

/** The two labelled sets; each is scored on its own. */
export const EXTRACTION_SETS = {
  extraction: join(SHARED, 'fixtures', 'extraction'),
  'extraction-2': join(SHARED, 'fixtures', 'extraction-2'),
} as const;
export type ExtractionSet = keyof typeof EXTRACTION_SETS;

const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().replace(/[.:]$/, '').toLowerCase();

/** The scoring rule of extraction-2's README: the last `.`-separated segment, case-insensitive. */
export function sameType(got: string | null | undefined, want: string | null | undefined): boolean {
  const last = (s: string | null | undefined) => {
    const t = norm(s);
    return t.slice(t.lastIndexOf('.') + 1);
  };
  return last(got) === last(want);
}

/**
 * A message is right when, whitespace and case aside, it equals the label, or one holds the other and
 * the shorter is at least 20 characters (labels and logs both cut long messages, and hard wraps join
 * differently), or both are empty.
 */
export function sameMessage(got: string | null | undefined, want: string | null | undefined): boolean {
  const a = norm(got).replace(/\s/g, '');
  const b = norm(want).replace(/\s/g, '');
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= 20 && long.includes(short);
}

function loadLabels(dir: string): Label[] {
  return readFileSync(join(dir, 'labels.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Label);
}

/** Runs `extractFailures` on every labelled item of a set and compares the primary failure with the label. */
export function scoreLabelledItems(set: ExtractionSet = 'extraction'): ItemScore[] {
  const dir = EXTRACTION_SETS[set];
  return loadLabels(dir).map((label) => {
    const bytes = readFileSync(join(dir, 'items', `${label.id}.txt`));
    const failures = extractFailures(decodeInput(bytes).text);
    const f = failures[0];
    const got = f
      ? { language: f.language, errorType: f.errorType || null, errorMessage: f.errorMessage, code: f.code }
      : null;
    if (label.kind === 'negative')
      return { label, typeOk: true, messageOk: true, languageOk: true, negativeOk: failures.length === 0, got };
    const family = (l: string) => languageFamily(l) ?? l.toLowerCase();
    const languageOk = !!got && family(got.language) === family(label.language);
    const wanted = [label.error_type, ...(label.error_type_also ?? [])];
    const typeOk = wanted.some((w) => sameType(got?.errorType, w));
    const messageOk = label.error_type === null ? typeOk : sameMessage(got?.errorMessage, label.error_message);
    return { label, typeOk, messageOk, languageOk, negativeOk: true, got };
  });
}

/** Per-language table: items, error type right, message right, language right (negatives: no false alarm). */
export function scoreTable(scores: ItemScore[]): string {
  const rows = new Map<string, { n: number; type: number; msg: number; lang: number }>();
  for (const s of scores) {
    const key = s.label.kind === 'negative' ? 'negative' : s.label.language;
    const r = rows.get(key) ?? { n: 0, type: 0, msg: 0, lang: 0 };
    r.n++;
    if (s.label.kind === 'negative' ? s.negativeOk : s.typeOk) r.type++;
    if (s.label.kind === 'negative' ? s.negativeOk : s.messageOk) r.msg++;
    if (s.label.kind === 'negative' ? s.negativeOk : s.languageOk) r.lang++;
    rows.set(key, r);
  }
  const lines = ['| language | items | error type right | message right | language right |', '|---|---|---|---|---|'];
  for (const [k, r] of [...rows].sort()) lines.push(`| ${k} | ${r.n} | ${r.type} | ${r.msg} | ${r.lang} |`);
  return lines.join('\n');
}
