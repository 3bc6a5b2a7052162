import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What one app instance counts, scraped at GET /metrics (docs/architecture.md, "Metrics"). The
 * process's own figures (event-loop lag, heap, CPU, GC) live in a registry of their own, made once
 * per process: tests build many apps in one process, and each must count only its own traffic.
 */
export interface Metrics {
  readonly registry: Registry;
  /** Every HTTP answer, by method, route pattern (never the raw path: bounded labels) and status. */
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Scheduled job runs that ended normally or threw. */
  readonly jobRuns: Counter<'job' | 'outcome'>;
  /** What the job runs did: items processed, items that failed (retried next run). */
  readonly jobItems: Counter<'job' | 'result'>;
  /** Payment provider webhooks: the outcome the handler reached, or `rejected` (bad signature, unknown event). */
  readonly paymentWebhooks: Counter<'outcome'>;
  /** Chat messages pushed live to their conversation's members (once per message, whatever the rooms). */
  readonly messagesDelivered: Counter;
  /** Reads a figure only the scrape needs (open sockets, pool use): called at each scrape. */
  gauge(name: string, help: string, read: () => number): void;
  /** The same, one series per key of what `read` returns, labelled `label`. */
  gauges(name: string, help: string, label: string, read: () => Record<string, number>): void;
  /** The Prometheus text exposition: this app's series, then the process's. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const processWide = processMetrics();
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to response, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'tagalong_job_runs_total',
      help: 'Scheduled job runs, by job and outcome (ok or failed)',
      labelNames: ['job', 'outcome'] as const,
      registers: [registry],
    }),
    jobItems: new Counter({
      name: 'tagalong_job_items_total',
      help: 'Items the scheduled jobs handled, by job and result (processed or failed)',
      labelNames: ['job', 'result'] as const,
      registers: [registry],
    }),
    paymentWebhooks: new Counter({
      name: 'tagalong_payment_webhooks_total',
      help: 'Payment provider webhooks received, by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    messagesDelivered: new Counter({
      name: 'tagalong_chat_messages_delivered_total',
      help: 'Chat messages pushed live to their conversation members',
      registers: [registry],
    }),
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    },
    gauges(name, help, label, read) {
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers: [registry],
        collect() {
          for (const [key, n] of Object.entries(read())) this.set({ [label]: key }, n);
        },
      });
    },
    async scrape() {
      return `${await registry.metrics()}\n${await processWide.metrics()}`;
    },
    contentType: registry.contentType,
  };
}
