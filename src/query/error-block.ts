import { extractFailures } from '../extract/extract.js';
import { splitComment } from './comment-parts.js';

/**
 * The error block of a report: its pasted error output (fenced or not), else the primary failure's
 * error text as the extractor read it, else '' (the `eval --ablation` "error block only" query).
 */
export function errorBlockOf(report: string): string {
  const { errors } = splitComment(report);
  if (errors.length) return errors.join('\n');
  return extractFailures(report)[0]?.errorText ?? '';
}
