/**
 * The "message template" of an error message: numbers, hex addresses, paths, URLs and quoted values
 * masked, so the same failure with other values compares equal (`No module named 'x'` → `No module
 * named '<*>'`). Used to deduplicate failures and as a retrieval signal.
 */
export function messageTemplate(message: string): string {
  return message
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/(['"`])(?:(?!\1)[^\n]){0,300}\1/g, '$1<*>$1')
    .replace(/(?:[A-Z]:)?(?:[\\/][\w.\-~@+]+){2,}[\\/]?/gi, '<path>')
    .replace(/\b0x[0-9a-fA-F]+\b/g, '<hex>')
    .replace(/\b\d+(?:\.\d+)?(?:\s?(?:[KMGT]i?B|bytes|ms|s))?\b/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim();
}
