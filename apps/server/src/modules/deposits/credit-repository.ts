import { sql } from 'kysely';
import type { Asset } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';

/** Users' deposit addresses and the credited deposits: each (tx hash, log index) once. */
export function createCreditRepository() {
  return {
    /** Keeps a user's deposit address once it is handed out (the same address again changes nothing). */
    async saveAddress(db: Executor, a: { userId: string; address: string; factory: string }): Promise<void> {
      await db
        .insertInto('deposit_addresses')
        .values({ address: a.address, user_id: a.userId, factory: a.factory })
        .onConflict((oc) => oc.column('address').doNothing())
        .execute();
    },

    /**
     * The users whose deposit addresses are among these (lower-case): one lookup on the primary key
     * for a whole block range's transfers, however many users there are.
     */
    async ownersOf(db: Executor, addresses: readonly string[]): Promise<Map<string, string>> {
      if (addresses.length === 0) return new Map();
      const rows = await db
        .selectFrom('deposit_addresses')
        .select(['address', 'user_id'])
        .where(sql<boolean>`address = any(${[...addresses]}::text[])`)
        .execute();
      return new Map(rows.map((row) => [row.address, row.user_id]));
    },

    /** Inserts a credited transfer once per (tx hash, log index); its id, or undefined when it was there. */
    async insert(
      trx: Executor,
      d: {
        userId: string;
        asset: Asset;
        txHash: string;
        logIndex: number;
        from: string;
        amount: string;
        blockNumber: bigint;
        blockHash: string;
        /** The user's own deposit address it reached; absent for the shared one. */
        to?: string | undefined;
      },
    ): Promise<string | undefined> {
      const row = await trx
        .insertInto('deposits')
        .values({
          user_id: d.userId,
          asset: d.asset,
          tx_hash: d.txHash,
          log_index: d.logIndex,
          from_address: d.from,
          amount: d.amount,
          block_number: d.blockNumber.toString(),
          block_hash: d.blockHash,
          to_address: d.to ?? null,
        })
        .onConflict((oc) => oc.columns(['tx_hash', 'log_index']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * Inserts credited transfers to users' own deposit addresses in one statement, each once per
     * (tx hash, log index); the ids of those that were new, by `txHash:logIndex`.
     */
    async insertMany(
      trx: Executor,
      ds: readonly {
        userId: string;
        asset: Asset;
        txHash: string;
        logIndex: number;
        from: string;
        amount: string;
        blockNumber: bigint;
        blockHash: string;
        to: string;
      }[],
    ): Promise<Map<string, string>> {
      if (ds.length === 0) return new Map();
      const rows = await trx
        .insertInto('deposits')
        .values(
          ds.map((d) => ({
            user_id: d.userId,
            asset: d.asset,
            tx_hash: d.txHash,
            log_index: d.logIndex,
            from_address: d.from,
            amount: d.amount,
            block_number: d.blockNumber.toString(),
            block_hash: d.blockHash,
            to_address: d.to,
          })),
        )
        .onConflict((oc) => oc.columns(['tx_hash', 'log_index']).doNothing())
        .returning(['id', 'tx_hash', 'log_index'])
        .execute();
      return new Map(rows.map((row) => [`${row.tx_hash}:${row.log_index}`, row.id]));
    },

    /** The user a transfer was credited to, if it was. */
    async creditedUserOf(db: Executor, txHash: string, logIndex: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('deposits')
        .select('user_id')
        .where('tx_hash', '=', txHash)
        .where('log_index', '=', logIndex)
        .executeTakeFirst();
      return row?.user_id;
    },
  };
}
