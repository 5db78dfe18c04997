import { Gauge } from 'prom-client';
import { formatUnits, parseUnits } from 'viem';
import { assets } from '@wallx/shared';
import type { ChainBalances } from '../platform/chain/balances.js';
import type { ChainContext } from '../platform/chain/context.js';
import type { Db, PoolStats } from '../platform/db/database.js';
import { signerFailure } from '../platform/db/hot-wallet.js';
import type { DashboardService } from '../modules/dashboard/service.js';
import { jobOfLease, type Metrics } from '../platform/metrics/metrics.js';
import type { MetricsRepository } from './product-metrics-repository.js';

/** The reconciliation reads every large deposit address on chain (as the console's dashboard does): at most this often. */
const RECONCILIATION_EVERY_MS = 30_000;

/** The chain's side of the product gauges; absent when the app runs without a chain. */
export type ChainSources = {
  chain: ChainContext;
  balances: ChainBalances;
  /** The scanner's newest block with enough confirmations and the last block it has scanned. */
  scannerProgress: () => Promise<{ safe: bigint; scannedThrough: bigint | null }>;
  /** When a broadcast payout counts as stuck (the payout worker replaces it then). */
  stuckAfterMs: number;
  dashboard: DashboardService;
};

type Deps = {
  metrics: Metrics;
  db: Db;
  repository: MetricsRepository;
  pool: (() => PoolStats) | undefined;
  chain: ChainSources | null;
  cacheMs: number;
};

/** Runs `work` at most once per `ttlMs`; scrapes in between, or while it runs, share its pass. */
function throttled(ttlMs: number, work: () => Promise<void>): () => Promise<void> {
  let last = -Infinity;
  let running: Promise<void> | null = null;
  return () => {
    if (running) return running;
    if (Date.now() - last < ttlMs) return Promise.resolve();
    running = work().finally(() => {
      last = Date.now();
      running = null;
    });
    return running;
  };
}

/** A gauge's value (Prometheus keeps float64); decisions are made on the exact figures, never on this. */
const tokens = (wei: bigint) => Number(formatUnits(wei, 18));

/**
 * The product's gauges, computed when scraped: queues from short counts, the scanner's lag and the
 * hot wallet from a few chain reads, the reconciliation from the dashboard's own service. Reused for
 * `cacheMs` (the reconciliation longer), so a storm of scrapes cannot load the database or the node.
 */
export function registerProductMetrics({ metrics, db, repository, pool, chain, cacheMs }: Deps): void {
  const registers = [metrics.registry];
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers });

  if (pool) {
    const connections = gauge('wallx_db_pool_connections', 'Database connections by state', ['state']);
    const waiting = gauge('wallx_db_pool_waiting', 'Queries waiting for a database connection');
    metrics.onScrape(async () => {
      const stats = pool();
      connections.set({ state: 'in_use' }, stats.total - stats.idle);
      connections.set({ state: 'idle' }, stats.idle);
      waiting.set(stats.waiting);
    });
  }

  const byAsset = ['asset'] as const;
  const queue = gauge('wallx_payout_queue_depth', 'Withdrawals queued for payout', byAsset);
  const queueAge = gauge('wallx_payout_queue_oldest_age_seconds', 'Age of the oldest queued withdrawal', byAsset);
  const inFlight = gauge('wallx_payouts_in_flight', 'Payouts broadcast, not yet settled', byAsset);
  const held = gauge('wallx_payouts_held', 'Payouts held for an operator', byAsset);
  const review = gauge('wallx_withdrawals_awaiting_review', 'Withdrawals waiting for an operator’s review', byAsset);
  const awaiting = gauge('wallx_deposits_awaiting_confirmations', 'Reported deposits not yet confirmed', byAsset);
  const holders = gauge('wallx_job_lease_holder', 'The instance holding a job’s lease (1)', ['task', 'holder']);
  const countOf = { queued: queue, broadcast: inFlight, held, pending_review: review } as const;
  const stuck = chain ? gauge('wallx_payouts_stuck', 'Broadcast payouts not mined past the stuck time', byAsset) : null;

  metrics.onScrape(
    throttled(cacheMs, async () => {
      const [open, stuckRows, reports, leases] = await Promise.all([
        repository.openWithdrawals(db),
        chain ? repository.stuckPayouts(db, chain.stuckAfterMs) : [],
        repository.depositsAwaitingConfirmations(db),
        repository.leaseHolders(db),
      ]);
      for (const asset of assets) {
        for (const g of [queue, queueAge, inFlight, held, review, awaiting, stuck]) g?.set({ asset }, 0);
      }
      for (const row of open) {
        countOf[row.status as keyof typeof countOf]?.set({ asset: row.asset }, row.count);
        if (row.status === 'queued') queueAge.set({ asset: row.asset }, row.oldestAgeSeconds);
      }
      for (const row of stuckRows) stuck?.set({ asset: row.asset }, row.count);
      for (const row of reports) awaiting.set({ asset: row.asset }, row.count);
      holders.reset();
      for (const lease of leases) holders.set({ task: jobOfLease(lease.name), holder: lease.holder }, 1);
    }),
  );
  if (chain) registerChainMetrics(metrics, db, chain, gauge, cacheMs);
}

type GaugeOf = <L extends string>(name: string, help: string, labelNames?: readonly L[]) => Gauge<L>;

function registerChainMetrics(metrics: Metrics, db: Db, sources: ChainSources, gauge: GaugeOf, cacheMs: number): void {
  const { chain } = sources;
  const reachable = gauge('wallx_chain_reachable', 'The chain node answered the last scrape’s reads (1) or not (0)');
  const head = gauge('wallx_chain_confirmed_head_block', 'The newest block with the required confirmations');
  const lag = gauge('wallx_scanner_lag_blocks', 'Confirmed blocks the deposit scanner has not read yet', ['token']);
  const hot = gauge('wallx_hot_wallet_balance', 'The hot wallet’s token balance', ['asset']);
  const bnb = gauge('wallx_hot_wallet_bnb', 'The hot wallet’s BNB, which pays every payout’s and sweep’s gas');
  const marks = gauge('wallx_hot_wallet_mark', 'The hot wallet’s marks: low (payouts wait), target, high', [
    'asset',
    'mark',
  ]);
  const difference = gauge(
    'wallx_reconciliation_difference',
    'On chain minus owed to users, per asset (negative: the books are short)',
    ['asset'],
  );
  const readable = gauge('wallx_reconciliation_readable', 'The reconciliation could read the chain (1) or not (0)', [
    'asset',
  ]);
  const nodeHead = gauge(
    'wallx_rpc_node_head_block',
    'Each chain node’s block at its last poll (node: its place in RPC_URL)',
    ['node'],
  );
  const nodeHealthy = gauge(
    'wallx_rpc_node_healthy',
    'The node answered its last poll and is within RPC_MAX_LAG_BLOCKS of the quorum’s head, behind or ahead (1), or not (0)',
    ['node'],
  );
  const nodeErrors = gauge(
    'wallx_rpc_node_errors',
    'Failed requests and polls to the node since the instance started',
    ['node'],
  );
  const nodeDisagreements = gauge(
    'wallx_rpc_node_disagreements',
    'Money questions on which the node’s answer went against the other nodes’ since the instance started',
    ['node'],
  );
  for (const asset of assets) {
    for (const mark of ['low', 'target', 'high'] as const)
      marks.set({ asset, mark }, tokens(chain.treasury.hot[asset][mark]));
  }

  metrics.onScrape(
    throttled(cacheMs, async () => {
      try {
        const [progress, wei, held] = await Promise.all([
          sources.scannerProgress(),
          chain.client.getBalance({ address: chain.hotWallet.address }),
          Promise.all(assets.map((asset) => sources.balances(asset))),
        ]);
        reachable.set(1);
        head.set(Number(progress.safe));
        // One scanner reads both tokens' transfers in the same block ranges: one lag, shown per token.
        const behind = progress.scannedThrough === null ? 0n : progress.safe - progress.scannedThrough;
        for (const token of assets) lag.set({ token }, Number(behind > 0n ? behind : 0n));
        bnb.set(tokens(wei));
        assets.forEach((asset, i) => {
          const balance = parseUnits(held[i]!.hot, 18);
          hot.set({ asset }, tokens(balance));
          // The payout worker's own rule, on the exact balance: below the low mark, payouts of the asset stay queued.
          const isLow = balance < chain.treasury.hot[asset].low;
          metrics.payoutsWaiting.set({ asset, reason: 'hot_wallet_low' }, isLow ? 1 : 0);
        });
      } catch {
        reachable.set(0);
      }
    }),
  );
  // Labelled by the node's place in RPC_URL, never its URL (URLs carry API keys).
  metrics.onScrape(
    throttled(cacheMs, async () => {
      for (const node of await chain.rpc.states()) {
        if (node.head !== null) nodeHead.set({ node: node.label }, Number(node.head));
        nodeHealthy.set({ node: node.label }, node.isHealthy ? 1 : 0);
        nodeErrors.set({ node: node.label }, node.errors);
        nodeDisagreements.set({ node: node.label }, node.disagreements);
      }
    }),
  );
  // Read from the database, not the chain: the signer's state is written by the payout lease's
  // holder, and every instance (and a scrape while the chain is away) reports the same.
  metrics.onScrape(
    throttled(cacheMs, async () => {
      const failing = (await signerFailure(db, chain.chainId)) !== null;
      for (const asset of assets) metrics.payoutsWaiting.set({ asset, reason: 'signer_unavailable' }, failing ? 1 : 0);
    }),
  );
  metrics.onScrape(
    throttled(Math.max(cacheMs, RECONCILIATION_EVERY_MS), async () => {
      const { reconciliation } = await sources.dashboard.get();
      for (const row of reconciliation) {
        readable.set({ asset: row.asset }, row.difference === null ? 0 : 1);
        if (row.difference !== null) difference.set({ asset: row.asset }, Number(row.difference));
      }
    }),
  );
}
