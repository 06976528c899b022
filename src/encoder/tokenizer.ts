import { Tokenizer } from '@huggingface/tokenizers';
import { readFileSync } from 'node:fs';
import { middleTruncate } from '../text/middle-truncate.js';

/** Characters of input looked at per text: enough for the token budgets, bounded for huge inputs. */
const MAX_CHARS = 24_000;

/**
 * The one tokenizer implementation, used to prepare training data and at serving time: a WordPiece
 * vocabulary trained on so-python `train` rows, run by the pure-JS `@huggingface/tokenizers`.
 */
export class WordPieceTokenizer {
  private readonly tok: Tokenizer;
  readonly padId: number;
  readonly vocabSize: number;

  constructor(json: { model: { vocab: Record<string, number> } }) {
    this.tok = new Tokenizer(json, {});
    const vocab = json.model.vocab;
    const pad = vocab['[PAD]'];
    if (pad === undefined || vocab['[UNK]'] === undefined) throw new Error('tokenizer.json lacks [PAD] or [UNK]');
    this.padId = pad;
    this.vocabSize = Object.keys(vocab).length;
  }

  static fromFile(file: string): WordPieceTokenizer {
    return new WordPieceTokenizer(JSON.parse(readFileSync(file, 'utf8')));
  }

  /** Token ids of a text, no special tokens. */
  ids(text: string): number[] {
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
    return this.ids(text.slice(0, budget * 8)).slice(0, budget);
  }
}
