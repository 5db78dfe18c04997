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

export type SweepRow = {
  id: string;
  asset: Asset;
  status: MoveStatus;
  tx_hash: string;
  addresses: number;
  expected: string;
  amount_received: string | null;
  deployed_count: number | null;
  gas_used: string | null;
  gas_cost: string | null;
  created_at: Date;
  settled_at: Date | null;
};

/** Sweeps of deposit addresses into the hot wallet: recorded when signed, settled with what each address gave, listed. */
export function createSweepsRepository() {
  return {
    async recordSweep(
      trx: Executor,
      asset: Asset,
      signed: Signed,
      items: { address: string; expected: string }[],
    ): Promise<string> {
      const row = await trx
        .insertInto('sweeps')
        .values({
          asset,
          status: 'sent',
          nonce: String(signed.nonce),
          tx_hash: signed.txHash,
          raw_tx: signed.raw,
          gas_price: signed.gasPrice.toString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('sweep_addresses')
        .values(items.map((item) => ({ sweep_id: row.id, address: item.address, expected: item.expected })))
        .execute();
      return row.id;
    },

    openSweeps: (db: Executor): Promise<OpenMove[]> =>
      db.selectFrom('sweeps').select(openColumns).where('status', '=', 'sent').orderBy('id').execute(),

    /** Settles a sweep still `sent` (false when another pass got there first), with what each address gave. */
    async settleSweep(
      trx: Executor,
      id: string,
      settlement: Settlement,
      moved: { received: string; deployedCount: number; perAddress: Map<string, { swept: string; deployed: boolean }> },
    ): Promise<boolean> {
      const updated = await trx
        .updateTable('sweeps')
        .set({
          ...minedHash(settlement),
          status: settlement.status,
          gas_used: settlement.gasUsed?.toString() ?? null,
          gas_cost: settlement.gasCost?.toString() ?? null,
          block_number: settlement.blockNumber?.toString() ?? null,
          amount_received: settlement.status === 'confirmed' ? moved.received : null,
          deployed_count: settlement.status === 'confirmed' ? moved.deployedCount : null,
          settled_at: new Date(),
        })
        .where('id', '=', id)
        .where('status', '=', 'sent')
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) return false;
      const items = await trx.selectFrom('sweep_addresses').select('address').where('sweep_id', '=', id).execute();
      for (const { address } of items) {
        const got = settlement.status === 'confirmed' ? moved.perAddress.get(address) : undefined;
        await trx
          .updateTable('sweep_addresses')
          .set({ swept: got?.swept ?? '0', deployed: got?.deployed ?? false })
          .where('sweep_id', '=', id)
          .where('address', '=', address)
          .execute();
      }
      return true;
    },

    async sweeps(db: Executor, asset: Asset | undefined, range: PageRange): Promise<SweepRow[]> {
      const { rows } = await sql<SweepRow>`
        select s.id::text as id, s.asset, s.status, s.tx_hash,
          (select count(*)::int from sweep_addresses sa where sa.sweep_id = s.id) as addresses,
          (select ${text('sum(sa.expected)')} from sweep_addresses sa where sa.sweep_id = s.id) as expected,
          trim_scale(s.amount_received)::text as amount_received, s.deployed_count,
          s.gas_used::text as gas_used, s.gas_cost::text as gas_cost, s.created_at, s.settled_at
        from sweeps s
        where true ${asset ? sql`and s.asset = ${asset}` : sql``}
          ${range.before ? sql`and s.id < ${range.before}::bigint` : sql``}
        order by s.id desc limit ${range.limit}`.execute(db);
      return rows;
    },
  };
}
