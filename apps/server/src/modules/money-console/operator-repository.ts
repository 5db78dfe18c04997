import { sql } from 'kysely';
import type { Asset, FundRecordType } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';

export type ReportTotalRow = { day: string; asset: Asset; type: FundRecordType; count: string; total: string };

/** What the money report reads: the ledger itself. */
export function createMoneyConsoleRepository() {
  return {
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
export type MoneyConsoleRepository = ReturnType<typeof createMoneyConsoleRepository>;
