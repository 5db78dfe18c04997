import { sql } from 'kysely';
import type { Asset } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';
import { createAidGrantQueries } from './repository-grants.js';
export type { GrantRow, PartnerRow } from './repository-grants.js';

export type FundTotalsRow = {
  asset: Asset;
  balance: string;
  donations: string;
  shares: string;
  granted: string;
  granting: string;
};
export type DonationRow = {
  id: string;
  user: string;
  asset: Asset;
  amount: string;
  shown: boolean;
  created_at: Date;
};

/** The aid fund's SQL: the fund's figures from its ledger entries, its partners, donations and grants. */
export function createAidFundRepository() {
  return {
    /**
     * Per asset, from the `aid_fund` account's entries alone: what it holds, what donations and the
     * pool's shares brought, and what grants took (paid, or still on their way; a failed one's refund
     * is netted from what it took).
     */
    async totals(db: Executor): Promise<FundTotalsRow[]> {
      const { rows } = await sql<FundTotalsRow>`
        select a.asset,
          trim_scale(coalesce(sum(e.amount), 0))::text as balance,
          trim_scale(coalesce(sum(e.amount) filter (where e.type = 'donation'), 0))::text as donations,
          trim_scale(coalesce(sum(e.amount) filter (where e.type = 'aid_share'), 0))::text as shares,
          trim_scale((select coalesce(sum(g.amount), 0) from aid_grants g
            where g.asset = a.asset and g.status = 'paid'))::text as granted,
          trim_scale((select coalesce(sum(g.amount), 0) from aid_grants g
            where g.asset = a.asset and g.status in ('queued', 'sending')))::text as granting
        from accounts a left join ledger_entries e on e.account_id = a.id
        where a.kind = 'aid_fund' and a.user_id is null
        group by a.id, a.asset order by a.asset`.execute(db);
      return rows;
    },

    /**
     * What the fund holds in `asset`, its account row locked until the transaction ends: platform
     * accounts are never updated (the posting does not guard them), so every grant takes this lock
     * before it spends, and two grants cannot both spend the last units. Credits need no lock.
     */
    async lockBalance(trx: Executor, asset: Asset): Promise<string> {
      const { rows } = await sql<{ balance: string }>`
        with fund as (
          select id from accounts where kind = 'aid_fund' and user_id is null and asset = ${asset} for update
        )
        select trim_scale(coalesce(sum(e.amount), 0))::text as balance
        from fund left join ledger_entries e on e.account_id = fund.id`.execute(trx);
      return rows[0]?.balance ?? '0';
    },

    async balance(db: Executor, asset: Asset): Promise<string> {
      const { rows } = await sql<{ balance: string }>`
        select trim_scale(coalesce(sum(e.amount), 0))::text as balance
        from accounts a left join ledger_entries e on e.account_id = a.id
        where a.kind = 'aid_fund' and a.user_id is null and a.asset = ${asset}`.execute(db);
      return rows[0]?.balance ?? '0';
    },

    async insertDonation(
      trx: Executor,
      d: { userId: string; asset: Asset; amount: string; shown: boolean; transactionId: string },
    ): Promise<{ id: string; created_at: Date }> {
      return trx
        .insertInto('aid_donations')
        .values({
          user_id: d.userId,
          asset: d.asset,
          amount: d.amount,
          shown: d.shown,
          transaction_id: d.transactionId,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    /** Donations newest first, with the donor's address (the caller decides what of it to show). */
    async donations(db: Executor, range: PageRange): Promise<DonationRow[]> {
      let query = db
        .selectFrom('aid_donations as d')
        .innerJoin('users as u', 'u.id', 'd.user_id')
        .select([
          'd.id',
          'u.address as user',
          'd.asset',
          sql<string>`trim_scale(d.amount)::text`.as('amount'),
          'd.shown',
          'd.created_at',
        ])
        .orderBy('d.id', 'desc')
        .limit(range.limit);
      if (range.before) query = query.where('d.id', '<', range.before);
      return (await query.execute()) as DonationRow[];
    },

    ...createAidGrantQueries(),
  };
}
export type AidFundRepository = ReturnType<typeof createAidFundRepository>;
