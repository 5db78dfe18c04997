import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database.js';
import { walletsOf } from './own-account.js';

/**
 * Who gave whom operator access (decision 118). Adding an operator, changing their role and enabling
 * them again are proposals: their proposer and their approver both gave the operator that access, and
 * one row each says so, for ever. A pair so related never stands as each other's second pair of eyes,
 * and nobody approves anything about the operator who gave them their access: else one admin with a
 * fresh wallet of their own would be both pairs of eyes.
 */
export async function recordGrant(
  trx: Executor,
  grant: {
    operator: string;
    grantedBy: readonly string[];
    action: 'add' | 'role' | 'enable';
    proposalId: string;
    /** The approval's time, on the clock the cooldown is measured by. */
    at: Date;
  },
): Promise<void> {
  for (const by of new Set(grant.grantedBy)) {
    await sql`insert into operator_grants (operator, granted_by, action, proposal_id, created_at)
      values (${grant.operator}, ${by}, ${grant.action}, ${grant.proposalId}::bigint, ${grant.at})`.execute(trx);
  }
}

/**
 * The wallets related to an operator's person (every wallet recorded as theirs, decision 79):
 * `granters`, the wallets of every person who gave one of theirs access; `grantees`, of every person
 * one of theirs gave access to.
 */
export async function relatedWallets(
  db: Executor,
  operator: string,
): Promise<{ granters: string[]; grantees: string[] }> {
  const mine = await walletsOf(db, operator);
  const { rows } = await sql<{ side: 'granter' | 'grantee'; address: string }>`
    with edges as (
      select g.granted_by as other, 'granter' as side from operator_grants g where g.operator = any(${mine}::text[])
      union
      select g.operator, 'grantee' from operator_grants g where g.granted_by = any(${mine}::text[])
    ),
    persons as (
      select distinct e.side, coalesce(o.person, e.other) as person
      from edges e left join operators o on o.address = e.other
    )
    select distinct p.side, w.address from persons p
    cross join lateral (
      select p.person as address
      union select o.address from operators o where coalesce(o.person, o.address) = p.person
    ) w`.execute(db);
  const of = (side: string) => rows.filter((row) => row.side === side).map((row) => row.address);
  return { granters: of('granter'), grantees: of('grantee') };
}

/** When the operator was last given access (added, a role, enabled again); null if never through the console. */
export async function lastGrantAt(db: Executor, operator: string): Promise<Date | null> {
  const { rows } = await sql<{
    at: Date | null;
  }>`select max(created_at) as at from operator_grants where operator = ${operator}`.execute(db);
  return rows[0]?.at ?? null;
}
