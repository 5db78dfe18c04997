import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';

/**
 * The wallets of the person behind an operator address: the address itself, the operator address
 * its row names as the same person, and every operator address naming that same person (an admin
 * records it when adding a second wallet of someone who is already an operator; decision 79).
 */
export async function walletsOf(db: Executor, operator: string): Promise<string[]> {
  const { rows } = await sql<{ address: string }>`
    with me as (select coalesce((select person from operators where address = ${operator}), ${operator}::text) as person)
    select ${operator}::text as address
    union select person from me
    union select o.address from operators o, me where coalesce(o.person, o.address) = me.person`.execute(db);
  return rows.map((row) => row.address);
}

/**
 * Refuses an operator's action on their own account (the subject's wallet is one of theirs): another
 * operator must approve their withdrawal, unfreeze them or grant them a miner. Called inside the
 * action's transaction, before or after its change: a refusal rolls back whatever it wrote.
 */
export async function refuseOwnAccount(
  db: Executor,
  operator: string,
  subjectAddress: string,
  field: string,
): Promise<void> {
  if ((await walletsOf(db, operator)).includes(subjectAddress.toLowerCase()))
    throw new AppError('operator_own_account', { field });
}

/** The same, for a subject named by its user id. An unknown id is the caller's to refuse. */
export async function refuseOwnUser(db: Executor, operator: string, userId: string, field: string): Promise<void> {
  const { rows } = await sql<{ address: string }>`select address from users where id = ${userId}::bigint`.execute(db);
  if (rows[0]) await refuseOwnAccount(db, operator, rows[0].address, field);
}
