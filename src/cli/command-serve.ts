import { startSearchServer } from '../web/server.js';
import { openEngineForCli } from './open-engine.js';

export interface ServeFlags {
  port: number;
  host: string;
  index?: string;
}

/** `serve`: the search page and `POST /api/search` on a local HTTP server, until interrupted. */
export async function runServe(o: ServeFlags): Promise<void> {
  const engine = await openEngineForCli(o.index);
  const s = await startSearchServer(() => Promise.resolve(engine), { port: o.port, host: o.host });
  process.stdout.write(`snippet-search: the search page is at ${s.url} (Ctrl+C to stop)\n`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await s.close();
  engine.close();
}
