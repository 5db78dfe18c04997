import type { FastifyInstance } from 'fastify';
import type { ChainContext } from '../platform/chain/context.js';
import type { AppConfig } from '../platform/config/config.js';
import type { Db } from '../platform/db/database.js';
import type { LeaseObserver } from '../platform/db/lease.js';
import type { Guards } from '../platform/http/authenticate.js';
import type { OperatorGuard } from '../platform/http/operator.js';
import type { RouteLimits } from '../platform/http/rate-limits.js';
import type { Metrics } from '../platform/metrics/metrics.js';
import type { FundPasswords } from './fund-password/fund-password.js';
import type { Idempotency } from './idempotency/idempotency.js';
import type { Ledger } from './ledger/ledger.js';
import type { MoneySettings } from './money-settings/money-settings.js';
import type { Rewards } from './rewards/rewards.js';
import type { StakingSettingsStore } from './staking-settings/staking-settings.js';
import type { UserEvents } from './user-events/user-events.js';
import type { UserRepository } from './users/repository.js';

/*
 * What a module is handed: the platform's parts (the app, the database, the chain, the clock, the
 * metrics, the guards) and the kernel's services (ledger, user events, users, idempotency, money
 * settings, fund passwords). It lives in the kernel because it names the kernel's services; app/context.ts
 * builds it.
 */

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
  /** The rewards budget: check-in rewards, streak bonuses and weekly prizes are paid from it (issue 47). */
  rewards: Rewards;
  /** The staking pool's rules: term weights, the fee and aid shares, the check-in boost (issue 48). */
  stakingSettings: StakingSettingsStore;
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
