import { sql } from 'kysely';
import type { Asset, UnattributedDeposit } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';

/** Confirmed transfers to the shared address no user sent, for an operator to credit (decision 81). */
export function createUnattributedRepository() {
  return {
    /** Records a confirmed transfer no user sent, once per (tx hash, log index). */
    async insertUnattributed(
      trx: Executor,
      d: {
        asset: Asset;
        txHash: string;
        logIndex: number;
        from: string;
        amount: string;
        blockNumber: bigint;
        blockHash: string;
      },
    ): Promise<void> {
      await trx
        .insertInto('unattributed_deposits')
        .values({
          asset: d.asset,
          tx_hash: d.txHash,
          log_index: d.logIndex,
          from_address: d.from,
          amount: d.amount,
          block_number: d.blockNumber.toString(),
          block_hash: d.blockHash,
        })
        .onConflict((oc) => oc.columns(['tx_hash', 'log_index']).doNothing())
        .execute();
    },

    /** One unattributed deposit, locked (a credit and a report of the same transfer apply one after the other), with its credit if it has one. */
    async lockUnattributed(trx: Executor, id: string) {
      const { rows } = await sql<{
        id: string;
        asset: Asset;
        tx_hash: string;
        log_index: number;
        from_address: string;
        amount: string;
        block_number: string;
        block_hash: string;
        credited_to: string | null;
      }>`
        select ud.id::text as id, ud.asset, ud.tx_hash, ud.log_index, ud.from_address, trim_scale(ud.amount)::text as amount, ud.block_number::text as block_number, ud.block_hash,
               (select u.address from deposits d join users u on u.id = d.user_id where d.tx_hash = ud.tx_hash and d.log_index = ud.log_index) as credited_to
          from unattributed_deposits ud where ud.id = ${id}::bigint for update of ud`.execute(trx);
      return rows[0];
    },

    /** Newest first; open ones have no deposit row for their (tx hash, log index) yet. */
    async unattributed(
      db: Executor,
      filter: { status: 'open' | 'credited' | null; asset: Asset | null },
      range: PageRange,
    ): Promise<UnattributedDeposit[]> {
      const { rows } = await sql<
        Omit<UnattributedDeposit, 'found_at' | 'credited_at'> & { found_at: Date; credited_at: Date | null }
      >`
        select ud.id::text as id, ud.asset, trim_scale(ud.amount)::text as amount, ud.from_address, ud.tx_hash, ud.log_index, ud.block_number::text as block_number, ud.found_at,
               case when d.id is null then 'open' else 'credited' end as status, u.address as credited_to, d.credited_at
          from unattributed_deposits ud
          left join deposits d on d.tx_hash = ud.tx_hash and d.log_index = ud.log_index
          left join users u on u.id = d.user_id
         where (${filter.status}::text is null or (${filter.status} = 'open') = (d.id is null))
           and (${filter.asset}::text is null or ud.asset = ${filter.asset})
           and (${range.before}::bigint is null or ud.id < ${range.before}::bigint)
         order by ud.id desc limit ${range.limit}`.execute(db);
      return rows.map((row) => ({
        ...row,
        found_at: row.found_at.toISOString(),
        credited_at: row.credited_at?.toISOString() ?? null,
      }));
    },
  };
}
