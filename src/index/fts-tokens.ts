import Database from 'better-sqlite3';
import { FTS_TOKENIZER } from './schema.js';

/** Plain ASCII words: FTS5's `unicode61` (with `_` as a token character) keeps them whole and as they are. */
const PLAIN = /^[a-z0-9_]+$/;
/** A text with none of these is all plain words and single spaces (most of a corpus). */
const NOT_PLAIN = /[^a-z0-9_ ]/;
const CACHE_MAX = 100_000;

/**
 * The tokens FTS5 indexes for a text that `lexicalText` wrote (lowercase words joined by single
 * spaces), so the postings file counts exactly what `docs_fts` counts. Plain ASCII words are tokens as
 * they stand; any other word is handed to SQLite's own `unicode61` tokenizer (an in-memory FTS5 table
 * with the index's tokenizer settings), once per distinct word. Call `close()` when done.
 */
export interface FtsTokenizer {
  /** Appends the tokens of a `lexicalText` to `out`. */
  tokens(text: string, out: string[]): void;
  /**
   * The tokens of the text `words.join(' ')` (the words `lexicalTokens` returns): `words` itself when
   * every word is plain (no copy), else `out`, filled.
   */
  words(words: readonly string[], out: string[]): readonly string[];
  close(): void;
}

export function createFtsTokenizer(): FtsTokenizer {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize="${FTS_TOKENIZER}");
    CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
  const ins = db.prepare('INSERT INTO t(rowid, x) VALUES (1, ?)');
  const read = db.prepare('SELECT term FROM v ORDER BY "offset"').pluck();
  const del = db.prepare('DELETE FROM t');
  const cache = new Map<string, string[]>();
  const viaSqlite = (word: string): string[] => {
    let got = cache.get(word);
    if (!got) {
      ins.run(word);
      got = read.all() as string[];
      del.run();
      if (cache.size >= CACHE_MAX) cache.clear();
      cache.set(word, got);
    }
    return got;
  };
  /** One word's tokens: a plain word as it stands, any other as SQLite's tokenizer splits and folds it. */
  const pushWord = (word: string, out: string[]): void => {
    if (PLAIN.test(word)) out.push(word);
    else for (const t of viaSqlite(word)) out.push(t);
  };
  return {
    tokens(text, out) {
      if (!text) return;
      if (!NOT_PLAIN.test(text)) {
        for (const word of text.split(' ')) if (word) out.push(word);
        return;
      }
      for (const word of text.split(' ')) if (word) pushWord(word, out);
    },
    words(words, out) {
      let i = 0;
      while (i < words.length && PLAIN.test(words[i]!)) i++;
      if (i === words.length) return words;
      for (let k = 0; k < i; k++) out.push(words[k]!);
      for (; i < words.length; i++) if (words[i]) pushWord(words[i]!, out);
      return out;
    },
    close() {
      db.close();
    },
  };
}
