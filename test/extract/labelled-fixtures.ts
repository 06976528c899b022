import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeInput } from '../../src/extract/decode-input.js';
import { extractFailures } from '../../src/extract/extract.js';
import { SHARED } from '../helpers/paths.js';

export interface Label {
  id: string;
  kind: 'ci-log' | 'comment' | 'negative';
  language: string;
  error_type: string | null;
  error_message: string | null;
  has_code: boolean;
  code_first_line: string | null;
  notes: string;
}

export interface ItemScore {
  label: Label;
  typeOk: boolean;
  messageOk: boolean;
  negativeOk: boolean;
  got: { errorType: string | null; errorMessage: string | null; code: string } | null;
}

export const EXTRACTION_DIR = join(SHARED, 'fixtures', 'extraction');

const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** Runs `extractFailures` on every labelled item and compares the primary failure with the label. */
export function scoreLabelledItems(): ItemScore[] {
  const labels = readFileSync(join(EXTRACTION_DIR, 'labels.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Label);
  return labels.map((label) => {
    const bytes = readFileSync(join(EXTRACTION_DIR, 'items', `${label.id}.txt`));
    const failures = extractFailures(decodeInput(bytes).text);
    const f = failures[0];
    const got = f ? { errorType: f.errorType || null, errorMessage: f.errorMessage, code: f.code } : null;
    if (label.kind === 'negative')
      return { label, typeOk: true, messageOk: true, negativeOk: failures.length === 0, got };
    const typeOk = norm(got?.errorType) === norm(label.error_type);
    const messageOk = norm(got?.errorMessage) === norm(label.error_message);
    return { label, typeOk, messageOk, negativeOk: true, got };
  });
}

/** Per-language table: items, error type right, message right. */
export function scoreTable(scores: ItemScore[]): string {
  const rows = new Map<string, { n: number; type: number; msg: number }>();
  for (const s of scores) {
    const key = s.label.kind === 'negative' ? 'negative' : s.label.language;
    const r = rows.get(key) ?? { n: 0, type: 0, msg: 0 };
    r.n++;
    if (s.label.kind === 'negative' ? s.negativeOk : s.typeOk) r.type++;
    if (s.label.kind === 'negative' ? s.negativeOk : s.messageOk) r.msg++;
    rows.set(key, r);
  }
  const lines = ['| language | items | error type right | message right |', '|---|---|---|---|'];
  for (const [k, r] of [...rows].sort()) lines.push(`| ${k} | ${r.n} | ${r.type} | ${r.msg} |`);
  return lines.join('\n');
}
