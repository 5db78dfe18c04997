import { sql } from 'kysely';
import type { Asset, Deposit, UnattributedDeposit } from '@wallx/shared';
import type { Executor } from '../../db/database.js';
import type { PageRange } from '../../pagination/page.js';

/** What the chain said of a reported hash when it was last checked. */
export type ReportState = { status: Deposit['status']; confirmations: number; reason: string | null };

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
        insert into deposit_reports (user_id, tx_hash, asset, status, confirmations, reason, unseen_checks, next_check_at)
        values (${userId}, ${txHash}, ${asset}, ${state.status}, ${state.confirmations}, ${state.reason},
          ${isUnseen ? 1 : 0}, now() + make_interval(secs => ${isUnseen ? UNSEEN_RECHECK.firstSeconds : 0}::float8))
        on conflict (user_id, tx_hash) do update set status = case when deposit_reports.status = 'credited' then 'credited' else excluded.status end,
          confirmations = excluded.confirmations, reason = excluded.reason, checked_at = now(),
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
     * The user's deposits, newest first: every report (credited when its transfers were), and the
     * deposits the scanner found that were never reported, which count `confirmations` as theirs.
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
            trim_scale(d.amount)::text as amount, r.confirmations, r.reason, r.reported_at
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
        ) all_deposits
        where (${txHash}::text is null or tx_hash = ${txHash})
          and (${after?.reportedUs ?? null}::bigint is null
            or ((extract(epoch from reported_at) * 1000000)::bigint, tx_hash) < (${after?.reportedUs ?? null}::bigint, ${after?.txHash ?? null}::text))
        order by reported_at desc, tx_hash desc limit ${limit}`.execute(db);
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
