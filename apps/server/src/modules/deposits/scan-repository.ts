import { sql } from 'kysely';
import type { Asset } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { creditOf } from './transfer-logs.js';

/** A transfer to a user seen before its confirmations (decision 126). */
export type Sighting = ReturnType<typeof creditOf> & { userId: string; confirmations: number };

/** A sighting as its user's stream is told of it. */
export type SightingNews = { user_id: string; tx_hash: string; asset: Asset; amount: string; confirmations: number };

/** What the scanner keeps: the deposits it sighted before their confirmations, and how far it has read. */
export function createScanRepository() {
  return {
    /**
     * Records what a read past the confirmed head saw (decision 126): new sightings, and the block
     * and confirmations of those seen before (a transfer mined again elsewhere after a reorg takes its
     * new block). One already credited is not recorded. Answers those whose user sees something new:
     * a first sighting, or a confirmation more.
     */
    async saveSightings(trx: Executor, sightings: readonly Sighting[]): Promise<SightingNews[]> {
      if (sightings.length === 0) return [];
      const column = <K extends keyof Sighting>(key: K) => sightings.map((x) => x[key]);
      const { rows } = await sql<SightingNews & { reported: boolean }>`
        with input as (
          select * from unnest(${column('txHash')}::text[], ${column('logIndex')}::int[], ${column('userId')}::bigint[],
            ${column('asset')}::text[], ${column('from')}::text[], ${column('amount')}::numeric[],
            ${sightings.map((x) => x.blockNumber.toString())}::bigint[], ${column('blockHash')}::text[],
            ${column('confirmations')}::int[])
            as i (tx_hash, log_index, user_id, asset, from_address, amount, block_number, block_hash, confirmations)
          where not exists (select 1 from deposits d where d.tx_hash = i.tx_hash and d.log_index = i.log_index)
        )
        insert into deposit_sightings as s (tx_hash, log_index, user_id, asset, from_address, amount, block_number, block_hash, confirmations)
        select * from input
        on conflict (tx_hash, log_index) do update set block_number = excluded.block_number,
          block_hash = excluded.block_hash, confirmations = excluded.confirmations
          where (s.block_hash, s.confirmations) is distinct from (excluded.block_hash, excluded.confirmations)
        returning s.user_id::text as user_id, s.tx_hash, s.asset, trim_scale(s.amount)::text as amount, s.confirmations,
          exists (select 1 from deposit_reports r where r.user_id = s.user_id and r.tx_hash = s.tx_hash) as reported`.execute(
        trx,
      );
      // A reported one is told by its report's checks, each pass (deposit-news.ts): not twice.
      return rows.filter((row) => !row.reported).map(({ reported: _reported, ...row }) => row);
    },

    /**
     * Forgets the sightings in blocks `from`..`to` that a read of those blocks no longer has (their
     * block was reorganised away), and every one at or below `confirmedThrough` (the scanner has read
     * those blocks as confirmed: credited, or gone). Answers the ones forgotten for a reorg.
     */
    async forgetSightings(
      trx: Executor,
      range: { from: bigint; to: bigint; confirmedThrough: bigint },
      seen: readonly { txHash: string; logIndex: number }[],
    ): Promise<SightingNews[]> {
      await sql`delete from deposit_sightings where block_number <= ${range.confirmedThrough.toString()}::bigint`.execute(
        trx,
      );
      const { rows } = await sql<SightingNews>`
        delete from deposit_sightings s
        where s.block_number between ${range.from.toString()}::bigint and ${range.to.toString()}::bigint
          and (s.tx_hash, s.log_index) not in (
            select * from unnest(${seen.map((x) => x.txHash)}::text[], ${seen.map((x) => x.logIndex)}::int[]))
        returning s.user_id::text as user_id, s.tx_hash, s.asset, trim_scale(s.amount)::text as amount, 0 as confirmations`.execute(
        trx,
      );
      return rows;
    },

    /** The last block the scanner read for `name`, if it read any. */
    async scannedThrough(db: Executor, name: string): Promise<bigint | null> {
      const row = await db
        .selectFrom('chain_cursors')
        .select('block_number')
        .where('name', '=', name)
        .executeTakeFirst();
      return row ? BigInt(row.block_number) : null;
    },

    async setScannedThrough(trx: Executor, name: string, block: bigint): Promise<void> {
      await sql`insert into chain_cursors (name, block_number) values (${name}, ${block.toString()})
        on conflict (name) do update set block_number = excluded.block_number, updated_at = now()`.execute(trx);
    },
  };
}
