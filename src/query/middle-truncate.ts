/**
 * Middle truncation (SnippeR): when a sequence is longer than the budget, keep equal numbers of items
 * from its head and its tail, because the end of a traceback carries the error. An odd budget gives
 * the extra item to the tail.
 */
export function middleTruncate<T>(items: readonly T[], budget: number): T[] {
  if (budget <= 0) return [];
  if (items.length <= budget) return [...items];
  const head = Math.floor(budget / 2);
  const tail = budget - head;
  return [...items.slice(0, head), ...items.slice(items.length - tail)];
}
