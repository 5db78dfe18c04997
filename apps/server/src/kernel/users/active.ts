import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';

/**
 * In a money transaction, before anything moves: refuses a frozen account, and holds its row
 * shared until the transaction ends. The request guard (`activeUser`) read the flag before the fund
 * password's slow check; a freeze committed since then is seen here, and a freeze that comes after
 * waits for this transaction (it updates the row), so no transfer lands after a freeze.
 */
export async function lockActiveUser(trx: Trx, userId: string): Promise<void> {
  const { rows } = await sql<{
    is_frozen: boolean;
  }>`select is_frozen from users where id = ${userId}::bigint for share`.execute(trx);
  if (rows[0]?.is_frozen) throw new AppError('account_frozen');
}
