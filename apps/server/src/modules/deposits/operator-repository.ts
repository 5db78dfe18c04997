import { sql } from 'kysely';
import type { Asset, DepositStatus } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';

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

/** What the console reads of deposits and users' reports of them: every user's, as they are. */
export function createDepositOperatorRepository() {
  return {
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
  };
}
export type DepositOperatorRepository = ReturnType<typeof createDepositOperatorRepository>;
