/** `snippet-search failed-jobs [--retry [ids...]] [--json]`: the failed set in Redis, or the local journal. */
import type { FailedJob } from './local-queue.js';
import { LocalQueue } from './local-queue.js';
import { failedJobs } from './redis-queue.js';

export async function runFailedJobs(o: { retry?: boolean | string[]; json?: boolean }): Promise<void> {
  const retry = o.retry === undefined ? false : o.retry;
  let result: { failed: FailedJob[]; retried: number };
  if (process.env.REDIS_URL) result = await failedJobs(process.env.REDIS_URL, retry);
  else {
    const q = new LocalQueue({
      file: process.env.SNIPPET_SEARCH_QUEUE_DB ?? 'snippet-search-queue.db',
      concurrency: 0,
      maxPending: 0,
      attempts: 1,
      backoffBaseMs: 0,
      run: () => Promise.resolve(),
    });
    const failed = q.failed();
    const retried = retry ? q.retryFailed(retry === true ? undefined : retry) : 0;
    await q.drain(0);
    result = { failed, retried };
  }
  if (o.json) {
    console.log(JSON.stringify(result));
    return;
  }
  for (const f of result.failed) console.log(`${f.key}\t${f.attempts} attempts\t${f.item.event}\t${f.error}`);
  console.log(
    `${result.failed.length} failed job(s)${retry ? `, ${result.retried} put back${process.env.REDIS_URL ? '' : " (run at the App's next start)"}` : ''}`,
  );
}
