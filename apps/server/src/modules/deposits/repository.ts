import { sql } from 'kysely';
import type { Asset, Deposit, UnattributedDeposit } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';
import type { creditOf } from './transfer-logs.js';

/** What the chain said of a reported hash when it was last checked; `amount` what it moves to the user, once its receipt is known. */
export type ReportState = {
  status: Deposit['status'];
  confirmations: number;
  reason: string | null;
  amount?: string | null;
};

/** A transfer to a user seen before its confirmations (decision 126). */
export type Sighting = ReturnType<typeof creditOf> & { userId: string; confirmations: number };

/** A sighting as its user's stream is told of it. */
export type SightingNews = { user_id: string; tx_hash: string; asset: Asset; amount: string; confirmations: number };

export type DepositRow = Omit<Deposit, 'required_confirmations' | 'reported_at'> & {
  reported_at: Date;
  reported_us: string;
};

/**
 * When a reported hash the node has no receipt for is checked again: `firstSeconds` after the first
 * miss, doubling with each, never more than `maxSeconds` apart (decision 124).
 */
export const UNSEEN_RECHECK = { firstSeconds: 1, maxSeconds: 60 } as const;

/** Where a page of deposits starts: after this report time (µs since the epoch) and hash. */
export type DepositPosition = { reportedUs: string; txHash: string };

export function createDepositRepository() {
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

    async markReportCredited(trx: Executor, userId: string, txHash: string): Promise<void> {
      await trx
        .updateTable('deposit_reports')
        .set({ status: 'credited', reason: null, checked_at: new Date() })
        .where('user_id', '=', userId)
        .where('tx_hash', '=', txHash)
        .execute();
    },

    /** markReportCredited for many (user, hash) pairs in one statement. */
    async markReportsCredited(trx: Executor, reports: readonly { userId: string; txHash: string }[]): Promise<void> {
      if (reports.length === 0) return;
      await sql`update deposit_reports r set status = 'credited', reason = null, checked_at = ${new Date()}
        from unnest(${reports.map((x) => x.userId)}::bigint[], ${reports.map((x) => x.txHash)}::text[]) as c(user_id, tx_hash)
        where r.user_id = c.user_id and r.tx_hash = c.tx_hash`.execute(trx);
    },

    /** Whether the user reported this hash before, and how many of the last day's reports credited nothing (yet). */
    async reportsOf(db: Executor, userId: string, txHash: string): Promise<{ isKnown: boolean; uncredited: number }> {
      const { rows } = await sql<{ known: boolean; uncredited: string }>`
        select exists (select 1 from deposit_reports where user_id = ${userId} and tx_hash = ${txHash}) as known,
          (select count(*) from deposit_reports where user_id = ${userId} and status <> 'credited'
            and reported_at > now() - interval '24 hours')::text as uncredited`.execute(db);
      return { isKnown: rows[0]!.known, uncredited: Number(rows[0]!.uncredited) };
    },

    /**
     * Saves the latest check of a report; a credited one stays credited. A hash the node has no
     * receipt for is due again after 1 s, 2 s, 4 s … at most a minute (decision 124); any other is
     * due at once (a confirming one is counted up each pass).
     */
    async saveReport(db: Executor, userId: string, asset: Asset, txHash: string, state: ReportState): Promise<boolean> {
      const isUnseen = state.status === 'pending';
      // Answers whether what the user sees changed (status or confirmations): the stream tells them.
      const { rows } = await sql<{ changed: boolean }>`
        with previous as (
          select status, confirmations from deposit_reports where user_id = ${userId} and tx_hash = ${txHash}
        )
        insert into deposit_reports (user_id, tx_hash, asset, status, confirmations, reason, unseen_checks, next_check_at, amount)
        values (${userId}, ${txHash}, ${asset}, ${state.status}, ${state.confirmations}, ${state.reason},
          ${isUnseen ? 1 : 0}, now() + make_interval(secs => ${isUnseen ? UNSEEN_RECHECK.firstSeconds : 0}::float8),
          ${state.amount ?? null}::numeric)
        on conflict (user_id, tx_hash) do update set status = case when deposit_reports.status = 'credited' then 'credited' else excluded.status end,
          confirmations = excluded.confirmations, reason = excluded.reason, checked_at = now(),
          amount = coalesce(excluded.amount, deposit_reports.amount),
          unseen_checks = case when ${isUnseen}::boolean then deposit_reports.unseen_checks + 1 else 0 end,
          next_check_at = now() + make_interval(secs => case when ${isUnseen}::boolean
            then least(${UNSEEN_RECHECK.maxSeconds}::float8, ${UNSEEN_RECHECK.firstSeconds}::float8 * power(2, least(deposit_reports.unseen_checks, 30)))
            else 0 end)
        returning not exists (
          select 1 from previous p
          where p.status = deposit_reports.status and p.confirmations = deposit_reports.confirmations
        ) as changed`.execute(db);
      return rows[0]?.changed ?? false;
    },

    /**
     * The reports of the last hour the chain has not settled that are due, for one scanner pass: every
     * confirming one (the node knows it: its count goes up), newest first, and the oldest due of
     * those it has no receipt for, so many made-up hashes take a bounded share of each pass.
     */
    async openReports(db: Executor, limits: { confirming: number; unseen: number }) {
      const recent = db
        .selectFrom('deposit_reports as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['r.user_id', 'u.address', 'r.asset', 'r.tx_hash'])
        .where('r.reported_at', '>', sql<Date>`now() - interval '1 hour'`);
      const confirming = await recent
        .where('r.status', '=', 'confirming')
        .orderBy('r.reported_at', 'desc')
        .limit(limits.confirming)
        .execute();
      const unseen = await recent
        .where('r.status', '=', 'pending')
        .where('r.next_check_at', '<=', sql<Date>`now()`)
        .orderBy('r.next_check_at')
        .limit(limits.unseen)
        .execute();
      return [...confirming, ...unseen];
    },

    /**
     * The user's deposits, newest first: every report (credited when its transfers were), the
     * deposits the scanner found that were never reported, which count `confirmations` as theirs, and
     * those it has seen that are still confirming (decision 126).
     * Keyset pages on (report time, hash); `txHash` reads that one deposit.
     */
    async list(
      db: Executor,
      userId: string,
      {
        limit,
        confirmations,
        after = null,
        txHash = null,
      }: { limit: number; confirmations: number; after?: DepositPosition | null; txHash?: string | null },
    ): Promise<DepositRow[]> {
      const { rows } = await sql<DepositRow>`
        select *, (extract(epoch from reported_at) * 1000000)::bigint::text as reported_us from (
          select r.tx_hash, r.asset, case when d.amount is not null then 'credited' else r.status end as status,
            trim_scale(coalesce(d.amount, r.amount,
              (select sum(s.amount) from deposit_sightings s where s.user_id = r.user_id and s.tx_hash = r.tx_hash)))::text as amount,
            r.confirmations, r.reason, r.reported_at
          from deposit_reports r
          left join (select tx_hash, user_id, sum(amount) as amount from deposits group by tx_hash, user_id) d
            on d.tx_hash = r.tx_hash and d.user_id = r.user_id
          where r.user_id = ${userId}
          union all
          select d.tx_hash, min(d.asset), 'credited', trim_scale(sum(d.amount))::text, ${confirmations}, null, min(d.credited_at)
          from deposits d
          where d.user_id = ${userId}
            and not exists (select 1 from deposit_reports r where r.user_id = d.user_id and r.tx_hash = d.tx_hash)
          group by d.tx_hash
          union all
          -- Seen, not confirmed yet, and not reported (a report lists it above, with its amount).
          select s.tx_hash, min(s.asset), 'confirming', trim_scale(sum(s.amount))::text, min(s.confirmations), null, min(s.seen_at)
          from deposit_sightings s
          where s.user_id = ${userId}
            and not exists (select 1 from deposit_reports r where r.user_id = s.user_id and r.tx_hash = s.tx_hash)
            and not exists (select 1 from deposits d where d.user_id = s.user_id and d.tx_hash = s.tx_hash)
          group by s.tx_hash
        ) all_deposits
        where (${txHash}::text is null or tx_hash = ${txHash})
          and (${after?.reportedUs ?? null}::bigint is null
            or ((extract(epoch from reported_at) * 1000000)::bigint, tx_hash) < (${after?.reportedUs ?? null}::bigint, ${after?.txHash ?? null}::text))
        order by reported_at desc, tx_hash desc limit ${limit}`.execute(db);
      return rows;
    },

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
export type DepositRepository = ReturnType<typeof createDepositRepository>;
