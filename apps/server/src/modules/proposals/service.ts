import type { Page, Proposal, ProposalKind, ProposalQuery, ProposalRequest } from '@wallx/shared';
import { recordAudit } from '../../audit/audit.js';
import { refuseOwnUser, walletsOf } from '../../audit/own-account.js';
import type { Db, Trx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { pageById } from '../../pagination/page.js';
import type { ProposalDetail, ProposalRow, ProposalsRepository } from './repository.js';

/**
 * What a kind of proposal decides, handed in by the module that owns the subject (app.ts wires it).
 * `check` locks the subject and refuses it unless it may be decided so, answering its owner; `precheck`
 * looks outside the database first (the chain) and refuses when that says no; `execute` makes the
 * decision, audited, in the approval's transaction, checking the subject again.
 */
export type ProposalHandler = {
  subjectType: 'withdrawal' | 'unattributed_deposit';
  /** `detail` is what the proposal names beside its subject (the user a deposit goes to). */
  check(trx: Trx, subjectId: string, detail: ProposalDetail): Promise<{ userId: string }>;
  precheck?(subjectId: string): Promise<void>;
  execute(trx: Trx, operator: string, proposal: ProposalRow): Promise<void>;
};

type Deps = {
  db: Db;
  repository: ProposalsRepository;
  handlers: Record<ProposalKind, ProposalHandler>;
  now?: () => number;
};

/**
 * Four eyes (decision 80): one finance operator proposes a money decision, a different person
 * approves it, and only then is it made. The proposer cannot approve (nor a wallet recorded as the
 * same person); either may withdraw it while it waits. Each step is an audit row.
 */
export function createProposals({ db, repository, handlers, now = Date.now }: Deps) {
  async function mustFind(id: string): Promise<Proposal> {
    const found = await repository.one(db, id);
    if (!found) throw new AppError('proposal_not_found', { field: 'id' });
    return found;
  }

  /** A pending proposal, locked; anything else is refused. */
  async function pending(trx: Trx, id: string): Promise<ProposalRow> {
    const row = await repository.lock(trx, id);
    if (!row) throw new AppError('proposal_not_found', { field: 'id' });
    if (row.status !== 'pending') throw new AppError('proposal_not_pending', { field: 'id' });
    return row;
  }

  return {
    async list(operator: string, query: ProposalQuery): Promise<Page<Proposal>> {
      const mine = query.view ? await walletsOf(db, operator) : null;
      const filter = {
        status: query.view === 'to_approve' ? 'pending' : (query.status ?? null),
        subjectId: query.subject_id ?? null,
        proposedBy: query.view === 'mine' ? mine : null,
        notProposedBy: query.view === 'to_approve' ? mine : null,
      } as const;
      return pageById(query, (range) => repository.list(db, filter, range));
    },

    async propose(operator: string, input: ProposalRequest): Promise<Proposal> {
      const handler = handlers[input.kind];
      const id = await db.transaction().execute(async (trx) => {
        const detail: ProposalDetail = input.user ? { user: input.user } : {};
        const { userId } = await handler.check(trx, input.subject_id, detail);
        await refuseOwnUser(trx, operator, userId, input.user ? 'user' : 'subject_id');
        const inserted = await repository.insert(trx, {
          kind: input.kind,
          subjectType: handler.subjectType,
          subjectId: input.subject_id,
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
            subject_id: input.subject_id,
            reason: input.reason,
            ...detail,
          },
        });
        return inserted;
      });
      return mustFind(id);
    },

    async approve(operator: string, id: string): Promise<Proposal> {
      const seen = await repository.read(db, id);
      if (!seen) throw new AppError('proposal_not_found', { field: 'id' });
      if (seen.status !== 'pending') throw new AppError('proposal_not_pending', { field: 'id' });
      if ((await walletsOf(db, operator)).includes(seen.proposed_by))
        throw new AppError('proposal_own', { field: 'id' });
      const handler = handlers[seen.kind];
      await handler.precheck?.(seen.subject_id);
      await db.transaction().execute(async (trx) => {
        const row = await pending(trx, id);
        const { userId } = await handler.check(trx, row.subject_id, row.detail);
        await refuseOwnUser(trx, operator, userId, 'id');
        await handler.execute(trx, operator, row);
        await repository.decide(trx, id, 'approved', operator, new Date(now()));
        await recordAudit(trx, {
          operator,
          action: 'proposal.approve',
          subjectType: 'proposal',
          subjectId: id,
          detail: { kind: row.kind, subject_id: row.subject_id, proposed_by: row.proposed_by },
        });
      });
      return mustFind(id);
    },

    /** Either the proposer or another finance operator takes a waiting proposal back. */
    async withdraw(operator: string, id: string): Promise<Proposal> {
      await db.transaction().execute(async (trx) => {
        const row = await pending(trx, id);
        await repository.decide(trx, id, 'withdrawn', operator, new Date(now()));
        await recordAudit(trx, {
          operator,
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
