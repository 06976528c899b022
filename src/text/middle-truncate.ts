/**
 * Middle truncation, the one way the project cuts the middle out of anything too long: token ids for
 * the encoder and BM25 (equal head and tail, SnippeR), and the bytes of a big log (a short head and a
 * long tail, see `extract/bounded-bytes.ts`). The end of a traceback or log carries the error.
 */

/**
 * How a budget splits into head and tail: `headShare` of it (rounded down) to the head, the rest to
 * the tail, so an odd budget gives the extra item to the tail.
 */
export function headTailSplit(budget: number, headShare = 0.5): { head: number; tail: number } {
  const b = Math.max(0, Math.floor(budget));
  const head = Math.floor(b * headShare);
  return { head, tail: b - head };
}

/**
 * When a sequence is longer than the budget, keep equal numbers of items from its head and its tail.
 * An odd budget gives the extra item to the tail.
 */
export function middleTruncate<T>(items: readonly T[], budget: number): T[] {
  if (budget <= 0) return [];
  if (items.length <= budget) return [...items];
  const { head, tail } = headTailSplit(budget);
  return [...items.slice(0, head), ...items.slice(items.length - tail)];
}
