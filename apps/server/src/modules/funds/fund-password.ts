import { hash, verify } from '@node-rs/argon2';
import { FUND_PASSWORD_LOCK_MINUTES, FUND_PASSWORD_MAX_TRIES, FUND_PASSWORD_MIN_LENGTH, type FundPasswordRequest } from '@wallx/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';

type PasswordState = { hash: string | null; failures: number; locked_until: Date | null };

/**
 * Fund passwords: Argon2id hashes; five wrong tries lock them for 15 minutes.
 *
 * Checks of one user's password run one at a time in this process, each reading the failure count
 * the previous one left: a burst of parallel guesses gets no more than the five tries (at most one
 * extra per server instance), while a user's own parallel requests merely queue for a few ms.
 * The failure count is committed on its own, whatever the request does next.
 */
export function createFundPasswords({ db, now = Date.now }: { db: Db; now?: () => number }) {
  const queues = new Map<string, Promise<unknown>>();

  function oneAtATime<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(userId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    queues.set(userId, settled);
    void settled.then(() => {
      if (queues.get(userId) === settled) queues.delete(userId);
    });
    return next;
  }

  function lockedError(lockedUntil: Date) {
    const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now()) / 60_000));
    return new AppError('fund_password_locked', { field: 'fund_password', params: { minutes } });
  }

  async function state(userId: string): Promise<PasswordState> {
    const row = await db
      .selectFrom('users')
      .select(['fund_password_hash as hash', 'fund_password_failures as failures', 'fund_password_locked_until as locked_until'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new AppError('unauthorized');
    return row;
  }

  function check(userId: string, password: string, field: string): Promise<void> {
    return oneAtATime(userId, async () => {
      const current = await state(userId);
      if (!current.hash) throw new AppError('fund_password_not_set', { field });
      const isLocked = current.locked_until !== null && current.locked_until.getTime() > now();
      if (isLocked) throw lockedError(current.locked_until!);
      // A lock that has run out starts a fresh count.
      const failures = current.locked_until !== null ? 0 : current.failures;
      if (await verify(current.hash, password)) {
        if (failures > 0 || current.locked_until) {
          await db.updateTable('users').set({ fund_password_failures: 0, fund_password_locked_until: null }).where('id', '=', userId).execute();
        }
        return;
      }
      const isNowLocked = failures + 1 >= FUND_PASSWORD_MAX_TRIES;
      const lockedUntil = new Date(now() + FUND_PASSWORD_LOCK_MINUTES * 60_000);
      await db
        .updateTable('users')
        .set({ fund_password_failures: isNowLocked ? 0 : failures + 1, fund_password_locked_until: isNowLocked ? lockedUntil : null })
        .where('id', '=', userId)
        .execute();
      if (isNowLocked) throw lockedError(lockedUntil);
      throw new AppError('fund_password_incorrect', { field });
    });
  }

  return {
    /** For every operation that needs the fund password. */
    verify: (userId: string, password: string) => check(userId, password, 'fund_password'),

    async isSet(userId: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('fund_password_hash').where('id', '=', userId).executeTakeFirst();
      return Boolean(row?.fund_password_hash);
    },

    /** Sets the first fund password, or changes it when `old_password` is given. */
    async set(userId: string, input: FundPasswordRequest): Promise<void> {
      if (input.password.length < FUND_PASSWORD_MIN_LENGTH) throw new AppError('fund_password_too_short', { field: 'password' });
      if (input.password !== input.confirm) throw new AppError('fund_password_mismatch', { field: 'confirm' });
      const isSet = await this.isSet(userId);
      if (isSet) {
        if (input.old_password === undefined) throw new AppError('fund_password_already_set', { field: 'old_password' });
        await check(userId, input.old_password, 'old_password');
      }
      const passwordHash = await hash(input.password);
      // Only the first set may happen without the old password, even when two race.
      const query = db
        .updateTable('users')
        .set({ fund_password_hash: passwordHash, fund_password_failures: 0, fund_password_locked_until: null })
        .where('id', '=', userId);
      const result = await (isSet ? query : query.where('fund_password_hash', 'is', null)).executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw new AppError('fund_password_already_set', { field: 'old_password' });
    },
  };
}
export type FundPasswords = ReturnType<typeof createFundPasswords>;
