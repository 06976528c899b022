import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Engine } from '../engine.js';
import { searchToJson } from '../render/json.js';
import { FAVICON_SVG, PAGE_CSS, PAGE_HTML, PAGE_JS } from './page.js';

/** The largest request body `POST /api/search` reads; more gets 413. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const MAX_TOP = 20;

export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export interface SearchPageOptions {
  /** Opens the engine (once; the App passes its own, shared with the webhook handlers). */
  getEngine: () => Promise<Engine>;
  /** Where the page lives: '' for `snippet-search serve`, '/snippet-search' in the App. */
  basePath?: string;
  maxBodyBytes?: number;
  /** The confidence an answer needs to be shown as one (default the product's, as in the App). */
  minConfidence?: number;
}

/** A Node request handler: true when it answered (the request was under `basePath`), false otherwise. */
export type SearchPageHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function securityHeaders(res: ServerResponse): void {
  res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('cross-origin-opener-policy', 'same-origin');
  res.setHeader('cross-origin-resource-policy', 'same-origin');
}

/**
 * JSON safe to serve whatever the strings hold: `<`, `>`, `&` and the JS line separators are written
 * as \\u escapes, so a hostile input echoed in `query` can never read as markup, even when sniffed.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function send(res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}) {
  securityHeaders(res);
  res.statusCode = status;
  res.setHeader('content-type', type);
  for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown, extra: Record<string, string> = {}) {
  send(res, status, 'application/json; charset=utf-8', safeJson(value), { 'cache-control': 'no-store', ...extra });
}

async function readBody(req: IncomingMessage, max: number): Promise<string> {
  const tooLarge = () =>
    new HttpError(
      413,
      `the request is larger than ${Math.round(max / 1024)} KiB: paste the failing part of the log (the traceback and a few lines around it)`,
    );
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > max) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseRequest(body: string): { text: string; top: number } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new HttpError(400, 'the body must be JSON: {"text": "...", "top": 5}');
  }
  const { text, top } = (json ?? {}) as { text?: unknown; top?: unknown };
  if (typeof text !== 'string' || !text.trim()) throw new HttpError(400, '"text" must be a non-empty string');
  if (top !== undefined && (typeof top !== 'number' || !Number.isInteger(top) || top < 1 || top > MAX_TOP))
    throw new HttpError(400, `"top" must be a whole number from 1 to ${MAX_TOP}`);
  return { text, top: (top as number | undefined) ?? 5 };
}

/**
 * The search page and its API under `basePath`: `GET /` the page, `GET /app.js` and `/style.css`,
 * `POST /api/search` with `{"text", "top"}` → the JSON of `search --json` (the same render function).
 */
export function createSearchHandler(opts: SearchPageOptions): SearchPageHandler {
  let base = opts.basePath ?? '';
  while (base.endsWith('/')) base = base.slice(0, -1);
  const max = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const js = PAGE_JS.replace('__MAX_BYTES__', String(max - 1024));
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (path !== base && !path.startsWith(`${base}/`)) return false;
    const rest = path.slice(base.length);
    try {
      if (rest === '') {
        send(res, 308, 'text/plain; charset=utf-8', 'moved', { location: `${base}/${url.search}` });
        return true;
      }
      if (rest === '/api/search') {
        if (req.method !== 'POST') throw new HttpError(405, 'use POST with {"text": "...", "top": 5}');
        const type = String(req.headers['content-type'] ?? '');
        if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'send the body as application/json');
        const { text, top } = parseRequest(await readBody(req, max));
        const engine = await opts.getEngine();
        const result = await engine.search(text, { top, minConfidence: opts.minConfidence });
        sendJson(res, 200, searchToJson(result));
        return true;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'method not allowed');
      const cache = { 'cache-control': 'no-cache' };
      if (rest === '/') send(res, 200, 'text/html; charset=utf-8', PAGE_HTML, cache);
      else if (rest === '/app.js') send(res, 200, 'text/javascript; charset=utf-8', js, cache);
      else if (rest === '/style.css') send(res, 200, 'text/css; charset=utf-8', PAGE_CSS, cache);
      else if (rest === '/favicon.svg') send(res, 200, 'image/svg+xml', FAVICON_SVG, cache);
      else throw new HttpError(404, 'not found');
      return true;
    } catch (err) {
      const status = err instanceof HttpError ? err.status : 500;
      const message = err instanceof HttpError ? err.message : `search failed: ${(err as Error).message}`;
      // An oversized body is not read to its end: answer, then close the connection.
      sendJson(res, status, { error: message }, status === 413 ? { connection: 'close' } : {});
      if (status === 413) res.on('finish', () => req.destroy());
      return true;
    }
  };
}

/**
 * Mounts the page at `/snippet-search` on a Probot server (Probot 14: `addHandler` in the app
 * function's options). Does nothing where the host has no server to add it to.
 */
export function mountSearchPage(
  options: { addHandler?: (handler: SearchPageHandler) => void } | undefined,
  getEngine: () => Promise<Engine>,
  basePath = '/snippet-search',
): void {
  try {
    options?.addHandler?.(createSearchHandler({ getEngine, basePath }));
  } catch {
    // Probot without an HTTP server (probot.load in tests, serverless adapters) throws "No server
    // instance": there is no page to serve there, and the webhook handlers must still load.
  }
}
