import type {
  AidGrantRequest,
  AidPartnerRequest,
  AidPartnerUpdate,
  OperatorAidDonation,
  OperatorAidGrant,
  OperatorAidPartner,
  Page,
  Proposal,
} from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import type { Propose } from '../../kernel/money-decisions/decision-handler.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import type { AidFundRepository, GrantRow, PartnerRow } from './repository.js';

const partnerView = (row: PartnerRow): OperatorAidPartner => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const grantView = (row: GrantRow): OperatorAidGrant => ({
  ...row,
  proposed_at: row.proposed_at.toISOString(),
  approved_at: row.approved_at.toISOString(),
  paid_at: row.paid_at?.toISOString() ?? null,
});

/**
 * The console's aid fund (decision 147): every role reads donations (with donors: operators see the
 * books) and grants; finance keeps the partners, each change audited, and proposes grants, which
 * another finance operator or an admin approves.
 */
export function createAidFundConsole({ db, repository }: { db: Db; repository: AidFundRepository }) {
  return {
    async partners(): Promise<{ items: OperatorAidPartner[] }> {
      return { items: (await repository.partners(db, { activeOnly: false })).map(partnerView) };
    },

    async addPartner(operator: string, input: AidPartnerRequest): Promise<OperatorAidPartner> {
      return db.transaction().execute(async (trx) => {
        const row = await repository.insertPartner(trx, {
          name: input.name,
          address: input.address,
          website: input.website ?? null,
          operator,
        });
        const after = partnerView(row);
        await recordAudit(trx, {
          operator,
          action: 'aid_partner.add',
          subjectType: 'aid_partner',
          subjectId: row.id,
          detail: { before: null, after },
        });
        return after;
      });
    },

    /** An edit or a deactivation; a grant already proposed to the old address is refused at approval. */
    async updatePartner(operator: string, id: string, input: AidPartnerUpdate): Promise<OperatorAidPartner> {
      return db.transaction().execute(async (trx) => {
        const before = await repository.lockPartner(trx, id);
        if (!before) throw new AppError('aid_partner_not_found', { field: 'id' });
        const row = await repository.updatePartner(trx, id, {
          name: input.name ?? before.name,
          address: input.address ?? before.address,
          website: input.website === undefined ? before.website : input.website,
          active: input.active ?? before.active,
          operator,
        });
        const after = partnerView(row);
        await recordAudit(trx, {
          operator,
          action: input.active === false && before.active ? 'aid_partner.deactivate' : 'aid_partner.update',
          subjectType: 'aid_partner',
          subjectId: id,
          detail: { before: partnerView(before), after },
        });
        return after;
      });
    },

    /** A grant proposal: its id reserved now, its row written when another operator approves it. */
    async proposeGrant(propose: Propose, operator: string, input: AidGrantRequest): Promise<Proposal> {
      return propose(operator, {
        kind: 'aid_grant.pay',
        subjectId: await repository.reserveGrantId(db),
        reason: input.reason,
        detail: { partner_id: input.partner_id, asset: input.asset, amount: input.amount },
      });
    },

    grants(query: PageQuery): Promise<Page<OperatorAidGrant>> {
      return pageById(query, async (range) => (await repository.grants(db, range, { paidOnly: false })).map(grantView));
    },

    donations(query: PageQuery): Promise<Page<OperatorAidDonation>> {
      return pageById(query, async (range) =>
        (await repository.donations(db, range)).map((row) => ({
          id: row.id,
          user: row.user,
          asset: row.asset,
          amount: row.amount,
          shown: row.shown,
          donor: null,
          created_at: row.created_at.toISOString(),
        })),
      );
    },
  };
}
export type AidFundConsole = ReturnType<typeof createAidFundConsole>;
