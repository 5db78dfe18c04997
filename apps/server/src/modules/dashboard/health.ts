import { assets, DASHBOARD_CHART_DAYS, type AssetTotal, type DashboardHealth, type ScannerLag } from '@wallx/shared';
import type { Db } from '../../platform/db/database.js';
import { addDays, dayInZone } from '../../platform/time/days.js';
import type { DashboardRepository } from './repository.js';

/** The deposit scanner's position against the chain (the deposits module's port). */
export type ScannerProgress = () => Promise<{ head: bigint; safe: bigint; scannedThrough: bigint | null }>;

type Deps = {
  db: Db;
  dashboard: DashboardRepository;
  /** Absent when the app runs without a chain: the scanner rows then say so. */
  scanner: ScannerProgress | null;
  /** The day buckets' time zone, the one the dashboard's "today" is in. */
  timeZone: string;
  confirmations: number;
  now?: () => number;
  log?: { warn: (detail: object, message: string) => void };
};

type DayRow = { day: string; asset: string; count: number; sum: string };

/** Both assets of one day, zero where nothing happened. */
const totalsOf = (rows: DayRow[], day: string): AssetTotal[] =>
  assets.map((asset) => {
    const row = rows.find((r) => r.day === day && r.asset === asset);
    return { asset, count: row?.count ?? 0, sum: row?.sum ?? '0' };
  });

export function createDashboardHealth({ db, dashboard, scanner, timeZone, confirmations, now = Date.now, log }: Deps) {
  async function scannerLag(): Promise<ScannerLag[]> {
    const rows = (figures: Omit<ScannerLag, 'asset' | 'confirmations'>) =>
      assets.map((asset) => ({ asset, confirmations, ...figures }));
    if (!scanner) return rows({ head_block: null, scanned_through: null, lag_blocks: null, chain_error: 'no_chain' });
    try {
      const { head, safe, scannedThrough } = await scanner();
      const behind = scannedThrough === null ? null : safe - scannedThrough;
      return rows({
        head_block: Number(head),
        scanned_through: scannedThrough === null ? null : Number(scannedThrough),
        lag_blocks: behind === null ? null : Number(behind > 0n ? behind : 0n),
        chain_error: null,
      });
    } catch (error) {
      log?.warn({ err: (error as Error).message.split('\n')[0] }, 'dashboard: chain head unreadable');
      return rows({ head_block: null, scanned_through: null, lag_blocks: null, chain_error: 'unreachable' });
    }
  }

  return {
    /** The scanner, the payout queue and the last days' flows; a chain that cannot be read marks the scanner only. */
    async get(): Promise<DashboardHealth> {
      const at = now();
      const today = dayInZone(at, timeZone);
      const first = addDays(today, -(DASHBOARD_CHART_DAYS - 1));
      const lag = scannerLag();
      const [since, until] = await Promise.all([
        dashboard.startOf(db, first, timeZone),
        dashboard.startOf(db, addDays(today, 1), timeZone),
      ]);
      const range = { since, until, timeZone };
      const [queue, deposits, withdrawals] = await Promise.all([
        dashboard.payoutQueue(db),
        dashboard.dailyTotals(db, 'deposits', range),
        dashboard.dailyTotals(db, 'withdrawals', range),
      ]);
      const oldest = queue.oldest_queued_at;
      return {
        as_of: new Date(at).toISOString(),
        time_zone: timeZone,
        scanner: await lag,
        payout_queue: {
          ...queue,
          oldest_queued_at: oldest ? oldest.toISOString() : null,
          oldest_queued_seconds: oldest ? Math.max(0, Math.floor((at - oldest.getTime()) / 1000)) : null,
        },
        days: Array.from({ length: DASHBOARD_CHART_DAYS }, (_, i) => addDays(first, i)).map((day) => ({
          day,
          deposits: totalsOf(deposits, day),
          withdrawals: totalsOf(withdrawals, day),
        })),
      };
    },
  };
}
export type DashboardHealthService = ReturnType<typeof createDashboardHealth>;
