import { sql } from 'kysely';
import type { Asset } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';
import {
  minedHash,
  openColumns,
  text,
  type MoveStatus,
  type OpenMove,
  type Settlement,
  type Signed,
} from './moves-repository.js';

export type ColdTransferRow = {
  id: string;
  asset: Asset;
  status: MoveStatus;
  amount: string;
  to_address: string;
  tx_hash: string;
  gas_cost: string | null;
  created_at: Date;
  settled_at: Date | null;
};

/** The hot wallet's excess sent to the cold wallet: recorded when signed, settled, listed; and the payouts it waits for. */
export function createColdRepository() {
  return {
    async recordColdTransfer(trx: Executor, asset: Asset, amount: string, to: string, signed: Signed): Promise<void> {
      await trx
        .insertInto('cold_transfers')
        .values({
          asset,
          status: 'sent',
          amount,
          to_address: to.toLowerCase(),
          nonce: String(signed.nonce),
          tx_hash: signed.txHash,
          raw_tx: signed.raw,
          gas_price: signed.gasPrice.toString(),
        })
        .execute();
    },

    openColdTransfers: (db: Executor): Promise<OpenMove[]> =>
      db.selectFrom('cold_transfers').select(openColumns).where('status', '=', 'sent').orderBy('id').execute(),

    async settleColdTransfer(trx: Executor, id: string, settlement: Settlement): Promise<boolean> {
      const updated = await trx
        .updateTable('cold_transfers')
        .set({
          ...minedHash(settlement),
          status: settlement.status,
          gas_used: settlement.gasUsed?.toString() ?? null,
          gas_cost: settlement.gasCost?.toString() ?? null,
          block_number: settlement.blockNumber?.toString() ?? null,
          settled_at: new Date(),
        })
        .where('id', '=', id)
        .where('status', '=', 'sent')
        .executeTakeFirst();
      return updated.numUpdatedRows === 1n;
    },

    /**
     * Payouts of `asset` signed and not yet settled (the withdrawals' own table, read as a report):
     * the hot wallet's balance may still show them, so the excess sent cold does not count them.
     */
    async payoutsInFlight(db: Executor, asset: Asset): Promise<string> {
      const { rows } = await sql<{ sum: string }>`
        select ${text('sum(amount)')} as sum from withdrawals where status in ('broadcast', 'held') and asset = ${asset}`.execute(
        db,
      );
      return rows[0]!.sum;
    },

    async coldTransfers(db: Executor, asset: Asset | undefined, range: PageRange): Promise<ColdTransferRow[]> {
      const { rows } = await sql<ColdTransferRow>`
        select id::text as id, asset, status, trim_scale(amount)::text as amount, to_address, tx_hash,
          gas_cost::text as gas_cost, created_at, settled_at
        from cold_transfers
        where true ${asset ? sql`and asset = ${asset}` : sql``}
          ${range.before ? sql`and id < ${range.before}::bigint` : sql``}
        order by id desc limit ${range.limit}`.execute(db);
      return rows;
    },
  };
}
