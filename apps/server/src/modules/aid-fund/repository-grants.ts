import { sql } from 'kysely';
import type { Asset } from '@wallx/shared';
import type { Executor } from '../../platform/db/database.js';
import type { PageRange } from '../../platform/pagination/page.js';

export type PartnerRow = {
  id: string;
  name: string;
  address: string;
  website: string | null;
  active: boolean;
  created_by: string;
  updated_by: string;
  created_at: Date;
  updated_at: Date;
};

export type GrantRow = {
  id: string;
  partner_id: string;
  partner: string;
  asset: Asset;
  amount: string;
  to_address: string;
  status: 'queued' | 'sending' | 'paid' | 'failed';
  tx_hash: string | null;
  withdrawal_id: string | null;
  proposal_id: string;
  proposed_by: string;
  approved_by: string;
  proposed_at: Date;
  approved_at: Date;
  paid_at: Date | null;
};

const partnerColumns = [
  'id',
  'name',
  'address',
  'website',
  'active',
  'created_by',
  'updated_by',
  'created_at',
  'updated_at',
] as const;

/** The partners' and grants' SQL: partners kept by operators, grants as approved and as their payouts went. */
export function createAidGrantQueries() {
  return {
    async partners(db: Executor, { activeOnly }: { activeOnly: boolean }): Promise<PartnerRow[]> {
      let query = db.selectFrom('aid_partners').select(partnerColumns).orderBy('id');
      if (activeOnly) query = query.where('active', '=', true);
      return query.execute();
    },

    async lockPartner(trx: Executor, id: string): Promise<PartnerRow | undefined> {
      return trx.selectFrom('aid_partners').select(partnerColumns).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async insertPartner(
      trx: Executor,
      p: { name: string; address: string; website: string | null; operator: string },
    ): Promise<PartnerRow> {
      return trx
        .insertInto('aid_partners')
        .values({
          name: p.name,
          address: p.address,
          website: p.website,
          created_by: p.operator,
          updated_by: p.operator,
        })
        .returning(partnerColumns)
        .executeTakeFirstOrThrow();
    },

    async updatePartner(
      trx: Executor,
      id: string,
      p: { name: string; address: string; website: string | null; active: boolean; operator: string },
    ): Promise<PartnerRow> {
      return trx
        .updateTable('aid_partners')
        .set({
          name: p.name,
          address: p.address,
          website: p.website,
          active: p.active,
          updated_by: p.operator,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returning(partnerColumns)
        .executeTakeFirstOrThrow();
    },

    /** A grant's id, taken when it is proposed: the proposal's subject, the row's id once approved. */
    async reserveGrantId(db: Executor): Promise<string> {
      const { rows } = await sql<{ id: string }>`select nextval('aid_grants_id_seq')::text as id`.execute(db);
      return rows[0]!.id;
    },

    async insertGrant(
      trx: Executor,
      g: {
        id: string;
        partnerId: string;
        asset: Asset;
        amount: string;
        toAddress: string;
        proposalId: string;
        proposedBy: string;
        approvedBy: string;
        proposedAt: string;
      },
    ): Promise<void> {
      await trx
        .insertInto('aid_grants')
        .values({
          id: g.id,
          partner_id: g.partnerId,
          asset: g.asset,
          amount: g.amount,
          to_address: g.toAddress,
          proposal_id: g.proposalId,
          proposed_by: g.proposedBy,
          approved_by: g.approvedBy,
          proposed_at: g.proposedAt,
        })
        .execute();
    },

    /** Grants newest first: every one (the console), or those paid (the public page). */
    async grants(db: Executor, range: PageRange, { paidOnly }: { paidOnly: boolean }): Promise<GrantRow[]> {
      let query = db
        .selectFrom('aid_grants as g')
        .innerJoin('aid_partners as p', 'p.id', 'g.partner_id')
        .leftJoin('withdrawals as w', 'w.aid_grant_id', 'g.id')
        .select([
          'g.id',
          'g.partner_id',
          'p.name as partner',
          'g.asset',
          sql<string>`trim_scale(g.amount)::text`.as('amount'),
          'g.to_address',
          'g.status',
          'g.tx_hash',
          'w.id as withdrawal_id',
          'g.proposal_id',
          'g.proposed_by',
          'g.approved_by',
          'g.proposed_at',
          'g.approved_at',
          'g.paid_at',
        ])
        .orderBy('g.id', 'desc')
        .limit(range.limit);
      if (paidOnly) query = query.where('g.status', '=', 'paid');
      if (range.before) query = query.where('g.id', '<', range.before);
      return (await query.execute()) as GrantRow[];
    },
  };
}
