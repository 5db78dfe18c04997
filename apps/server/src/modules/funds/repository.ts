import { sql } from 'kysely';
import type { Asset, FundRecord, FundRecordType, Transfer } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';

export function createFundsRepository() {
  return {
    async fundRecords(
      db: Executor,
      userId: string,
      filter: PageRange & { type?: FundRecordType | undefined; asset?: Asset | undefined },
    ): Promise<FundRecord[]> {
      let query = db
        .selectFrom('ledger_entries as e')
        .innerJoin('accounts as a', 'a.id', 'e.account_id')
        .select([
          'e.id',
          'e.type',
          'a.asset',
          sql<string>`trim_scale(e.amount)::text`.as('amount'),
          sql<string>`trim_scale(e.balance_after)::text`.as('balance_after'),
          'e.ref_type',
          'e.ref_id',
          'e.created_at',
        ])
        .where('a.user_id', '=', userId)
        .orderBy('e.id', 'desc')
        .limit(filter.limit);
      if (filter.type) query = query.where('e.type', '=', filter.type);
      if (filter.asset) query = query.where('a.asset', '=', filter.asset);
      if (filter.before) query = query.where('e.id', '<', filter.before);
      const rows = await query.execute();
      return rows.map((r) => ({ ...r, type: r.type as FundRecordType, created_at: r.created_at.toISOString() }));
    },

    /** Transfers are ledger entries of type transfer_in/out; the counterpart owns the other side. */
    async transfers(db: Executor, userId: string, filter: PageRange): Promise<(Transfer & { entry_id: string })[]> {
      let query = db
        .selectFrom('ledger_entries as e')
        .innerJoin('accounts as a', 'a.id', 'e.account_id')
        .innerJoin('accounts as oa', 'oa.id', 'e.counterpart_account_id')
        .innerJoin('users as u', 'u.id', 'oa.user_id')
        .select([
          'e.id as entry_id',
          sql<string>`e.transaction_id::text`.as('id'),
          sql<'in' | 'out'>`case when e.amount < 0 then 'out' else 'in' end`.as('direction'),
          'u.address as counterpart',
          'a.asset',
          sql<string>`trim_scale(abs(e.amount))::text`.as('amount'),
          'e.created_at',
        ])
        .where('a.user_id', '=', userId)
        .where('e.type', 'in', ['transfer_in', 'transfer_out'])
        .orderBy('e.id', 'desc')
        .limit(filter.limit);
      if (filter.before) query = query.where('e.id', '<', filter.before);
      const rows = await query.execute();
      return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
    },
  };
}
export type FundsRepository = ReturnType<typeof createFundsRepository>;
