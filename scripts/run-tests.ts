/**
 * `npm test`: runs the whole suite with TMPDIR pointing at a private directory, removed afterwards,
 * so a run leaves nothing in the machine's temp dir and two checkouts' runs never share files.
 * Extra arguments are passed to `node --test` (default: every test under dist/test/).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const privateTmp = mkdtempSync(join(tmpdir(), 'snippet-search-test-'));
const args = process.argv.slice(2);
const child = spawn(
  process.execPath,
  ['--test', '--test-concurrency=2', '--test-timeout=600000', ...(args.length ? args : ['dist/test/'])],
  { stdio: 'inherit', env: { ...process.env, TMPDIR: privateTmp, TMP: privateTmp, TEMP: privateTmp } },
);
const cleanUp = () => rmSync(privateTmp, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('close', (code, signal) => {
  cleanUp();
  process.exitCode = code ?? (signal ? 1 : 0);
});
