import { hash, verify } from '@node-rs/argon2';
import { FUND_PASSWORD_LOCK_MINUTES, FUND_PASSWORD_MAX_TRIES, FUND_PASSWORD_MIN_LENGTH, type FundPasswordRequest } from '@wallx/shared';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { createFundPasswordRepository, type PasswordState } from './repository.js';

/**
 * Fund passwords: Argon2id hashes; five wrong tries lock them for 15 minutes.
 *
 * Checks of one user's password run one at a time in this process, each reading the failure count
 * the previous one left: a burst of parallel guesses gets no more than the five tries (at most one
 * extra per server instance), while a user's own parallel requests merely queue for a few ms.
 * The failure count is committed on its own, whatever the request does next.
 */
export function createFundPasswords({ db, now = Date.now }: { db: Db; now?: () => number }) {
  const passwords = createFundPasswordRepository();
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
    const row = await passwords.state(db, userId);
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
        if (failures > 0 || current.locked_until) await passwords.setFailures(db, userId, 0, null);
        return;
      }
      const isNowLocked = failures + 1 >= FUND_PASSWORD_MAX_TRIES;
      const lockedUntil = new Date(now() + FUND_PASSWORD_LOCK_MINUTES * 60_000);
      await passwords.setFailures(db, userId, isNowLocked ? 0 : failures + 1, isNowLocked ? lockedUntil : null);
      if (isNowLocked) throw lockedError(lockedUntil);
      throw new AppError('fund_password_incorrect', { field });
    });
  }

  return {
    /** For every operation that needs the fund password. */
    verify: (userId: string, password: string) => check(userId, password, 'fund_password'),

    isSet(userId: string): Promise<boolean> {
      return passwords.isSet(db, userId);
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
      if (!(await passwords.setHash(db, userId, passwordHash, { onlyIfUnset: !isSet }))) {
        throw new AppError('fund_password_already_set', { field: 'old_password' });
      }
    },
  };
}
export type FundPasswords = ReturnType<typeof createFundPasswords>;
