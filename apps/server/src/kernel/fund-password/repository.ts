import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database.js';

export type PasswordState = {
  hash: string | null;
  failures: number;
  locked_until: Date | null;
  hold_until: Date | null;
};

/** The fund password lives on the user's row: its hash, the wrong tries since the last right one, and a lock. */
export function createFundPasswordRepository() {
  return {
    async state(db: Executor, userId: string): Promise<PasswordState | undefined> {
      return db
        .selectFrom('users')
        .select([
          'fund_password_hash as hash',
          'fund_password_failures as failures',
          'fund_password_locked_until as locked_until',
          'fund_password_hold_until as hold_until',
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * Counts one more try before the password is checked: only while fewer than `maxTries` were
     * counted and no lock holds (a lock that ran out starts the count again). Answers the hash and
     * this try's number, or nothing when no try may be made (not set, locked, or out of tries).
     */
    async reserveTry(
      db: Executor,
      userId: string,
      at: Date,
      maxTries: number,
    ): Promise<{ hash: string; tries: number } | undefined> {
      const lapsed = sql<boolean>`fund_password_locked_until <= ${at}`;
      const row = await db
        .updateTable('users')
        .set({
          fund_password_failures: sql<number>`case when ${lapsed} then 1 else fund_password_failures + 1 end`,
          fund_password_locked_until: sql<Date | null>`case when ${lapsed} then null else fund_password_locked_until end`,
        })
        .where('id', '=', userId)
        .where('fund_password_hash', 'is not', null)
        .where((eb) =>
          eb.or([
            eb.and([eb('fund_password_locked_until', 'is', null), eb('fund_password_failures', '<', maxTries)]),
            eb('fund_password_locked_until', '<=', at),
          ]),
        )
        .returning(['fund_password_hash as hash', 'fund_password_failures as tries'])
        .executeTakeFirst();
      return row?.hash ? { hash: row.hash, tries: row.tries } : undefined;
    },
    /** Locks a password whose count is used up without a lock (its last tries never answered). */
    async lockIfOutOfTries(db: Executor, userId: string, maxTries: number, lockedUntil: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ fund_password_locked_until: lockedUntil })
        .where('id', '=', userId)
        .where('fund_password_locked_until', 'is', null)
        .where('fund_password_failures', '>=', maxTries)
        .execute();
    },
    async setFailures(db: Executor, userId: string, failures: number, lockedUntil: Date | null): Promise<void> {
      await db
        .updateTable('users')
        .set({ fund_password_failures: failures, fund_password_locked_until: lockedUntil })
        .where('id', '=', userId)
        .execute();
    },

    /** A new hash on the wallet's word: the count and lock start afresh, and a hold begins. */
    async reset(db: Executor, userId: string, passwordHash: string, holdUntil: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({
          fund_password_hash: passwordHash,
          fund_password_failures: 0,
          fund_password_locked_until: null,
          fund_password_hold_until: holdUntil,
        })
        .where('id', '=', userId)
        .execute();
    },
    async isSet(db: Executor, userId: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('fund_password_hash').where('id', '=', userId).executeTakeFirst();
      return Boolean(row?.fund_password_hash);
    },

    /**
     * Stores a new hash with a fresh count. With `onlyIfUnset`, only while no password is set, so of
     * two first sets racing only one lands. False when nothing was stored.
     */
    async setHash(
      db: Executor,
      userId: string,
      passwordHash: string,
      { onlyIfUnset }: { onlyIfUnset: boolean },
    ): Promise<boolean> {
      const query = db
        .updateTable('users')
        .set({ fund_password_hash: passwordHash, fund_password_failures: 0, fund_password_locked_until: null })
        .where('id', '=', userId);
      const result = await (onlyIfUnset ? query.where('fund_password_hash', 'is', null) : query).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
