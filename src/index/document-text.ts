import type { Document } from '../types.js';

/**
 * The text the dense encoder sees for a document: title, question body and best answer, in that
 * order (the encoder truncates the tail, so the title and question come first).
 */
export function documentEmbeddingText(doc: Pick<Document, 'title' | 'body' | 'bestAnswer'>): string {
  return [doc.title, doc.body, doc.bestAnswer].filter((s) => s && s.trim()).join('\n');
}
