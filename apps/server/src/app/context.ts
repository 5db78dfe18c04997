import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { ChainContext } from '../chain/context.js';
import { NO_CHAIN_WITHDRAW_LIMITS, type AssetLimits, type Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { PoolStats } from '../db/database.js';
import type { Listen } from '../db/notifications.js';
import type { LeaseObserver } from '../db/lease.js';
import type { FundPasswords } from '../fund-password/fund-password.js';
import type { Guards } from '../http/authenticate.js';
import type { OperatorGuard } from '../http/operator.js';
import type { RouteLimits } from '../http/rate-limits.js';
import { createIdempotency, type Idempotency } from '../idempotency/idempotency.js';
import { createJobTrace } from '../jobs/trace.js';
import { createMetrics, type Metrics } from '../metrics/metrics.js';
import type { LogDestination } from '../logging.js';
import { createMoneySettings, type MoneySettings } from '../money-settings/money-settings.js';
import type { JwtKeys } from '../modules/auth/keys.js';
import { createUserEvents, type UserEvents } from '../user-events/user-events.js';
import { createLedger, type Ledger } from '../modules/ledger/ledger.js';
import { createUserRepository, type UserRepository } from '../users/repository.js';

/** The slice of the configuration the app itself reads (tests build it without the environment). */
export type AppConfig = Pick<
  Config,
  | 'env'
  | 'accessTokenTtlSeconds'
  | 'refreshTokenTtlSeconds'
  | 'rateLimit'
  | 'redisUrl'
  | 'trustProxy'
  | 'publicApiHost'
  | 'publicAppUrl'
  | 'mainSiteUrl'
  | 'webDistDir'
  | 'adminDistDir'
  | 'logLevel'
  | 'outputTimeZone'
  | 'markets'
  | 'jobs'
  | 'operators'
  | 'operatorCooldownMs'
  | 'imageUploadMaxBytes'
> &
  Partial<Pick<Config, 'walletConnect' | 'metrics' | 'events' | 'withdrawReviewHours'>>;

export type BuildAppOptions = {
  config: AppConfig;
  db: Db;
  keys: JwtKeys;
  /** Enables the internal routes the project's commands use against a running server. */
  adminToken?: string;
  /** The chain deposits and withdrawals use; without it those routes are absent (unit tests). */
  chain?: ChainContext;
  /** Background jobs (deposit scanner…); off in API tests, which drive them by hand. */
  runJobs?: boolean;
  /** Injected clock for tests of time windows. */
  now?: () => number;
  /** Where log lines go (standard output unless a test reads them); secrets are scrubbed either way. */
  logDestination?: LogDestination;
  /** The database pool's connections, for the metrics (database.ts `pool`). */
  pool?: () => PoolStats;
  /** LISTEN (database.ts `listen`): how event streams hear of commits on any instance. */
  listen?: Listen;
};

/** What every module is built from, before anyone is signed in: the app, the database and the shared services. */
export type SharedDeps = {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  chain: ChainContext | undefined;
  adminToken: string | undefined;
  /** The injected clock, spread into a service's dependencies (`...clock`): absent, services read Date.now. */
  clock: { now?: () => number };
  ledger: Ledger;
  /** What services tell users, written in the transaction of the change (modules/events). */
  events: UserEvents;
  users: UserRepository;
  idempotency: Idempotency;
  moneySettings: MoneySettings;
  /** Job leases name their holder: unique per app, even when a host reuses a pid or runs two apps in one process. */
  instanceId: string;
  observe: LeaseObserver | undefined;
  /** Prometheus series (metrics/metrics.ts): counters services increment, whether or not anyone scrapes them. */
  metrics: Metrics;
};

/** SharedDeps and the guards: what a module with routes for users or operators is given. */
export type ModuleContext = SharedDeps & {
  guards: Guards;
  requireOperator: OperatorGuard;
  limits: RouteLimits;
  fundPasswords: FundPasswords;
};

/** A module as app.ts lists it: its routes, registered in the API's order. */
export type RouteRegistration = (api: FastifyInstance) => Promise<void>;

/** Every observer of the leased jobs' passes, as one. */
const bothObservers =
  (...observers: (LeaseObserver | undefined)[]): LeaseObserver =>
  (run) => {
    for (const observe of observers) observe?.(run);
  };

export function createSharedDeps(app: FastifyInstance, options: BuildAppOptions): SharedDeps {
  const { config, db, chain } = options;
  const metrics = createMetrics();
  // Without a chain there are no withdrawals: their limits are then never read.
  const withdrawDefaults = (limits: AssetLimits = NO_CHAIN_WITHDRAW_LIMITS) => ({
    min: limits.min,
    fee: limits.fee,
    review_above: limits.reviewAbove,
    hourly_cap: limits.hourlyCap,
  });
  return {
    app,
    db,
    config,
    chain,
    adminToken: options.adminToken,
    clock: options.now ? { now: options.now } : {},
    ledger: createLedger(),
    events: createUserEvents(),
    users: createUserRepository(),
    idempotency: createIdempotency(db),
    moneySettings: createMoneySettings({
      db,
      defaults: {
        withdraw: { USDT: withdrawDefaults(chain?.withdraw.USDT), WALLX: withdrawDefaults(chain?.withdraw.WALLX) },
        markets: { mtrade_fee_rate: config.markets.mtradeFeeRate, c2c_fee_rate: config.markets.c2cFeeRate },
      },
    }),
    instanceId: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    observe: bothObservers(config.jobs.traceFile ? createJobTrace(config.jobs.traceFile) : undefined, metrics.observe),
    metrics,
  };
}
