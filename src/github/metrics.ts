/** Prometheus metrics (prom-client), one registry per process, served at `GET /metrics`. */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  deliveries: Counter<'event' | 'outcome'>;
  queueDepth: Gauge;
  jobSeconds: Histogram<'type' | 'outcome'>;
  githubCalls: Counter<'method' | 'status'>;
  answersPosted: Counter<'type'>;
  stayedQuiet: Counter<'type'>;
}

export function createMetrics(depth?: () => Promise<number> | number, defaults = false): Metrics {
  const registry = new Registry();
  if (defaults) collectDefaultMetrics({ register: registry });
  return {
    registry,
    deliveries: new Counter({
      name: 'snippet_search_deliveries_total',
      help: 'Webhook deliveries by event and outcome (queued, duplicate, ignored, rejected, full)',
      labelNames: ['event', 'outcome'],
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: 'snippet_search_queue_depth',
      help: 'Work items waiting or running',
      registers: [registry],
      async collect() {
        if (depth) this.set(await depth());
      },
    }),
    jobSeconds: new Histogram({
      name: 'snippet_search_job_duration_seconds',
      help: 'Time from start to end of one work item',
      labelNames: ['type', 'outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers: [registry],
    }),
    githubCalls: new Counter({
      name: 'snippet_search_github_api_calls_total',
      help: 'GitHub API calls by method and HTTP status',
      labelNames: ['method', 'status'],
      registers: [registry],
    }),
    answersPosted: new Counter({
      name: 'snippet_search_answers_posted_total',
      help: 'Answers written to GitHub',
      labelNames: ['type'],
      registers: [registry],
    }),
    stayedQuiet: new Counter({
      name: 'snippet_search_stayed_quiet_total',
      help: 'Work items that ended in saying nothing (no failure, no confident answer, muted, filtered)',
      labelNames: ['type'],
      registers: [registry],
    }),
  };
}
