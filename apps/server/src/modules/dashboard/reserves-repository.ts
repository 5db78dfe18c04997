import { sql } from 'kysely';
import type { Asset } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { sumText, type AssetSums } from './sums.js';

/** What the platform owes: users' balances, escrow, unattributed transfers and withdrawals not yet paid. */
export function createReservesRepository() {
  return {
    /** What users hold in their accounts, as the ledger keeps it (locked amounts are not in them). */
    async userBalances(db: Executor): Promise<AssetSums> {
      const { rows } = await sql<{ asset: Asset; sum: string }>`
        select asset, ${sumText('balance')} as sum from accounts where user_id is not null group by asset`.execute(db);
      return {
        USDT: rows.find((r) => r.asset === 'USDT')?.sum ?? '0',
        WALLX: rows.find((r) => r.asset === 'WALLX')?.sum ?? '0',
      };
    },

    /**
     * WALLX held in escrow: the amount and fee of every pending C2C order, which is what the escrow
     * account holds (each order puts both in and takes both out), read from the pending orders'
     * index rather than by summing the account's ever-growing entries.
     */
    async escrow(db: Executor): Promise<AssetSums> {
      const { rows } = await sql<{
        sum: string;
      }>`select ${sumText('amount + fee')} as sum from c2c_orders where status = 'pending'`.execute(db);
      return { USDT: '0', WALLX: rows[0]!.sum };
    },

    /** Transfers no user sent that have no deposit row yet (decision 81). */
    async openUnattributed(db: Executor): Promise<AssetSums> {
      const { rows } = await sql<{ asset: Asset; sum: string }>`
        select ud.asset, coalesce(trim_scale(sum(ud.amount)), 0)::text as sum from unattributed_deposits ud
        where not exists (select 1 from deposits d where d.tx_hash = ud.tx_hash and d.log_index = ud.log_index) group by ud.asset`.execute(
        db,
      );
      return {
        USDT: rows.find((r) => r.asset === 'USDT')?.sum ?? '0',
        WALLX: rows.find((r) => r.asset === 'WALLX')?.sum ?? '0',
      };
    },

    /**
     * Withdrawals debited from users and not yet paid: `queued` not yet signed (in review or waiting
     * for the payout worker), `inFlight` signed and sent but not yet confirmed (or held for an operator).
     */
    async openWithdrawals(db: Executor): Promise<{ queued: AssetSums; inFlight: AssetSums }> {
      const { rows } = await sql<{ asset: Asset; queued: string; in_flight: string }>`
        select asset,
          coalesce(trim_scale(sum(amount) filter (where status in ('pending_review', 'queued'))), 0)::text as queued,
          coalesce(trim_scale(sum(amount) filter (where status in ('broadcast', 'held'))), 0)::text as in_flight
        from withdrawals where status in ('pending_review', 'queued', 'broadcast', 'held') group by asset`.execute(db);
      const of = (asset: Asset, key: 'queued' | 'in_flight') => rows.find((r) => r.asset === asset)?.[key] ?? '0';
      return {
        queued: { USDT: of('USDT', 'queued'), WALLX: of('WALLX', 'queued') },
        inFlight: { USDT: of('USDT', 'in_flight'), WALLX: of('WALLX', 'in_flight') },
      };
    },
  };
}
