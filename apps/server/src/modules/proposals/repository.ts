import { sql } from 'kysely';
import type { Proposal, ProposalKind, ProposalStatus } from '@wallx/shared';
import type { Executor, Trx } from '../../db/database.js';
import type { PageRange } from '../../pagination/page.js';

/** What a proposal names beside its subject: the user a deposit is credited to. */
export type ProposalDetail = { user?: string };

export type ProposalRow = {
  id: string;
  kind: ProposalKind;
  subject_type: 'withdrawal' | 'unattributed_deposit';
  detail: ProposalDetail;
  subject_id: string;
  reason: string;
  status: ProposalStatus;
  proposed_by: string;
  proposed_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
};

type ListedRow = ProposalRow & {
  holder: string;
  asset: 'USDT' | 'WALLX';
  amount: string;
  counterparty: string;
  subject_status: string;
};

const columns = sql`p.id::text as id, p.kind, p.subject_type, p.subject_id, p.reason, p.status, p.proposed_by, p.proposed_at, p.decided_by, p.decided_at, p.detail`;

/**
 * What a proposal decides, as it stands now: a withdrawal's owner, amount, destination and state; an
 * unattributed deposit's amount, sender, the user named to receive it, and whether it is credited.
 */
const listed = sql`
  select ${columns},
         coalesce(wu.address, p.detail->>'user') as holder,
         coalesce(w.asset, ud.asset) as asset,
         trim_scale(coalesce(w.amount, ud.amount))::text as amount,
         coalesce(w.to_address, ud.from_address) as counterparty,
         coalesce(w.status, case when d.id is null then 'open' else 'credited' end) as subject_status
    from proposals p
    left join withdrawals w on p.subject_type = 'withdrawal' and w.id = p.subject_id::bigint
    left join users wu on wu.id = w.user_id
    left join unattributed_deposits ud on p.subject_type = 'unattributed_deposit' and ud.id = p.subject_id::bigint
    left join deposits d on d.tx_hash = ud.tx_hash and d.log_index = ud.log_index`;

function toProposal(row: ListedRow): Proposal {
  return {
    id: row.id,
    kind: row.kind,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    subject: {
      user: row.holder,
      asset: row.asset,
      amount: row.amount,
      counterparty: row.counterparty,
      status: row.subject_status,
    },
    reason: row.reason,
    status: row.status,
    proposed_by: row.proposed_by,
    proposed_at: row.proposed_at.toISOString(),
    decided_by: row.decided_by,
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

export function createProposalsRepository() {
  return {
    /** Newest first; `proposedBy` keeps only these proposers' rows, `notProposedBy` drops them. */
    async list(
      db: Executor,
      filter: {
        status: ProposalStatus | null;
        subjectId: string | null;
        proposedBy: string[] | null;
        notProposedBy: string[] | null;
      },
      range: PageRange,
    ): Promise<Proposal[]> {
      const { rows } = await sql<ListedRow>`${listed}
        where (${filter.status}::text is null or p.status = ${filter.status})
          and (${filter.subjectId}::text is null or p.subject_id = ${filter.subjectId})
          and (${filter.proposedBy}::text[] is null or p.proposed_by = any(${filter.proposedBy}::text[]))
          and (${filter.notProposedBy}::text[] is null or not (p.proposed_by = any(${filter.notProposedBy}::text[])))
          and (${range.before}::bigint is null or p.id < ${range.before}::bigint)
        order by p.id desc limit ${range.limit}`.execute(db);
      return rows.map(toProposal);
    },

    async one(db: Executor, id: string): Promise<Proposal | undefined> {
      const { rows } = await sql<ListedRow>`${listed} where p.id = ${id}::bigint`.execute(db);
      return rows[0] ? toProposal(rows[0]) : undefined;
    },

    /** The new proposal's id; undefined when one about the same subject is already pending. */
    async insert(
      trx: Trx,
      p: {
        kind: ProposalKind;
        subjectType: string;
        subjectId: string;
        reason: string;
        proposedBy: string;
        detail: ProposalDetail;
      },
    ): Promise<string | undefined> {
      const { rows } = await sql<{ id: string }>`
        insert into proposals (kind, subject_type, subject_id, reason, proposed_by, detail)
        values (${p.kind}, ${p.subjectType}, ${p.subjectId}, ${p.reason}, ${p.proposedBy}, ${JSON.stringify(p.detail)}::jsonb)
        on conflict (subject_type, subject_id) where status = 'pending' do nothing
        returning id::text as id`.execute(trx);
      return rows[0]?.id;
    },

    async read(db: Executor, id: string): Promise<ProposalRow | undefined> {
      const { rows } = await sql<ProposalRow>`select ${columns} from proposals p where p.id = ${id}::bigint`.execute(
        db,
      );
      return rows[0];
    },

    /** Locked for a decision, so that an approval and a withdrawal, or two approvals, apply one after the other. */
    async lock(trx: Trx, id: string): Promise<ProposalRow | undefined> {
      const { rows } =
        await sql<ProposalRow>`select ${columns} from proposals p where p.id = ${id}::bigint for update`.execute(trx);
      return rows[0];
    },

    async decide(trx: Trx, id: string, status: 'approved' | 'withdrawn', by: string, at: Date): Promise<void> {
      await sql`update proposals set status = ${status}, decided_by = ${by}, decided_at = ${at} where id = ${id}::bigint`.execute(
        trx,
      );
    },
  };
}
export type ProposalsRepository = ReturnType<typeof createProposalsRepository>;
