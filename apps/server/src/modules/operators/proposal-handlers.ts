import { z } from 'zod';
import { operatorRoleSchema, type OperatorProposalKind, type OperatorRole, type OperatorState } from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import { recordGrant } from '../../kernel/audit/operator-grants.js';
import type { Executor, Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { DecisionHandler, DecisionParties } from '../../kernel/money-decisions/decision-handler.js';
import type { OperatorRow, OperatorsRepository } from './repository.js';

const stateSchema = z.object({ role: operatorRoleSchema, person: z.string().nullable(), is_disabled: z.boolean() });
/** What each kind keeps (decision 118): the operator's state it was made on, and what it sets. */
const detailSchemas = {
  'operator.add': z.object({ role: operatorRoleSchema, person: z.string().nullable() }),
  'operator.role': z.object({ before: stateSchema, role: operatorRoleSchema }),
  'operator.person': z.object({ before: stateSchema, person: z.string().nullable() }),
  'operator.enable': z.object({ before: stateSchema }),
};

export const stateOf = (row: OperatorRow): OperatorState => ({
  role: row.role,
  person: row.person,
  is_disabled: row.disabled_at !== null,
});
const isSameState = (a: OperatorState, b: OperatorState) =>
  a.role === b.role && a.person === b.person && a.is_disabled === b.is_disabled;

type Deps = {
  operators: OperatorsRepository;
  /** Operators named by configuration: they are never a proposal's subject. */
  isConfigured: (address: string) => boolean;
  now: () => number;
};

/**
 * Adding an operator, changing their role or their person link, and enabling a disabled one are
 * proposals one admin makes and another approves (decision 118). Each kind checks when proposed and
 * again when approved that the operator is still as it was proposed on; the approval applies it,
 * records its proposer and approver as having given that access (adding, a role, enabling), and is
 * audited with both. Disabling stays one admin's act (operators service).
 */
export function operatorProposalHandlers(deps: Deps): Record<OperatorProposalKind, DecisionHandler> {
  const steps = proposalSteps(deps);
  return {
    'operator.add': addHandler(deps, steps),
    'operator.role': roleHandler(deps, steps),
    'operator.person': personHandler(deps, steps),
    'operator.enable': enableHandler(deps, steps),
  };
}

/** The checks and the recording every kind shares. */
function proposalSteps({ operators, isConfigured, now }: Deps) {
  /** A console operator's row, locked; configuration's operators are not rows and cannot be changed. */
  async function existing(trx: Executor, address: string): Promise<OperatorRow> {
    if (isConfigured(address)) throw new AppError('operator_configured', { field: 'address' });
    const row = await operators.lockRow(trx, address);
    if (!row) throw new AppError('operator_not_found', { field: 'address' });
    return row;
  }

  /**
   * The person a new link names, as one address (decision 79): an operator's own person when it has
   * one. An operator that other wallets name as their person cannot become someone's second wallet.
   */
  async function personOf(trx: Executor, address: string, person: string | null): Promise<string | null> {
    if (person === null) return null;
    if (person === address) throw new AppError('operator_not_found', { field: 'person' });
    const named = isConfigured(person) ? null : await operators.lockRow(trx, person);
    if (!isConfigured(person) && !named) throw new AppError('operator_not_found', { field: 'person' });
    const resolved = named?.person ?? person;
    if (resolved === address) throw new AppError('proposal_changes_nothing', { field: 'person' });
    return resolved;
  }

  /** The operator is still as the proposal saw it; else the proposal decides something else now. */
  async function unchanged(trx: Executor, address: string, before: OperatorState): Promise<OperatorRow> {
    const row = await existing(trx, address);
    if (!isSameState(stateOf(row), before)) throw new AppError('proposal_subject_changed', { field: 'id' });
    return row;
  }

  /** One approved change of an existing operator: applied, its grant recorded (when it gives access), audited. */
  async function applied(
    trx: Trx,
    approver: string,
    proposal: Parameters<DecisionHandler['execute']>[2],
    before: OperatorRow,
    after: OperatorRow,
    grant: 'role' | 'enable' | null,
  ): Promise<void> {
    if (grant) {
      await recordGrant(trx, {
        operator: after.address,
        grantedBy: [proposal.proposed_by, approver],
        action: grant,
        proposalId: proposal.id,
        at: new Date(now()),
      });
    }
    await recordAudit(trx, {
      operator: approver,
      action: proposal.kind,
      subjectType: 'operator',
      subjectId: after.address,
      detail: {
        before: stateOf(before),
        after: stateOf(after),
        proposal: proposal.id,
        proposed_by: proposal.proposed_by,
      },
    });
  }

  const about = (address: string, named: (string | null)[] = []): DecisionParties => ({
    operator: address,
    named: named.filter((n): n is string => n !== null),
  });

  return { existing, personOf, unchanged, applied, about };
}
type Steps = ReturnType<typeof proposalSteps>;

/** A new console operator, with a role and perhaps the person they are a second wallet of. */
function addHandler({ operators, isConfigured, now }: Deps, { personOf, about }: Steps): DecisionHandler {
  return {
    subjectType: 'operator',
    async prepare(trx, _proposer, address, detail) {
      if (isConfigured(address)) throw new AppError('operator_configured', { field: 'address' });
      const person = await personOf(trx, address, (detail.person as string | undefined) ?? null);
      if (await operators.lockRow(trx, address)) throw new AppError('operator_exists', { field: 'address' });
      const role = operatorRoleSchema.parse(detail.role);
      return { detail: { role, person }, parties: about(address, [person]) };
    },
    async check(trx, address, raw) {
      const detail = detailSchemas['operator.add'].parse(raw);
      if (isConfigured(address)) throw new AppError('operator_configured', { field: 'address' });
      if (await operators.lockRow(trx, address)) throw new AppError('operator_exists', { field: 'address' });
      if ((await personOf(trx, address, detail.person)) !== detail.person)
        throw new AppError('proposal_subject_changed', { field: 'id' });
      return about(address, [detail.person]);
    },
    async execute(trx, approver, proposal) {
      const detail = detailSchemas['operator.add'].parse(proposal.detail);
      const row = await operators.insert(trx, {
        address: proposal.subject_id,
        role: detail.role,
        addedBy: proposal.proposed_by,
        approvedBy: approver,
        person: detail.person,
      });
      if (!row) throw new AppError('operator_exists', { field: 'address' });
      await recordGrant(trx, {
        operator: row.address,
        grantedBy: [proposal.proposed_by, approver],
        action: 'add',
        proposalId: proposal.id,
        at: new Date(now()),
      });
      await recordAudit(trx, {
        operator: approver,
        action: 'operator.add',
        subjectType: 'operator',
        subjectId: row.address,
        detail: { before: null, after: stateOf(row), proposal: proposal.id, proposed_by: proposal.proposed_by },
      });
    },
  };
}

function roleHandler({ operators }: Deps, { existing, unchanged, applied, about }: Steps): DecisionHandler {
  return {
    subjectType: 'operator',
    async prepare(trx, _proposer, address, detail) {
      const row = await existing(trx, address);
      const role: OperatorRole = operatorRoleSchema.parse(detail.role);
      if (role === row.role) throw new AppError('proposal_changes_nothing', { field: 'role' });
      return { detail: { before: stateOf(row), role }, parties: about(address) };
    },
    async check(trx, address, raw) {
      await unchanged(trx, address, detailSchemas['operator.role'].parse(raw).before);
      return about(address);
    },
    async execute(trx, approver, proposal) {
      const detail = detailSchemas['operator.role'].parse(proposal.detail);
      const before = await unchanged(trx, proposal.subject_id, detail.before);
      const after = await operators.update(trx, before.address, {
        role: detail.role,
        disabledAt: before.disabled_at,
      });
      await applied(trx, approver, proposal, before, after, 'role');
    },
  };
}

function personHandler({ operators }: Deps, { existing, personOf, unchanged, applied, about }: Steps): DecisionHandler {
  return {
    subjectType: 'operator',
    async prepare(trx, _proposer, address, detail) {
      const row = await existing(trx, address);
      const wanted = (detail.person as string | null | undefined) ?? null;
      if (wanted !== null && (await operators.isPersonOfOthers(trx, address)))
        throw new AppError('operator_is_person', { field: 'address' });
      const person = await personOf(trx, address, wanted);
      if (person === row.person) throw new AppError('proposal_changes_nothing', { field: 'person' });
      return { detail: { before: stateOf(row), person }, parties: about(address, [person, row.person]) };
    },
    async check(trx, address, raw) {
      const detail = detailSchemas['operator.person'].parse(raw);
      await unchanged(trx, address, detail.before);
      if (detail.person !== null && (await operators.isPersonOfOthers(trx, address)))
        throw new AppError('operator_is_person', { field: 'address' });
      if ((await personOf(trx, address, detail.person)) !== detail.person)
        throw new AppError('proposal_subject_changed', { field: 'id' });
      return about(address, [detail.person, detail.before.person]);
    },
    async execute(trx, approver, proposal) {
      const detail = detailSchemas['operator.person'].parse(proposal.detail);
      const before = await unchanged(trx, proposal.subject_id, detail.before);
      const after = await operators.setPerson(trx, before.address, detail.person);
      // A person link gives no access: it only takes some away (decision 79), so it is no grant.
      await applied(trx, approver, proposal, before, after, null);
    },
  };
}

function enableHandler({ operators }: Deps, { existing, unchanged, applied, about }: Steps): DecisionHandler {
  return {
    subjectType: 'operator',
    async prepare(trx, _proposer, address) {
      const row = await existing(trx, address);
      if (row.disabled_at === null) throw new AppError('proposal_changes_nothing', { field: 'address' });
      return { detail: { before: stateOf(row) }, parties: about(address) };
    },
    async check(trx, address, raw) {
      await unchanged(trx, address, detailSchemas['operator.enable'].parse(raw).before);
      return about(address);
    },
    async execute(trx, approver, proposal) {
      const detail = detailSchemas['operator.enable'].parse(proposal.detail);
      const before = await unchanged(trx, proposal.subject_id, detail.before);
      const after = await operators.update(trx, before.address, { role: before.role, disabledAt: null });
      await applied(trx, approver, proposal, before, after, 'enable');
    },
  };
}
