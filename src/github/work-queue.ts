/**
 * Runs webhook work off the request path with bounded concurrency and a bounded backlog: the webhook
 * is answered at once, the work waits its turn, and past `maxPending` new work is dropped (and logged)
 * rather than piling up in memory.
 */
export class WorkQueue {
  private running = 0;
  private readonly pending: Array<() => Promise<void>> = [];
  private readonly idleWaiters: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxPending: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Queues a job; false when the backlog is full and the job was dropped. */
  push(job: () => Promise<void>): boolean {
    if (this.pending.length >= this.maxPending) return false;
    this.pending.push(job);
    this.pump();
    return true;
  }

  /** Resolves when nothing is running or waiting. */
  idle(): Promise<void> {
    if (this.running === 0 && this.pending.length === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  private pump(): void {
    while (this.running < this.concurrency && this.pending.length) {
      const job = this.pending.shift()!;
      this.running++;
      job()
        .catch(this.onError)
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.pending.length === 0) this.idleWaiters.splice(0).forEach((r) => r());
        });
    }
  }
}
