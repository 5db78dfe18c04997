import { sql } from 'kysely';
import type { Asset } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';

/** One Swept event of the factory as the chain shows it, amounts in token units. */
export type SweptEvent = {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  /** The deposit address (the event's forwarder), lower-case. */
  address: string;
  asset: Asset;
  amount: string;
  deployed: boolean;
};

/**
 * The Swept events of the deposit factory, whoever sent the sweep (migration 033), and the cursor of
 * their reader. Custody only, as the rest of the treasury: nothing here touches the ledger.
 */
export function createSweptRepository() {
  return {
    async readThrough(db: Executor, name: string): Promise<bigint | null> {
      const row = await db
        .selectFrom('chain_cursors')
        .select('block_number')
        .where('name', '=', name)
        .executeTakeFirst();
      return row ? BigInt(row.block_number) : null;
    },

    /** Never moves the cursor back: a holder that stalled past its lease may finish a range late. */
    async setReadThrough(trx: Executor, name: string, block: bigint): Promise<void> {
      await sql`insert into chain_cursors (name, block_number) values (${name}, ${block.toString()})
        on conflict (name) do update set block_number = greatest(chain_cursors.block_number, excluded.block_number),
          updated_at = now()`.execute(trx);
    },

    /**
     * The block of the first credited deposit to a user's own address: no sweep before it moved
     * anything the books count, so a reader with no cursor yet starts there. Null: none yet.
     */
    async firstOwnDepositBlock(db: Executor): Promise<bigint | null> {
      const { rows } = await sql<{ block: string | null }>`
        select min(block_number)::text as block from deposits where to_address is not null`.execute(db);
      return rows[0]?.block ? BigInt(rows[0].block) : null;
    },

    /**
     * Records each event once, per (tx hash, log index), and only for users' addresses of `factory`
     * (a sweep of a salt no user has moves nothing the books hold). An event of one of our own sweeps
     * is recorded with its sweep: by the hash it was mined as, which a settled sweep keeps as
     * `tx_hash`, or any hash it was signed as while it is still open. The events newly recorded.
     */
    async record(trx: Executor, factory: string, events: readonly SweptEvent[]): Promise<{ sweepId: string | null }[]> {
      if (events.length === 0) return [];
      const addresses = [...new Set(events.map((e) => e.address))];
      const known = await trx
        .selectFrom('deposit_addresses')
        .select('address')
        .where(sql<boolean>`address = any(${addresses}::text[])`)
        .where('factory', '=', factory)
        .execute();
      const isKnown = new Set(known.map((row) => row.address));
      const kept = events.filter((e) => isKnown.has(e.address));
      if (kept.length === 0) return [];
      const hashes = [...new Set(kept.map((e) => e.txHash))];
      const ours = await sql<{ id: string; tx_hash: string; replaced_tx_hashes: string[] }>`
        select id::text as id, tx_hash, replaced_tx_hashes from sweeps where tx_hash = any(${hashes}::text[])
        union all
        select id::text, tx_hash, replaced_tx_hashes from sweeps
        where status = 'sent' and replaced_tx_hashes && ${hashes}::text[]`.execute(trx);
      const sweepOf = new Map<string, string>();
      for (const row of ours.rows)
        for (const hash of [row.tx_hash, ...row.replaced_tx_hashes]) sweepOf.set(hash, row.id);
      return trx
        .insertInto('swept_events')
        .values(
          kept.map((e) => ({
            tx_hash: e.txHash,
            log_index: e.logIndex,
            block_number: e.blockNumber.toString(),
            block_hash: e.blockHash,
            address: e.address,
            asset: e.asset,
            amount: e.amount,
            deployed: e.deployed,
            sweep_id: sweepOf.get(e.txHash) ?? null,
          })),
        )
        .onConflict((oc) => oc.columns(['tx_hash', 'log_index']).doNothing())
        .returning('sweep_id as sweepId')
        .execute();
    },
  };
}
export type SweptRepository = ReturnType<typeof createSweptRepository>;
