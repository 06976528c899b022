import { Tokenizer } from '@huggingface/tokenizers';
import { readFileSync } from 'node:fs';
import { middleTruncate } from '../text/middle-truncate.js';

/** Characters of input looked at per text: enough for the token budgets, bounded for huge inputs. */
const MAX_CHARS = 24_000;

interface TokenizerJson {
  model: { vocab: Record<string, number>; max_input_chars_per_word?: number; continuing_subword_prefix?: string };
}

/**
 * The one tokenizer implementation, used to prepare training data and at serving time: a WordPiece
 * vocabulary trained on so-python `train` rows (BERT normalization: clean text, CJK split, lowercase,
 * strip accents; BERT pre-tokenization; greedy longest-match WordPiece).
 *
 * Text between ASCII whitespace that is all ASCII (almost all of a StackOverflow thread) is tokenized
 * by a hand-written scanner; any other stretch goes through the pure-JS `@huggingface/tokenizers`, the
 * reference. Both give the same ids (tested on edge cases and thousands of real threads): for ASCII the
 * normalizer only drops control characters and lowercases, and every printable ASCII character that is
 * not a letter or digit is a one-character pre-token. Stretches split at ASCII whitespace tokenize
 * independently, because whitespace always ends a pre-token and no normalization step looks across it.
 * The scanner is ~20× faster, which is most of an index build's encoding time.
 */
export class WordPieceTokenizer {
  private readonly tok: Tokenizer;
  readonly padId: number;
  readonly vocabSize: number;
  private readonly unkId: number;
  private readonly head = new Map<string, number>();
  private readonly tail = new Map<string, number>();
  private readonly maxHead: number;
  private readonly maxTail: number;
  private readonly maxWordChars: number;
  /** The id of each ASCII character as a word of its own. */
  private readonly punct: number[];

  constructor(json: TokenizerJson) {
    this.tok = new Tokenizer(json, {});
    const vocab = json.model.vocab;
    const pad = vocab['[PAD]'];
    const unk = vocab['[UNK]'];
    if (pad === undefined || unk === undefined) throw new Error('tokenizer.json lacks [PAD] or [UNK]');
    this.padId = pad;
    this.unkId = unk;
    this.vocabSize = Object.keys(vocab).length;
    this.maxWordChars = json.model.max_input_chars_per_word ?? 100;
    const prefix = json.model.continuing_subword_prefix ?? '##';
    let maxHead = 0;
    let maxTail = 0;
    for (const [piece, id] of Object.entries(vocab)) {
      if (piece.startsWith(prefix)) {
        const rest = piece.slice(prefix.length);
        this.tail.set(rest, id);
        maxTail = Math.max(maxTail, rest.length);
      }
      // A piece that starts with the prefix is also a whole-word piece for a word spelled that way.
      this.head.set(piece, id);
      maxHead = Math.max(maxHead, piece.length);
    }
    this.maxHead = maxHead;
    this.maxTail = maxTail;
    this.punct = [];
    for (let c = 0; c < 128; c++) this.punct.push(this.head.get(String.fromCharCode(c)) ?? unk);
  }

  static fromFile(file: string): WordPieceTokenizer {
    return new WordPieceTokenizer(JSON.parse(readFileSync(file, 'utf8')) as TokenizerJson);
  }

  /** Token ids of a text, no special tokens; with `limit`, at least its first `limit` ids (maybe more). */
  ids(text: string, limit = Infinity): number[] {
    const out: number[] = [];
    const n = text.length;
    let i = 0;
    while (i < n && out.length < limit) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 9 || c === 13) {
        i++;
        continue;
      }
      let end = i;
      let ascii = true;
      for (; end < n; end++) {
        const d = text.charCodeAt(end);
        if (d === 32 || d === 10 || d === 9 || d === 13) break;
        if (d > 127) ascii = false;
      }
      if (ascii) this.asciiStretch(text, i, end, out);
      else for (const id of this.reference(text.slice(i, end))) out.push(id);
      i = end;
    }
    return out;
  }

  /** The reference implementation (`@huggingface/tokenizers`), for tests and non-ASCII stretches. */
  reference(text: string): number[] {
    return this.tok.encode(text, { add_special_tokens: false }).ids;
  }

  /** A query: middle-truncated to `budget` tokens (equal head and tail), as SnippeR does. */
  queryIds(text: string, budget: number): number[] {
    const t = text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS / 2)}\n${text.slice(-MAX_CHARS / 2)}` : text;
    return middleTruncate(this.ids(t), budget);
  }

  /** A document: its first `budget` tokens. */
  documentIds(text: string, budget: number): number[] {
    // ~4 characters per token on this corpus; 8× leaves margin so truncation is by tokens, not characters.
    return this.ids(text.slice(0, budget * 8), budget).slice(0, budget);
  }

  /** An all-ASCII stretch without whitespace: letters and digits form words, other printables are pieces. */
  private asciiStretch(text: string, from: number, to: number, out: number[]): void {
    let k = from;
    while (k < to) {
      const c = text.charCodeAt(k);
      if (!isAlnum(c)) {
        // control characters are dropped; every other printable is a one-character piece
        if (c >= 33 && c !== 127) out.push(this.punct[c]!);
        k++;
        continue;
      }
      let end = k + 1;
      let upper = c <= 90 && c >= 65;
      let joined = false;
      for (; end < to; end++) {
        const d = text.charCodeAt(end);
        if (isAlnum(d)) {
          if (d <= 90 && d >= 65) upper = true;
        } else if (d < 32 || d === 127) {
          joined = true; // a control character inside a word is dropped and does not split it
        } else break;
      }
      let word = text.slice(k, end);
      if (joined) word = dropControls(word);
      this.wordPiece(upper ? word.toLowerCase() : word, out);
      k = end;
    }
  }

  /** Greedy longest-match-first WordPiece of one lowercased ASCII word; a word it cannot cover is [UNK]. */
  private wordPiece(word: string, out: number[]): void {
    const len = word.length;
    if (len > this.maxWordChars) {
      out.push(this.unkId);
      return;
    }
    const mark = out.length;
    let start = 0;
    while (start < len) {
      const table = start === 0 ? this.head : this.tail;
      let end = Math.min(len, start + (start === 0 ? this.maxHead : this.maxTail));
      let id: number | undefined;
      for (; end > start; end--) {
        id = table.get(word.slice(start, end));
        if (id !== undefined) break;
      }
      if (id === undefined) {
        out.length = mark;
        out.push(this.unkId);
        return;
      }
      out.push(id);
      start = end;
    }
  }
}

function isAlnum(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
}

function dropControls(word: string): string {
  let kept = '';
  for (let k = 0; k < word.length; k++) {
    const c = word.charCodeAt(k);
    if (c >= 32 && c !== 127) kept += word[k];
  }
  return kept;
}
