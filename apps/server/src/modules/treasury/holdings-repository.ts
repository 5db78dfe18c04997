import { sql } from 'kysely';
import { plus, type Asset } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import { text } from './moves-repository.js';

/** An address holding tokens by the books: unswept (credited less moved) and in flight (a sweep unsettled). */
export type AddressHoldingRow = {
  address: string;
  user_id: string;
  user: string;
  asset: Asset;
  unswept: string;
  in_flight: string;
};

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

/** What the books say deposit addresses hold: the sweep's candidates and the console's holdings. */
export function createHoldingsRepository() {
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
  };
}
