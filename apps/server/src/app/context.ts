import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { ChainContext } from '../platform/chain/context.js';
import { NO_CHAIN_WITHDRAW_LIMITS, type AppConfig, type AssetLimits } from '../platform/config/config.js';
import type { Db } from '../platform/db/database.js';
import type { SharedDeps } from '../kernel/module-context.js';
import type { PoolStats } from '../platform/db/database.js';
import type { Listen } from '../platform/db/notifications.js';
import type { Drain } from '../platform/http/drain.js';
import type { LeaseObserver } from '../platform/db/lease.js';
import { createIdempotency } from '../kernel/idempotency/idempotency.js';
import { createJobTrace } from '../platform/jobs/trace.js';
import { createMetrics } from '../platform/metrics/metrics.js';
import type { LogDestination } from '../platform/logging/logging.js';
import { createMoneySettings } from '../kernel/money-settings/money-settings.js';
import type { JwtKeys } from '../modules/auth/keys.js';
import { createUserEvents } from '../kernel/user-events/user-events.js';
import { createLedger } from '../kernel/ledger/ledger.js';
import { createRewards } from '../kernel/rewards/rewards.js';
import { createStakingSettings, stakingSettingsDefaults } from '../kernel/staking-settings/staking-settings.js';
import { createUserRepository } from '../kernel/users/repository.js';

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
  /** Set from SIGTERM on (server.ts): the ready probe then answers 503 while requests are still served. */
  drain?: Drain;
};

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
  const ledger = createLedger();
  return {
    app,
    db,
    config,
    chain,
    adminToken: options.adminToken,
    clock: options.now ? { now: options.now } : {},
    ledger,
    rewards: createRewards({ ledger }),
    stakingSettings: createStakingSettings({
      defaults: stakingSettingsDefaults(config.staking?.aidFundShare ?? '0.1'),
    }),
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
