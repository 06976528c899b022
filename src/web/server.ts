import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Engine } from '../engine.js';
import { createSearchHandler, type SearchPageOptions } from './search-page.js';

export interface SearchServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** The search page on its own HTTP server (`snippet-search serve`), at the root path. */
export async function startSearchServer(
  getEngine: () => Promise<Engine>,
  opts: { port?: number; host?: string } & Omit<SearchPageOptions, 'getEngine' | 'basePath'> = {},
): Promise<SearchServer> {
  const handler = createSearchHandler({ ...opts, getEngine, basePath: '' });
  const server = createServer((req, res) => {
    handler(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500).end();
      console.error(err);
    });
  });
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 8080, opts.host ?? '127.0.0.1', resolve);
  });
  const a = server.address() as AddressInfo;
  const host = a.family === 'IPv6' ? `[${a.address}]` : a.address;
  return {
    server,
    url: `http://${host}:${a.port}/`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
