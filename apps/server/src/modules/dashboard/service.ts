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
import type { ChainBalances, ChainHoldings } from '../../platform/chain/balances.js';
import type { Db } from '../../platform/db/database.js';
import { dayInZone } from '../../platform/time/days.js';
import type { DashboardRepository } from './repository.js';

/** Where one token is beyond the shared deposit address and the hot wallet (the treasury module's holdings). */
export type HoldingsOf = (asset: Asset) => Promise<{
  unswept: string;
  sweepsInFlight: string;
  coldInFlight: string;
  depositAddresses: number;
  coldWallet: string;
  chain: { depositAddresses: string; cold: string } | null;
}>;

type Deps = {
  db: Db;
  dashboard: DashboardRepository;
  /** Absent when the app runs without a chain: the reconciliation then says so. */
  chainBalances: ChainBalances | null;
  /** Users' deposit addresses, cold storage and what is in flight; absent without a chain. */
  holdings?: HoldingsOf | null;
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

const NO_HOLDINGS = {
  unswept: '0',
  sweepsInFlight: '0',
  coldInFlight: '0',
  depositAddresses: 0,
  coldWallet: null,
  chain: null,
} as const;

export function createDashboardService({
  db,
  dashboard,
  chainBalances,
  holdings = null,
  timeZone,
  now = Date.now,
  log,
}: Deps) {
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
      const around = Promise.all(assets.map((asset) => (holdings ? holdings(asset) : NO_HOLDINGS)));
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
      const onChain = await chain;
      const elsewhere = await around;
      const reconciliation = assets.map((asset, i): Reconciliation => {
        const owed = plus(plus(balances[asset], escrow[asset]), open.queued[asset]);
        const held = onChain[i]!;
        const at = elsewhere[i]!;
        const books = {
          asset,
          user_balances: balances[asset],
          escrow: escrow[asset],
          withdrawals_queued: open.queued[asset],
          withdrawals_in_flight: open.inFlight[asset],
          unattributed: unattributed[asset],
          owed,
          unswept: at.unswept,
          sweeps_in_flight: at.sweepsInFlight,
          cold_in_flight: at.coldInFlight,
          cold_wallet: at.coldWallet,
          deposit_addresses: at.depositAddresses,
        };
        if (typeof held === 'string') {
          return {
            ...books,
            deposit_address: null,
            hot_wallet: null,
            deposit_balance: null,
            hot_wallet_balance: null,
            cold_balance: null,
            deposit_addresses_balance: null,
            deposit_addresses_difference: null,
            on_chain: null,
            difference: null,
            is_short: null,
            chain_error: held,
          };
        }
        // Addresses and cold storage unreadable: the row says unreachable rather than show a shortfall that is not there.
        if (holdings && !at.chain) {
          return {
            ...books,
            deposit_address: held.depositAddress,
            hot_wallet: held.hotWallet,
            deposit_balance: held.deposit,
            hot_wallet_balance: held.hot,
            cold_balance: null,
            deposit_addresses_balance: null,
            deposit_addresses_difference: null,
            on_chain: null,
            difference: null,
            is_short: null,
            chain_error: 'unreachable',
          };
        }
        const addresses = at.chain?.depositAddresses ?? '0';
        const cold = at.chain?.cold ?? '0';
        // Each token is in exactly one of these places on chain, whether a sweep or cold transfer in flight was mined yet or not.
        const total = plus(plus(plus(held.deposit, held.hot), addresses), cold);
        return {
          ...books,
          deposit_address: held.depositAddress,
          hot_wallet: held.hotWallet,
          deposit_balance: held.deposit,
          hot_wallet_balance: held.hot,
          cold_balance: at.chain ? cold : null,
          deposit_addresses_balance: at.chain ? addresses : null,
          deposit_addresses_difference: at.chain
            ? signedDifference(addresses, plus(at.unswept, at.sweepsInFlight))
            : null,
          on_chain: total,
          difference: signedDifference(total, owed),
          is_short: compare(total, owed) < 0,
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
