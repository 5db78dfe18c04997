import {
  proposalCapabilities,
  proposalKinds,
  roleCan,
  type Operator,
  type Page,
  type Proposal,
  type ProposalKind,
  type ProposalQuery,
} from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import { relatedWallets } from '../../kernel/audit/operator-grants.js';
import { refuseOwnUser, walletsOf } from '../../kernel/audit/own-account.js';
import type { Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { ProposalDetail } from '../../kernel/money-decisions/decision-handler.js';
import { pageById } from '../../platform/pagination/page.js';
import { approverChecks } from './approvers.js';
import type { ProposalRow } from './repository.js';
import type { ProposalsDeps, ProposalHandler } from './deps.js';
export type { ProposalsDeps, ProposalHandler, ProposalOperators } from './deps.js';

/** A proposal as a module opens it: its kind, subject, reason and what it keeps beside them. */
export type NewProposal = { kind: ProposalKind; subjectId: string; reason: string; detail: ProposalDetail };

/**
 * Four eyes (decisions 80 and 118): one operator proposes a decision, a different person approves it,
 * and only then is it made. The proposer cannot approve, nor a wallet recorded as the same person,
 * nor anyone the proposer gave operator access or who gave it to them; nobody approves anything about
 * themselves or about the operator who gave them their access, nor while their own access is newer
 * than the cooldown. Either side may withdraw a waiting proposal. Each step is an audit row.
 */
export function createProposals(deps: ProposalsDeps) {
  const { db, repository, handlers, now = Date.now } = deps;
  const { refuseApprover, refuseAbout } = approverChecks(deps);

  async function mustFind(id: string): Promise<Proposal> {
    const found = await repository.one(db, id);
    if (!found) throw new AppError('proposal_not_found', { field: 'id' });
    return found;
  }

  function handlerOf(kind: ProposalKind): ProposalHandler {
    const handler = handlers[kind];
    if (!handler) throw new AppError('proposal_not_found', { field: 'id' });
    return handler;
  }

  /** A pending proposal this app decides, locked; anything else is refused. */
  async function pending(trx: Trx, id: string): Promise<ProposalRow> {
    const row = await repository.lock(trx, id);
    if (!row || !handlers[row.kind]) throw new AppError('proposal_not_found', { field: 'id' });
    if (row.status !== 'pending') throw new AppError('proposal_not_pending', { field: 'id' });
    return row;
  }

  const mayDecide = (operator: Operator, kind: ProposalKind) => {
    if (!roleCan(operator.role, proposalCapabilities[kind])) throw new AppError('no_permission');
  };

  return {
    async list(operator: Operator, query: ProposalQuery): Promise<Page<Proposal>> {
      const mine = query.view ? await walletsOf(db, operator.address) : null;
      const related = query.view === 'to_approve' ? await relatedWallets(db, operator.address) : null;
      const filter = {
        status: query.view === 'to_approve' ? 'pending' : (query.status ?? null),
        subjectType: query.subject_type ?? null,
        subjectId: query.subject_id ?? null,
        // What I may approve: the kinds my role decides, proposed by no one related to me.
        kinds:
          query.view === 'to_approve'
            ? proposalKinds.filter((kind) => roleCan(operator.role, proposalCapabilities[kind]))
            : null,
        proposedBy: query.view === 'mine' ? mine : null,
        notProposedBy: related && mine ? [...mine, ...related.granters, ...related.grantees] : null,
        notAboutOperators: related && mine ? [...mine, ...related.granters] : null,
      } as const;
      return pageById(query, (range) => repository.list(db, filter, range));
    },

    /**
     * Opens a proposal: its handler checks it may be proposed and what to keep of it. Nobody proposes
     * a decision on their own account, nor a change of their own access.
     */
    async propose(operator: string, input: NewProposal): Promise<Proposal> {
      const handler = handlerOf(input.kind);
      const id = await db.transaction().execute(async (trx) => {
        const { detail, parties } = handler.prepare
          ? await handler.prepare(trx, operator, input.subjectId, input.detail)
          : { detail: input.detail, parties: await handler.check(trx, input.subjectId, input.detail) };
        if (parties.userId)
          await refuseOwnUser(trx, operator, parties.userId, input.detail.user ? 'user' : 'subject_id');
        if (parties.operator && (await walletsOf(trx, operator)).includes(parties.operator))
          throw new AppError('operator_change_own', { field: 'address' });
        const inserted = await repository.insert(trx, {
          kind: input.kind,
          subjectType: handler.subjectType,
          subjectId: input.subjectId,
          reason: input.reason,
          proposedBy: operator,
          detail,
        });
        if (!inserted) throw new AppError('proposal_exists', { field: 'subject_id' });
        await recordAudit(trx, {
          operator,
          action: 'proposal.create',
          subjectType: 'proposal',
          subjectId: inserted,
          detail: {
            kind: input.kind,
            subject_type: handler.subjectType,
            subject_id: input.subjectId,
            reason: input.reason,
            ...detail,
          },
        });
        return inserted;
      });
      return mustFind(id);
    },

    async approve(operator: Operator, id: string): Promise<Proposal> {
      const seen = await repository.read(db, id);
      if (!seen) throw new AppError('proposal_not_found', { field: 'id' });
      const handler = handlerOf(seen.kind);
      mayDecide(operator, seen.kind);
      if (seen.status !== 'pending') throw new AppError('proposal_not_pending', { field: 'id' });
      // Before the chain is asked: a refused approver costs no RPC call.
      await refuseApprover(db, operator.address, seen);
      await handler.precheck?.(seen.subject_id);
      await db.transaction().execute(async (trx) => {
        const row = await pending(trx, id);
        // Again under the proposal's lock: a grant made meanwhile counts.
        await refuseApprover(trx, operator.address, row);
        await refuseAbout(trx, operator.address, await handler.check(trx, row.subject_id, row.detail));
        await handler.execute(trx, operator.address, row);
        await repository.decide(trx, id, 'approved', operator.address, new Date(now()));
        await recordAudit(trx, {
          operator: operator.address,
          action: 'proposal.approve',
          subjectType: 'proposal',
          subjectId: id,
          detail: { kind: row.kind, subject_id: row.subject_id, proposed_by: row.proposed_by },
        });
      });
      return mustFind(id);
    },

    /** The proposer, or another operator who decides such things, takes a waiting proposal back. */
    async withdraw(operator: Operator, id: string): Promise<Proposal> {
      await db.transaction().execute(async (trx) => {
        const row = await pending(trx, id);
        mayDecide(operator, row.kind);
        await repository.decide(trx, id, 'withdrawn', operator.address, new Date(now()));
        await recordAudit(trx, {
          operator: operator.address,
          action: 'proposal.withdraw',
          subjectType: 'proposal',
          subjectId: id,
          detail: { kind: row.kind, subject_id: row.subject_id, proposed_by: row.proposed_by },
        });
      });
      return mustFind(id);
    },
  };
}
export type Proposals = ReturnType<typeof createProposals>;
