/**
 * The one lexical analyzer shared by indexing and querying: lowercase word tokens as FTS5's
 * `unicode61` (with `_` as a token character) produces them, plus the parts of camelCase and
 * snake_case identifiers, so `JSONDecodeError` also matches "decode" and `read_csv` matches "csv".
 */
/** Word characters below 128: `[A-Za-z0-9_]`. */
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_WORD[c] = /[\p{L}\p{N}_]/u.test(String.fromCharCode(c)) ? 1 : 0;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/** Code points from 128 up: whether each is a letter or digit, asked of the regex once per code point. */
const wideWord = new Map<number, boolean>();
function isWideWord(cp: number): boolean {
  let w = wideWord.get(cp);
  if (w === undefined) {
    w = LETTER_OR_DIGIT.test(String.fromCodePoint(cp));
    if (wideWord.size < 65536) wideWord.set(cp, w);
  }
  return w;
}

/** `lexicalWords`' flags: the word has a character `toLowerCase` may change (A-Z or beyond ASCII). */
const CASED = 1;
/** The word has parts: `_`, or a lowercase ASCII letter followed by an uppercase one. */
const PARTS = 2;

/**
 * The maximal runs of letters, digits and `_` (what `/[\p{L}\p{N}_]+/gu` matches), scanned by hand: a
 * table for ASCII, the regex only for other code points (a surrogate pair is one code point). Each
 * word's `CASED | PARTS` flags go to `flags` at the same position.
 */
export function lexicalWords(text: string, flags: number[] = []): string[] {
  const out: string[] = [];
  const n = text.length;
  let start = -1;
  let f = 0;
  let prevLower = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    let word: boolean;
    let width = 1;
    if (c < 128) {
      word = ASCII_WORD[c] === 1;
      if (c >= 65 && c <= 90) f |= prevLower ? CASED | PARTS : CASED;
      else if (c === 95) f |= PARTS;
      prevLower = c >= 97 && c <= 122;
    } else {
      let cp = c;
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const lo = text.charCodeAt(i + 1);
        if (lo >= 0xdc00 && lo <= 0xdfff) {
          cp = ((c - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
          width = 2;
        }
      }
      word = isWideWord(cp);
      if (word) f |= CASED;
      prevLower = false;
    }
    if (word) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out.push(text.slice(start, i));
      flags.push(f);
      start = -1;
      f = 0;
    }
    i += width - 1;
  }
  if (start >= 0) {
    out.push(text.slice(start));
    flags.push(f);
  }
  return out;
}

// Only ever run on one word of at most 64 characters (see lexicalTokens), so its scan is bounded.
// eslint-disable-next-line regexp/no-super-linear-move
const CAMEL_PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g;

/** Adds a word's camelCase / snake_case parts (not the word itself) to `out`. */
function pushParts(w: string, lower: string, out: { push(t: string): unknown }): void {
  for (const part of w.replace(/_/g, ' ').matchAll(CAMEL_PART)) {
    const p = part[0].toLowerCase();
    if (p.length > 1 && p !== lower) out.push(p);
  }
}

export function lexicalTokens(text: string): string[] {
  const out: string[] = [];
  const flags: number[] = [];
  const words = lexicalWords(text, flags);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.length > 64) continue;
    const f = flags[i]!;
    const lower = f & CASED ? w.toLowerCase() : w;
    out.push(lower);
    if (f & PARTS) pushParts(w, lower, out);
  }
  return out;
}

/** `new Set(lexicalTokens(text))`, without the list: each distinct word is split once. */
export function lexicalTokenSet(text: string): Set<string> {
  const out = new Set<string>();
  const flags: number[] = [];
  const words = lexicalWords(text, flags);
  const parted = new Set<string>();
  const adder = { push: (t: string) => out.add(t) };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.length > 64) continue;
    const f = flags[i]!;
    const lower = f & CASED ? w.toLowerCase() : w;
    out.add(lower);
    if (f & PARTS && !parted.has(w)) {
      parted.add(w);
      pushParts(w, lower, adder);
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
