/** `s` as a pattern that matches it literally (every regex metacharacter escaped). */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
