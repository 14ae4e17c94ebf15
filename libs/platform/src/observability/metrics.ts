import client from 'prom-client';

/**
 * One Prometheus registry per process (docs/architecture.md §12): the api, the projector and the
 * worker each serve it on their own metrics port (`METRICS_PORT`, see probe-server.ts). Metrics that
 * only one service produces simply stay empty in the others. Names carry the `budget_` prefix and
 * Prometheus' units (seconds, bytes); label values are bounded sets (route templates, never paths;
 * queue names, never job ids; no user ids).
 */
export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry, prefix: 'budget_process_' });

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Every HTTP answer of the api: its route template (`/api/v1/account/:id`), method and status. */
export const httpRequestDuration = new client.Histogram({
  name: 'budget_http_request_duration_seconds',
  help: 'HTTP request latency by route template, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** One append to the event store (a single stream or several in one transaction, with its inline projection). */
export const appendDuration = new client.Histogram({
  name: 'budget_event_store_append_duration_seconds',
  help: 'Event-store append latency (PostgreSQL: including the inline projection in the same transaction)',
  labelNames: ['store', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/**
 * With async projection: how long a write (or a retried key) waited for its user's projection
 * before answering; outcome `reached`, `timeout` (answered 202), `quarantined` or `failed`. A wait
 * the known position already covers is not counted.
 */
export const projectionWaitDuration = new client.Histogram({
  name: 'budget_projection_wait_seconds',
  help: 'Time a write waited for its projection (async projection), by outcome',
  labelNames: ['outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** One BullMQ job, from the moment a worker took it to its end. */
export const jobDuration = new client.Histogram({
  name: 'budget_job_duration_seconds',
  help: 'BullMQ job processing time by queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [metricsRegistry],
});

export const jobFailures = new client.Counter({
  name: 'budget_job_failures_total',
  help: 'BullMQ job attempts that failed, by queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

/** One call to Plaid (or the simulator): its endpoint and whether it answered. */
export const plaidCallDuration = new client.Histogram({
  name: 'budget_plaid_call_duration_seconds',
  help: 'Plaid API call latency by endpoint and outcome',
  labelNames: ['endpoint', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const plaidCallErrors = new client.Counter({
  name: 'budget_plaid_call_errors_total',
  help: 'Plaid API calls that failed, by endpoint and HTTP status (0: no answer)',
  labelNames: ['endpoint', 'status'] as const,
  registers: [metricsRegistry],
});

/** One bank sync of one Plaid item, from its first call to its last write. */
export const syncDuration = new client.Histogram({
  name: 'budget_bank_sync_duration_seconds',
  help: 'Bank sync duration per item, by outcome',
  labelNames: ['outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [metricsRegistry],
});

export interface GaugeSample {
  labels?: Record<string, string>;
  value: number;
}

/**
 * A gauge read when Prometheus scrapes (projection lag, outbox depth, queue depth): `read` runs
 * once per scrape and answers every labelled sample; a read that fails leaves the gauge empty for
 * that scrape (the failure shows as readiness, not as a made-up number).
 */
export function scrapeGauge(name: string, help: string, labelNames: readonly string[], read: () => Promise<GaugeSample[]>): client.Gauge {
  const existing = metricsRegistry.getSingleMetric(name);
  if (existing) metricsRegistry.removeSingleMetric(name);
  return new client.Gauge({
    name,
    help,
    labelNames: [...labelNames],
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      let samples: GaugeSample[];
      try {
        samples = await read();
      } catch {
        return;
      }
      for (const sample of samples) {
        if (sample.labels) this.set(sample.labels, sample.value);
        else this.set(sample.value);
      }
    },
  });
}

/** Seconds since `start` (from `process.hrtime.bigint()`), for histograms. */
export function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}
