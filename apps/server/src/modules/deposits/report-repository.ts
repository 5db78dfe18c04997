import { sql } from 'kysely';
import type { Asset, Deposit } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';

/** What the chain said of a reported hash when it was last checked; `amount` what it moves to the user, once its receipt is known. */
export type ReportState = {
  status: Deposit['status'];
  confirmations: number;
  reason: string | null;
  amount?: string | null;
};

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

/** The hashes users report, what the chain said of each, and the deposits list they are part of. */
export function createReportRepository() {
  return {
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
  };
}
