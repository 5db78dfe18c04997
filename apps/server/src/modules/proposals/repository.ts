import { sql } from 'kysely';
import type {
  Asset,
  CheckinSettingsValues,
  StakingSettingsValues,
  MoneySettingsValues,
  OperatorRole,
  OperatorState,
  Proposal,
  ProposalKind,
  ProposalStatus,
  ProposalSubjectType,
} from '@wallx/shared';
import type { Executor, Trx } from '../../platform/db/database.js';
import type { ProposalDetail } from '../../kernel/money-decisions/decision-handler.js';
import type { PageRange } from '../../platform/pagination/page.js';

export type ProposalRow = {
  id: string;
  kind: ProposalKind;
  subject_type: ProposalSubjectType;
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
  holder: string | null;
  asset: 'USDT' | 'WALLX' | null;
  amount: string | null;
  counterparty: string | null;
  subject_status: string | null;
  /** A withdrawal that pays an aid grant (no user): its grant's partner. */
  grant_partner_id: string | null;
  grant_partner: string | null;
};

const columns = sql`p.id::text as id, p.kind, p.subject_type, p.subject_id, p.reason, p.status, p.proposed_by, p.proposed_at, p.decided_by, p.decided_at, p.detail`;

/**
 * What a money proposal decides, as it stands now: a withdrawal's owner, amount, destination and
 * state; an unattributed deposit's amount, sender, the user named to receive it, and whether it is
 * credited. (The subject id is cast only for those kinds: an operator's is an address.) Operator and
 * settings proposals carry what they change in their detail, as it was when proposed.
 */
const listed = sql`
  select ${columns},
         coalesce(wu.address, p.detail->>'user') as holder,
         coalesce(w.asset, ud.asset) as asset,
         trim_scale(coalesce(w.amount, ud.amount))::text as amount,
         coalesce(w.to_address, ud.from_address) as counterparty,
         coalesce(w.status, case when ud.id is null then null when d.id is null then 'open' else 'credited' end) as subject_status,
         ag.partner_id::text as grant_partner_id, ap.name as grant_partner
    from proposals p
    left join withdrawals w on w.id = case when p.subject_type = 'withdrawal' then p.subject_id::bigint end
    left join users wu on wu.id = w.user_id
    left join aid_grants ag on ag.id = w.aid_grant_id
    left join aid_partners ap on ap.id = ag.partner_id
    left join unattributed_deposits ud
      on ud.id = case when p.subject_type = 'unattributed_deposit' then p.subject_id::bigint end
    left join deposits d on d.tx_hash = ud.tx_hash and d.log_index = ud.log_index`;

/** An operator change's detail (operators module): the state it was made on, and what it sets. */
type OperatorDetail = { before?: OperatorState; role?: OperatorRole; person?: string | null };
/** A settings change's detail (money settings): the version and set it was made on, and the set proposed. */
type SettingsDetail = { version: number; before: MoneySettingsValues; after: MoneySettingsValues };
/** A check-in settings change's detail (well-being console): the same shape, of the reward rules. */
type CheckinSettingsDetail = { version: number; before: CheckinSettingsValues; after: CheckinSettingsValues };
/** A staking settings change's detail (staking pool): the same shape, of the pool's rules. */
type StakingSettingsDetail = { version: number; before: StakingSettingsValues; after: StakingSettingsValues };
/** Adding to the rewards budget or the staking pool: the amount. */
type FundingDetail = { amount: string };
/** A grant from the aid fund (decision 147): the partner, its address when proposed, the asset and amount. */
type AidGrantDetail = { partner_id: string; partner: string; address: string; asset: Asset; amount: string };

function operatorChange(row: ListedRow): Proposal['operator'] {
  if (row.subject_type !== 'operator') return null;
  const detail = row.detail as OperatorDetail;
  const before = detail.before ?? null;
  const base: OperatorState = before ?? { role: detail.role ?? 'viewer', person: null, is_disabled: false };
  const after: OperatorState = {
    role: detail.role ?? base.role,
    person: detail.person === undefined ? base.person : detail.person,
    is_disabled: row.kind === 'operator.enable' ? false : base.is_disabled,
  };
  return { address: row.subject_id, before, after };
}

function toProposal(row: ListedRow): Proposal {
  const isMoney = row.subject_type === 'withdrawal' || row.subject_type === 'unattributed_deposit';
  const settings = row.subject_type === 'money_settings' ? (row.detail as SettingsDetail) : null;
  const checkinSettings = row.subject_type === 'checkin_settings' ? (row.detail as CheckinSettingsDetail) : null;
  const stakingSettings = row.subject_type === 'staking_settings' ? (row.detail as StakingSettingsDetail) : null;
  const funding =
    row.subject_type === 'rewards_budget' || row.subject_type === 'staking_budget'
      ? (row.detail as FundingDetail)
      : null;
  // A grant as proposed, or the payout of one (a held payout's decision): it has a partner, not a user.
  const grant =
    row.subject_type === 'aid_grant'
      ? (row.detail as AidGrantDetail)
      : row.grant_partner_id && row.grant_partner && row.asset && row.amount && row.counterparty
        ? {
            partner_id: row.grant_partner_id,
            partner: row.grant_partner,
            address: row.counterparty,
            asset: row.asset,
            amount: row.amount,
          }
        : null;
  return {
    id: row.id,
    kind: row.kind,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    subject:
      isMoney && row.holder && row.asset && row.amount && row.counterparty && row.subject_status
        ? {
            user: row.holder,
            asset: row.asset,
            amount: row.amount,
            counterparty: row.counterparty,
            status: row.subject_status,
          }
        : null,
    operator: operatorChange(row),
    settings: settings ? { version: settings.version, before: settings.before, after: settings.after } : null,
    checkin_settings: checkinSettings
      ? { version: checkinSettings.version, before: checkinSettings.before, after: checkinSettings.after }
      : null,
    staking_settings: stakingSettings
      ? { version: stakingSettings.version, before: stakingSettings.before, after: stakingSettings.after }
      : null,
    funding: funding ? { asset: 'WALLX', amount: funding.amount } : null,
    aid_grant: grant
      ? {
          partner_id: grant.partner_id,
          partner: grant.partner,
          address: grant.address,
          asset: grant.asset,
          amount: grant.amount,
        }
      : null,
    reason: row.reason,
    status: row.status,
    proposed_by: row.proposed_by,
    proposed_at: row.proposed_at.toISOString(),
    decided_by: row.decided_by,
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

/** Which proposals a list shows; null filters nothing. */
export type ProposalFilter = {
  status: ProposalStatus | null;
  subjectType: ProposalSubjectType | null;
  subjectId: string | null;
  kinds: readonly ProposalKind[] | null;
  proposedBy: readonly string[] | null;
  notProposedBy: readonly string[] | null;
  /** Operators whose changes are left out (what the viewer may not approve: their own, their granters'). */
  notAboutOperators: readonly string[] | null;
};

export function createProposalsRepository() {
  return {
    /** Newest first; `proposedBy` keeps only these proposers' rows, `notProposedBy` drops them. */
    async list(db: Executor, filter: ProposalFilter, range: PageRange): Promise<Proposal[]> {
      const { rows } = await sql<ListedRow>`${listed}
        where (${filter.status}::text is null or p.status = ${filter.status})
          and (${filter.subjectType}::text is null or p.subject_type = ${filter.subjectType})
          and (${filter.subjectId}::text is null or p.subject_id = ${filter.subjectId})
          and (${filter.kinds}::text[] is null or p.kind = any(${filter.kinds}::text[]))
          and (${filter.proposedBy}::text[] is null or p.proposed_by = any(${filter.proposedBy}::text[]))
          and (${filter.notProposedBy}::text[] is null or not (p.proposed_by = any(${filter.notProposedBy}::text[])))
          and (${filter.notAboutOperators}::text[] is null or p.subject_type <> 'operator'
            or not (p.subject_id = any(${filter.notAboutOperators}::text[])))
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
