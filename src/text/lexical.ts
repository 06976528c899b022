/**
 * The one lexical analyzer shared by indexing and querying: lowercase word tokens as FTS5's
 * `unicode61` (with `_` as a token character) produces them, plus the parts of camelCase and
 * snake_case identifiers, so `JSONDecodeError` also matches "decode" and `read_csv` matches "csv".
 */
const WORD = /[\p{L}\p{N}_]+/gu;
// Only ever run on one word of at most 64 characters (see lexicalTokens), so its scan is bounded.
// eslint-disable-next-line regexp/no-super-linear-move
const CAMEL_PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g;

export function lexicalTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD)) {
    const w = m[0];
    if (w.length > 64) continue;
    out.push(w.toLowerCase());
    if (/[a-z][A-Z]|_/.test(w)) {
      for (const part of w.replace(/_/g, ' ').matchAll(CAMEL_PART)) {
        const p = part[0].toLowerCase();
        if (p.length > 1 && p !== w.toLowerCase()) out.push(p);
      }
    }
  }
  return out;
}

/** Text for the FTS index: the tokens joined by spaces (so the index and the query agree exactly). */
export function lexicalText(text: string): string {
  return lexicalTokens(text).join(' ');
}

/** Very common English words and markup left-overs that carry no signal in a query. */
export const STOPWORDS = new Set(
  `a an and are as at be been but by can could did do does doing for from had has have having he her his how i if in into is it its
  just me my no nor not of on or our so such than that the their them then there these they this those to too very was we were what
  when where which while who why will with would you your am any all also get got im ive dont doesnt didnt cant wont want need
  using use used trying tried try like know think make way work working works one some thing here now still only about after
  before up out over again get something anyone help please thanks thank hi hello question problem issue code following`
    .split(/\s+/)
    .filter(Boolean),
);
