import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { LeaseObserver } from '../db/lease.js';

/** A route no handler matched: one label, whatever path was asked (paths are chosen by clients). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Series other parts of the server set: counters their services increment (labels are reasons, never
 * users) and gauges for what waits. `onScrape` is the hook for what is added later (the chain nodes,
 * the external signer): a function run before each scrape that sets its own gauges on `registry`.
 */
export type Metrics = {
  registry: Registry;
  loginFailures: Counter<'reason'>;
  fundPasswordFailures: Counter<'reason'>;
  /** 1 while payouts of an asset wait for this reason (hot_wallet_low; another part may add its own, e.g. signer_unavailable). */
  payoutsWaiting: Gauge<'asset' | 'reason'>;
  /** Sees every pass of a leased job: the last successful one's time per job. */
  observe: LeaseObserver;
  onScrape: (collect: () => Promise<void>) => void;
  /** The text format Prometheus scrapes, after every collector has run. */
  render: () => Promise<string>;
  contentType: string;
};

/** A lease's job: its name up to the first colon (`deposits:97:0x…` → deposits), so the label stays bounded. */
export const jobOfLease = (lease: string) => lease.split(':')[0] ?? lease;

export function createMetrics(): Metrics {
  const registry = new Registry();
  const collectors: (() => Promise<void>)[] = [];
  const lastSuccess = new Gauge({
    name: 'wallx_job_last_success_timestamp_seconds',
    help: 'When this instance last finished a pass of the job without an error (epoch seconds)',
    labelNames: ['task'],
    registers: [registry],
  });
  return {
    registry,
    loginFailures: new Counter({
      name: 'wallx_login_failures_total',
      help: 'Sign-ins refused, by the error code',
      labelNames: ['reason'],
      registers: [registry],
    }),
    fundPasswordFailures: new Counter({
      name: 'wallx_fund_password_failures_total',
      help: 'Fund passwords refused: incorrect, or the account locked by them',
      labelNames: ['reason'],
      registers: [registry],
    }),
    payoutsWaiting: new Gauge({
      name: 'wallx_payouts_waiting',
      help: 'Payouts of the asset wait for this reason (1) or not (0)',
      labelNames: ['asset', 'reason'],
      registers: [registry],
    }),
    observe: (run) => {
      if (run.held && run.failed === undefined) lastSuccess.set({ task: jobOfLease(run.lease) }, run.finishedAt / 1000);
    },
    onScrape: (collect) => void collectors.push(collect),
    render: async () => {
      // A collector that fails (the database or the node down) leaves its gauges as they were; the
      // rest of the scrape, and the alerts that read it, still arrive.
      await Promise.all(collectors.map((collect) => collect().catch(() => undefined)));
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}

/**
 * The series of the process and its requests, registered only when metrics are served: a server that
 * nobody scrapes pays nothing per request. Latency from Fastify's own clock (`reply.elapsedTime`).
 */
export function instrumentHttp(app: FastifyInstance, metrics: Metrics): void {
  const { registry } = metrics;
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  // One histogram: its _count is the request count, so no counter beside it doubles the cost per request.
  const latency = new Histogram({
    name: 'wallx_http_request_duration_seconds',
    help: 'Requests answered and the time each took, by route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    latency.observe(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
