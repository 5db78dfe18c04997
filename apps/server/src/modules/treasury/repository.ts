import { sql } from 'kysely';
import { plus, type Asset } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';

type MoveStatus = 'sent' | 'confirmed' | 'reverted' | 'dropped';

/** A sweep or cold transfer as the worker settles it. */
export type OpenMove = {
  id: string;
  asset: Asset;
  nonce: string;
  /** The latest signed; `replaced_tx_hashes` the earlier ones at the same nonce, any of which may still be mined. */
  tx_hash: string;
  raw_tx: string;
  gas_price: string;
  replaced_tx_hashes: string[];
  signed_at: Date;
};
/** The two tables of moves between the platform's own addresses. */
export type MoveTable = 'sweeps' | 'cold_transfers';
const openColumns = [
  'id',
  'asset',
  'nonce',
  'tx_hash',
  'raw_tx',
  'gas_price',
  'replaced_tx_hashes',
  'signed_at',
] as const;

/** What one signed transaction's row is stored with, before it is broadcast. */
export type Signed = { nonce: number; txHash: string; raw: string; gasPrice: bigint };

/** How a mined transaction ended, for the record. */
export type Settlement = {
  status: Exclude<MoveStatus, 'sent'>;
  /** The hash that was mined (null: dropped, none was). */
  txHash: string | null;
  gasUsed: bigint | null;
  gasCost: bigint | null;
  blockNumber: bigint | null;
};

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

/** An address holding tokens by the books: unswept (credited less moved) and in flight (a sweep unsettled). */
export type AddressHoldingRow = {
  address: string;
  user_id: string;
  user: string;
  asset: Asset;
  unswept: string;
  in_flight: string;
};

const text = (column: string) => sql.raw(`coalesce(trim_scale(${column}), 0)::text`);

/** An address the books say owes a sweep, as candidates are paged: largest first, then by address. */
export type SweepCandidate = { address: string; user_id: string; unswept: string };

/**
 * Per address and token: what credited deposits brought, and what sweeps took — ours when confirmed
 * by their Swept events, unsettled ones by the balance read when they were signed, and everyone
 * else's by the Swept events read from the chain (migration 033; an event of our own sweep is
 * recorded with it and counted once, here as ours). Unswept is never below zero: a sweep can move a
 * deposit still confirming before it is credited.
 */
const holdings = (asset: Asset | null) => sql`
  with credited as (
    select to_address as address, asset, sum(amount) as credited from deposits
    where to_address is not null ${asset ? sql`and asset = ${asset}` : sql``} group by to_address, asset
  ), moved as (
    select sa.address, s.asset,
      coalesce(sum(sa.swept) filter (where s.status = 'confirmed'), 0) as swept,
      coalesce(sum(sa.expected) filter (where s.status = 'sent'), 0) as in_flight
    from sweep_addresses sa join sweeps s on s.id = sa.sweep_id
    where s.status in ('sent', 'confirmed') ${asset ? sql`and s.asset = ${asset}` : sql``}
    group by sa.address, s.asset
  ), others as (
    select address, asset, sum(amount) as swept from swept_events
    where sweep_id is null ${asset ? sql`and asset = ${asset}` : sql``} group by address, asset
  )
  select c.address, c.asset,
    greatest(c.credited - coalesce(m.swept, 0) - coalesce(o.swept, 0) - coalesce(m.in_flight, 0), 0) as unswept,
    coalesce(m.in_flight, 0) as in_flight
  from credited c left join moved m on m.address = c.address and m.asset = c.asset
  left join others o on o.address = c.address and o.asset = c.asset`;

/**
 * Sweeps and cold transfers (migration 027). Custody only: nothing here touches the ledger. The
 * unswept figures are sums over each address's deposits and sweeps, read per query (no running
 * balance row that every deposit would update).
 */
/**
 * A mined move keeps the hash that was mined as its `tx_hash` (the console links it), the others it
 * was signed as among the replaced ones; a dropped one keeps its hashes as they were.
 */
function minedHash(settlement: Settlement) {
  if (!settlement.txHash) return {};
  return {
    tx_hash: settlement.txHash,
    replaced_tx_hashes: sql<string[]>`array_remove(array_append(replaced_tx_hashes, tx_hash), ${settlement.txHash})`,
  };
}

export function createTreasuryRepository() {
  return {
    /**
     * Addresses of `factory` owing a sweep of `asset` by the books (at least `minimum`), largest
     * first, from just past `after`; none with a sweep in flight.
     */
    async sweepable(
      db: Executor,
      q: { asset: Asset; factory: string; minimum: string; limit: number; after: SweepCandidate | null },
    ): Promise<SweepCandidate[]> {
      const { rows } = await sql<SweepCandidate>`
        with h as (${holdings(q.asset)})
        select h.address, da.user_id::text as user_id, ${text('h.unswept')} as unswept
        from h join deposit_addresses da on da.address = h.address
        where da.factory = ${q.factory} and h.in_flight = 0 and h.unswept >= ${q.minimum}::numeric
          ${q.after ? sql`and (h.unswept < ${q.after.unswept}::numeric or (h.unswept = ${q.after.unswept}::numeric and h.address > ${q.after.address}))` : sql``}
        order by h.unswept desc, h.address limit ${q.limit}`.execute(db);
      return rows;
    },

    /**
     * What the books hold of `asset` at deposit addresses (unswept, and in flight), and the addresses
     * to read on chain: the `limit` holding the most, with what the books say of those.
     */
    async heldAtAddresses(
      db: Executor,
      asset: Asset,
      limit: number,
    ): Promise<{ unswept: string; inFlight: string; addresses: string[]; readBooks: string; count: number }> {
      const { rows } = await sql<{
        address: string;
        held: string;
        total: string;
        total_in_flight: string;
        n: number;
      }>`
        with h as (${holdings(asset)})
        select address, ${text('unswept + in_flight')} as held,
          ${text('sum(unswept) over ()')} as total, ${text('sum(in_flight) over ()')} as total_in_flight,
          count(*) over ()::int as n
        from h where unswept > 0 or in_flight > 0
        order by unswept + in_flight desc, address limit ${limit}`.execute(db);
      const first = rows[0];
      return {
        unswept: first?.total ?? '0',
        inFlight: first?.total_in_flight ?? '0',
        addresses: rows.map((r) => r.address),
        readBooks: rows.reduce((sum, r) => plus(sum, r.held), '0'),
        count: first?.n ?? 0,
      };
    },

    /** Deposit addresses holding anything by the books, one row per address and token, paged by address. */
    async addressHoldings(db: Executor, after: string | null, limit: number): Promise<AddressHoldingRow[]> {
      const { rows } = await sql<AddressHoldingRow>`
        with h as (${holdings(null)}), page as (
          select distinct h.address from h where (h.unswept > 0 or h.in_flight > 0)
            ${after ? sql`and h.address > ${after}` : sql``}
          order by h.address limit ${limit}
        )
        select h.address, da.user_id::text as user_id, u.address as "user", h.asset,
          ${text('h.unswept')} as unswept, ${text('h.in_flight')} as in_flight
        from page p join h on h.address = p.address
        join deposit_addresses da on da.address = h.address join users u on u.id = da.user_id
        order by h.address, h.asset`.execute(db);
      return rows;
    },

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

    /**
     * Stores a replacement of the move's latest transaction (same nonce, more gas), keeping the one it
     * replaces among those that may still be mined. False when the move was settled or replaced meanwhile.
     */
    async replaceMove(trx: Executor, table: MoveTable, id: string, replaced: string, signed: Signed): Promise<boolean> {
      const updated = await trx
        .updateTable(table)
        .set({
          tx_hash: signed.txHash,
          raw_tx: signed.raw,
          gas_price: signed.gasPrice.toString(),
          replaced_tx_hashes: sql<string[]>`array_append(replaced_tx_hashes, tx_hash)`,
          signed_at: new Date(),
        })
        .where('id', '=', id)
        .where('status', '=', 'sent')
        .where('tx_hash', '=', replaced)
        .where('nonce', '=', String(signed.nonce))
        .executeTakeFirst();
      return updated.numUpdatedRows === 1n;
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

    /** What sweeps and cold transfers of `asset` not yet settled are moving. */
    async inFlight(db: Executor, asset: Asset): Promise<{ sweeps: string; cold: string }> {
      const { rows } = await sql<{ sweeps: string; cold: string }>`
        select
          (select ${text('sum(sa.expected)')} from sweep_addresses sa join sweeps s on s.id = sa.sweep_id
            where s.status = 'sent' and s.asset = ${asset}) as sweeps,
          (select ${text('sum(amount)')} from cold_transfers where status = 'sent' and asset = ${asset}) as cold`.execute(
        db,
      );
      return rows[0]!;
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
export type TreasuryRepository = ReturnType<typeof createTreasuryRepository>;
