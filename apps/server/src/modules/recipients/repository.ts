import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database.js';

/** Where a user's own transfers went: funds (the ledger's transfer_out entries) and miners. */
export function createRecipientsRepository() {
  return {
    /**
     * The addresses the user sent to, each with its latest send, the latest first. Each kind reads
     * only the user's newest sends (by the ledger account's and the sender's indexes), so an old
     * account with thousands of transfers costs no more than a new one.
     */
    async recent(db: Executor, userId: string, limit: number): Promise<{ address: string; last_sent_at: Date }[]> {
      const window = limit * 10;
      const funds = db
        .selectFrom('ledger_entries as e')
        .innerJoin('accounts as a', 'a.id', 'e.account_id')
        .innerJoin('accounts as oa', 'oa.id', 'e.counterpart_account_id')
        .select(['oa.user_id as to_user_id', 'e.created_at'])
        .where('a.user_id', '=', userId)
        .where('e.type', '=', 'transfer_out')
        .orderBy('e.id', 'desc')
        .limit(window);
      const miners = db
        .selectFrom('miner_transfers')
        .select(['to_user_id', 'created_at'])
        .where('from_user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(window);
      return db
        .selectFrom(sql<{ to_user_id: string; created_at: Date }>`(${funds} union all ${miners})`.as('sent'))
        .innerJoin('users as u', 'u.id', 'sent.to_user_id')
        .select(['u.address', sql<Date>`max(sent.created_at)`.as('last_sent_at')])
        .groupBy('u.address')
        .orderBy('last_sent_at', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type RecipientsRepository = ReturnType<typeof createRecipientsRepository>;
