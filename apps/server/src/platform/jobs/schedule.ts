import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/config.js';
import type { Db } from '../db/database.js';
import { LEASE_TTL_MS, releaseLeasesOf, runLeased, type LeaseObserver } from '../db/lease.js';
import { repeat } from './repeat.js';

type Step = () => Promise<unknown>;

/**
 * The background jobs of one instance. Without `runJobs` (API tests) nothing is scheduled: tests run
 * each step by hand. The chain's jobs exist only with a chain.
 */
export function scheduleJobs(
  app: FastifyInstance,
  {
    db,
    config,
    instanceId,
    observe,
    runJobs,
    outputCatchUp,
    marketExpiry,
    forgetOldEvents,
    leaderboardClose,
    stakeMaturity,
    stakingDistribution,
    companionRetention,
    chain,
  }: {
    db: Db;
    config: Pick<AppConfig, 'jobs' | 'markets'>;
    instanceId: string;
    observe: LeaseObserver | undefined;
    runJobs: boolean;
    outputCatchUp: Step;
    marketExpiry: Step;
    forgetOldEvents: Step;
    leaderboardClose: Step;
    stakeMaturity: Step;
    stakingDistribution: Step;
    companionRetention: Step;
    chain: { scanIntervalMs: number; depositScan: Step; hotWallet: Step } | null;
  },
): void {
  // On close every job is stopped (its pass finished), then its leases are given up, so that another
  // instance takes over at its next pass rather than when the leases lapse (LEASE_TTL_MS).
  const jobs: { stop: () => Promise<void> }[] = [];
  app.addHook('onClose', async () => {
    for (const job of jobs) await job.stop();
    if (jobs.length > 0) await releaseLeasesOf(db, instanceId);
  });
  if (!runJobs) return;
  // Checked every minute (OUTPUT_CHECK_INTERVAL_MS); it produces once a day has ended (and catches up missed days).
  const daily = repeat('miner-output', outputCatchUp, { intervalMs: config.jobs.outputCheckIntervalMs, log: app.log });
  // One sweeper at a time: two would only race for the same rows (each skips what the other locked).
  // The holder keeps the lease from pass to pass; if it dies, another takes over once it lapses.
  const sweeperLease = { name: 'market-expiry', holder: instanceId, ttlMs: LEASE_TTL_MS, observe };
  const sweeper = repeat('market-expiry', () => runLeased(db, sweeperLease, marketExpiry), {
    intervalMs: config.markets.sweepIntervalMs,
    log: app.log,
  });
  // Events older than 90 days go, hourly; one instance at a time.
  const retentionLease = { name: 'events-retention', holder: instanceId, ttlMs: LEASE_TTL_MS, observe };
  const retention = repeat('events-retention', () => runLeased(db, retentionLease, forgetOldEvents), {
    intervalMs: 3_600_000,
    log: app.log,
  });
  // Checked as often as the output job: a week is closed (its prizes paid) once its Sunday has ended in
  // the zone. One instance at a time; the week's row makes the payment exactly once whoever runs it.
  const weeklyLease = { name: 'leaderboard-close', holder: instanceId, ttlMs: LEASE_TTL_MS, observe, release: true };
  const weekly = repeat('leaderboard-close', () => runLeased(db, weeklyLease, leaderboardClose), {
    intervalMs: config.jobs.outputCheckIntervalMs,
    log: app.log,
  });
  // Term stakes whose end has passed go back to their owners; checked as often as the output job.
  // One instance at a time; each stake's conditional UPDATE makes its return exactly once.
  const maturityLease = { name: 'stake-maturity', holder: instanceId, ttlMs: LEASE_TTL_MS, observe, release: true };
  const maturity = repeat('stake-maturity', () => runLeased(db, maturityLease, stakeMaturity), {
    intervalMs: config.jobs.outputCheckIntervalMs,
    log: app.log,
  });
  // The staking pool's daily distribution (decision 143), checked as often: once a day has ended in the
  // zone. One instance at a time; the day's row makes it exactly once whoever runs it.
  const stakingLease = {
    name: 'staking-distribution',
    holder: instanceId,
    ttlMs: LEASE_TTL_MS,
    observe,
    release: true,
  };
  const staking = repeat('staking-distribution', () => runLeased(db, stakingLease, stakingDistribution), {
    intervalMs: config.jobs.outputCheckIntervalMs,
    log: app.log,
  });
  // The companion's conversations past COMPANION_RETENTION_DAYS go, hourly; one instance at a time.
  const companionLease = { name: 'companion-retention', holder: instanceId, ttlMs: LEASE_TTL_MS, observe };
  const companion = repeat('companion-retention', () => runLeased(db, companionLease, companionRetention), {
    intervalMs: 3_600_000,
    log: app.log,
  });
  jobs.push(daily, sweeper, retention, weekly, maturity, staking, companion);
  if (!chain) return;
  const scanner = repeat('deposit-scanner', chain.depositScan, { intervalMs: chain.scanIntervalMs, log: app.log });
  const payer = repeat('hot-wallet', chain.hotWallet, { intervalMs: chain.scanIntervalMs, log: app.log });
  jobs.push(scanner, payer);
}
