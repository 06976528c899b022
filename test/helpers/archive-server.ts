import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ServeMode =
  /** The file as it is, with Range support and an ETag. */
  | 'ok'
  /** The first request announces the full length, sends half, then drops the connection; later ones honour Range. */
  | 'cut-once'
  /** Every request is cut at half (a flaky network that never recovers). */
  | 'cut-always'
  /** One byte flipped in the middle. */
  | 'corrupt'
  /** Only the first half, with a Content-Length that says so (a truncated file on the server). */
  | 'truncated';

export interface ArchiveServer {
  url: string;
  requests: IncomingHttpHeaders[];
  mode: ServeMode;
  close(): Promise<void>;
}

/** A loopback HTTP server for one archive, serving it as a release host would, or badly on purpose. */
export async function serveArchive(bytes: Buffer, mode: ServeMode = 'ok'): Promise<ArchiveServer> {
  let cuts = 0;
  const state: ArchiveServer = { url: '', requests: [], mode, close: () => Promise.resolve() };
  const server: Server = createServer((req, res) => {
    state.requests.push(req.headers);
    let body = bytes;
    if (state.mode === 'corrupt') {
      body = Buffer.from(bytes);
      body[body.length >> 1]! ^= 0xff;
    }
    if (state.mode === 'truncated') body = bytes.subarray(0, bytes.length >> 1);
    const etag = '"v1"';
    let start = 0;
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const ifRange = req.headers['if-range'];
    if (range && (!ifRange || ifRange === etag)) start = Number(range[1]);
    if (start >= body.length && range) {
      res.writeHead(416, { 'content-range': `bytes */${body.length}` });
      return res.end();
    }
    const headers: Record<string, string | number> = {
      etag,
      'accept-ranges': 'bytes',
      'content-type': 'application/gzip',
      'content-length': body.length - start,
    };
    if (start > 0) headers['content-range'] = `bytes ${start}-${body.length - 1}/${body.length}`;
    res.writeHead(start > 0 ? 206 : 200, headers);
    const cut = state.mode === 'cut-always' || (state.mode === 'cut-once' && cuts === 0);
    if (cut) {
      cuts++;
      const half = start + ((body.length - start) >> 1);
      res.write(body.subarray(start, half), () => setTimeout(() => res.socket?.destroy(), 20));
      return;
    }
    res.end(body.subarray(start));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/releases/so-python-index.tar.gz`;
  state.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return state;
}
