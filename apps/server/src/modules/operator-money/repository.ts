import { sql } from 'kysely';
import type { Asset, DepositStatus, FundRecordType, OperatorWithdrawalStatus } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';

export type OperatorWithdrawalRow = {
  id: string;
  user: string;
  asset: Asset;
  amount: string;
  fee: string;
  to_address: string;
  status: OperatorWithdrawalStatus;
  review_reason: string | null;
  failure_reason: string | null;
  nonce: string | null;
  tx_hash: string | null;
  is_stuck: boolean;
  created_at: Date;
  updated_at: Date;
};

export type OperatorDepositRow = {
  id: string;
  user: string;
  asset: Asset;
  amount: string;
  tx_hash: string;
  log_index: number;
  from_address: string;
  block_number: string;
  credited_at: Date;
};

export type OperatorDepositReportRow = {
  user_id: string;
  user: string;
  asset: Asset;
  tx_hash: string;
  status: DepositStatus;
  confirmations: number;
  reason: string | null;
  reported_at: Date;
  reported_us: string;
  checked_at: Date;
};

/** Where a page of deposit reports starts: after this report time (µs since the epoch), user and hash. */
export type ReportPosition = { reportedUs: string; userId: string; txHash: string };

export type ReportTotalRow = { day: string; asset: Asset; type: FundRecordType; count: string; total: string };

/** What the console reads of money: every row as it is, across users. */
export function createOperatorMoneyRepository() {
  return {
    async withdrawals(
      db: Executor,
      filter: {
        status?: OperatorWithdrawalStatus | undefined;
        asset?: Asset | undefined;
        user?: string | undefined;
        stuckAfterMs: number;
      },
      range: PageRange,
    ): Promise<OperatorWithdrawalRow[]> {
      const { rows } = await sql<OperatorWithdrawalRow>`
        select w.id::text as id, u.address as "user", w.asset, trim_scale(w.amount)::text as amount, trim_scale(w.fee)::text as fee,
          w.to_address, w.status, w.review_reason, w.failure_reason, w.nonce::text as nonce, w.tx_hash,
          (w.status = 'broadcast' and coalesce((
            select max(t.created_at) from withdrawal_transactions t where t.withdrawal_id = w.id
          ) < now() - make_interval(secs => ${filter.stuckAfterMs / 1000}), false)) as is_stuck,
          w.created_at, w.updated_at
        from withdrawals w join users u on u.id = w.user_id
        where true
          ${filter.status ? sql`and w.status = ${filter.status}` : sql``}
          ${filter.asset ? sql`and w.asset = ${filter.asset}` : sql``}
          ${filter.user ? sql`and u.address = ${filter.user}` : sql``}
          ${range.before ? sql`and w.id < ${range.before}::bigint` : sql``}
        order by w.id desc
        limit ${range.limit}`.execute(db);
      return rows;
    },

    async deposits(
      db: Executor,
      filter: { asset?: Asset | undefined; user?: string | undefined },
      range: PageRange,
    ): Promise<OperatorDepositRow[]> {
      const { rows } = await sql<OperatorDepositRow>`
        select d.id::text as id, u.address as "user", d.asset, trim_scale(d.amount)::text as amount, d.tx_hash, d.log_index,
          d.from_address, d.block_number::text as block_number, d.credited_at
        from deposits d join users u on u.id = d.user_id
        where true
          ${filter.asset ? sql`and d.asset = ${filter.asset}` : sql``}
          ${filter.user ? sql`and u.address = ${filter.user}` : sql``}
          ${range.before ? sql`and d.id < ${range.before}::bigint` : sql``}
        order by d.id desc
        limit ${range.limit}`.execute(db);
      return rows;
    },

    async depositReports(
      db: Executor,
      filter: { status?: DepositStatus | undefined },
      after: ReportPosition | null,
      limit: number,
    ): Promise<OperatorDepositReportRow[]> {
      const { rows } = await sql<OperatorDepositReportRow>`
        select r.user_id::text as user_id, u.address as "user", r.asset, r.tx_hash, r.status, r.confirmations, r.reason,
          r.reported_at, (extract(epoch from r.reported_at) * 1000000)::bigint::text as reported_us, r.checked_at
        from deposit_reports r join users u on u.id = r.user_id
        where true
          ${filter.status ? sql`and r.status = ${filter.status}` : sql``}
          ${
            after
              ? sql`and (r.reported_at, r.user_id, r.tx_hash) < (to_timestamp(${after.reportedUs}::numeric / 1000000), ${after.userId}::bigint, ${after.txHash})`
              : sql``
          }
        order by r.reported_at desc, r.user_id desc, r.tx_hash desc
        limit ${limit}`.execute(db);
      return rows;
    },

    /**
     * What users' balances gained or lost per day (in `timeZone`), asset and record type, from the
     * ledger itself: the report cannot disagree with the books. Only user accounts count, so each
     * movement is counted once (its platform side is left out).
     */
    async dailyTotals(db: Executor, range: { from: string; to: string; timeZone: string }): Promise<ReportTotalRow[]> {
      const { rows } = await sql<ReportTotalRow>`
        select to_char((e.created_at at time zone ${range.timeZone})::date, 'YYYY-MM-DD') as day, a.asset, e.type,
          count(*)::text as count, trim_scale(sum(e.amount))::text as total
        from ledger_entries e join accounts a on a.id = e.account_id
        where a.kind = 'user'
          and e.created_at >= (${range.from}::date::timestamp at time zone ${range.timeZone})
          and e.created_at < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})
        group by 1, 2, 3
        order by 1 desc, 2, 3`.execute(db);
      return rows;
    },
  };
}

export type OperatorMoneyRepository = ReturnType<typeof createOperatorMoneyRepository>;
