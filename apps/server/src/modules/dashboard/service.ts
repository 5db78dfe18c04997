import {
  assets,
  compare,
  plus,
  toUnits,
  fromUnits,
  type Asset,
  type Dashboard,
  type Reconciliation,
} from '@wallx/shared';
import type { ChainBalances, ChainHoldings } from '../../chain/balances.js';
import type { Db } from '../../db/database.js';
import { dayInZone } from '../../time/days.js';
import type { DashboardRepository } from './repository.js';

type Deps = {
  db: Db;
  dashboard: DashboardRepository;
  /** Absent when the app runs without a chain: the reconciliation then says so. */
  chainBalances: ChainBalances | null;
  /** The output job's time zone: "today" is its calendar day. */
  timeZone: string;
  now?: () => number;
  log?: { warn: (detail: object, message: string) => void };
};

/** a − b with its sign. */
function signedDifference(a: string, b: string): string {
  const diff = toUnits(a)! - toUnits(b)!;
  return diff < 0n ? `-${fromUnits(-diff)}` : fromUnits(diff);
}

export function createDashboardService({ db, dashboard, chainBalances, timeZone, now = Date.now, log }: Deps) {
  async function readChain(asset: Asset): Promise<ChainHoldings | 'no_chain' | 'unreachable'> {
    if (!chainBalances) return 'no_chain';
    try {
      return await chainBalances(asset);
    } catch (error) {
      log?.warn({ asset, err: (error as Error).message.split('\n')[0] }, 'dashboard: chain balances unreadable');
      return 'unreachable';
    }
  }

  return {
    /**
     * Today's activity and the reconciliation. The chain is read per asset, beside the database
     * queries; a chain that cannot be read marks its asset's row, never fails the page.
     */
    async get(): Promise<Dashboard> {
      const at = now();
      const day = dayInZone(at, timeZone);
      const chain = Promise.all(assets.map(readChain));
      const since = await dashboard.startOf(db, day, timeZone);
      const [users, deposits, withdrawals, awaiting, minersOn, output, balances, escrow, open, unattributed] =
        await Promise.all([
          dashboard.users(db, since),
          dashboard.depositsSince(db, since),
          dashboard.withdrawalsSince(db, since),
          dashboard.awaitingReview(db),
          dashboard.minersOn(db),
          dashboard.outputPending(db),
          dashboard.userBalances(db),
          dashboard.escrow(db),
          dashboard.openWithdrawals(db),
          dashboard.openUnattributed(db),
        ]);
      const holdings = await chain;
      const reconciliation = assets.map((asset, i): Reconciliation => {
        const owed = plus(plus(balances[asset], escrow[asset]), open.queued[asset]);
        const held = holdings[i]!;
        const books = {
          asset,
          user_balances: balances[asset],
          escrow: escrow[asset],
          withdrawals_queued: open.queued[asset],
          withdrawals_in_flight: open.inFlight[asset],
          unattributed: unattributed[asset],
          owed,
        };
        if (typeof held === 'string') {
          return {
            ...books,
            deposit_address: null,
            hot_wallet: null,
            deposit_balance: null,
            hot_wallet_balance: null,
            on_chain: null,
            difference: null,
            is_short: null,
            chain_error: held,
          };
        }
        const onChain = plus(held.deposit, held.hot);
        return {
          ...books,
          deposit_address: held.depositAddress,
          hot_wallet: held.hotWallet,
          deposit_balance: held.deposit,
          hot_wallet_balance: held.hot,
          on_chain: onChain,
          difference: signedDifference(onChain, owed),
          is_short: compare(onChain, owed) < 0,
          chain_error: null,
        };
      });
      return {
        as_of: new Date(at).toISOString(),
        day,
        time_zone: timeZone,
        users,
        deposits_today: deposits,
        withdrawals_today: withdrawals,
        withdrawals_awaiting_review: awaiting,
        miners_on: minersOn,
        output_pending: output,
        reconciliation,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
