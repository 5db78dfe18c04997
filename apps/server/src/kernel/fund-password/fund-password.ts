import { hash, verify } from '@node-rs/argon2';
import { withSpan } from '../../platform/tracing/tracing.js';
import {
  FUND_PASSWORD_LOCK_MINUTES,
  FUND_PASSWORD_MAX_TRIES,
  FUND_PASSWORD_MIN_LENGTH,
  FUND_PASSWORD_RESET_HOLD_MS,
  type FundPasswordRequest,
  type FundPasswordResetRequest,
  type FundPasswordResetResult,
  type ErrorKey,
  type WalletAction,
} from '@wallx/shared';
import type { Db, Trx } from '../../platform/db/database.js';
import { transaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors/app-error.js';
import { createFundPasswordRepository, type PasswordState } from './repository.js';

/**
 * Fund passwords: Argon2id hashes; five wrong tries lock them for 15 minutes.
 *
 * Each check first reserves its try in one UPDATE (the count goes up before Argon2 runs, and no try
 * is reserved past the fifth), so parallel guesses on any number of server instances get five
 * verifications between locks, never more. A right password resets the count; the fifth wrong one
 * locks; a check that finds all five being checked waits for them. The count is committed on its
 * own, whatever the request does next.
 */
/** How long a check waits for other checks of the same password to end before it answers "locked". */
const IN_FLIGHT_WAIT_MS = 5_000;

/** The wallet's signature of an action, checked by the auth module (app.ts hands it in). */
/**
 * What checking the fund password can refuse, for the routes that ask for it to declare
 * (`config.errors`): wrong, locked after too many tries, never set, or in the hold after a reset.
 */
export const fundPasswordRefusals = [
  'fund_password_incorrect',
  'fund_password_locked',
  'fund_password_not_set',
  'fund_password_reset_hold',
] as const satisfies readonly ErrorKey[];

export type WalletConfirm = (
  address: string,
  action: WalletAction,
  proof: { message?: string | undefined; signature?: string | undefined },
  requestOrigin: string,
  /** Spends the signature in this transaction: spent only if the change it confirms is written too. */
  trx: Trx,
) => Promise<void>;

type User = { id: string; address: string };

export function createFundPasswords({
  db,
  confirmWithWallet,
  now = Date.now,
  onFailure,
}: {
  db: Db;
  confirmWithWallet: WalletConfirm;
  now?: () => number;
  /** Told each refused try: incorrect, or the one that locked the account (the metrics' fund-password failures). */
  onFailure?: (reason: 'incorrect' | 'locked') => void;
}) {
  const passwords = createFundPasswordRepository();
  function lockedError(lockedUntil: Date) {
    const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now()) / 60_000));
    return new AppError('fund_password_locked', { field: 'fund_password', params: { minutes } });
  }
  async function state(userId: string): Promise<PasswordState> {
    const row = await passwords.state(db, userId);
    if (!row) throw new AppError('unauthorized');
    return row;
  }
  /**
   * Reserves a try. When the five are all being checked by other requests right now (a user's own
   * parallel requests, or a burst of guesses), waits for them to end: a right one frees the count,
   * the fifth wrong one locks. Tries still unanswered after the wait belong to requests that died
   * mid-check: they become a lock, which runs out as any other, rather than a count stuck at five.
   */
  async function reserve(userId: string, field: string): Promise<{ hash: string; tries: number }> {
    // Real time, not the service's clock: this measures a wait, not a date.
    const giveUpAt = Date.now() + IN_FLIGHT_WAIT_MS;
    for (;;) {
      const at = new Date(now());
      const reserved = await passwords.reserveTry(db, userId, at, FUND_PASSWORD_MAX_TRIES);
      if (reserved) return reserved;
      const current = await state(userId);
      if (!current.hash) throw new AppError('fund_password_not_set', { field });
      if (current.locked_until && current.locked_until > at) throw lockedError(current.locked_until);
      if (Date.now() >= giveUpAt) {
        const lockedUntil = new Date(at.getTime() + FUND_PASSWORD_LOCK_MINUTES * 60_000);
        await passwords.lockIfOutOfTries(db, userId, FUND_PASSWORD_MAX_TRIES, lockedUntil);
        throw lockedError(lockedUntil);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function check(userId: string, password: string, field: string): Promise<void> {
    const reserved = await reserve(userId, field);
    // The Argon2 check is most of a withdrawal's time on the server: its own span shows how much.
    if (await withSpan('fund-password argon2 verify', {}, () => verify(reserved.hash, password))) {
      await passwords.setFailures(db, userId, 0, null);
      return;
    }
    onFailure?.(reserved.tries >= FUND_PASSWORD_MAX_TRIES ? 'locked' : 'incorrect');
    if (reserved.tries >= FUND_PASSWORD_MAX_TRIES) {
      const lockedUntil = new Date(now() + FUND_PASSWORD_LOCK_MINUTES * 60_000);
      await passwords.setFailures(db, userId, FUND_PASSWORD_MAX_TRIES, lockedUntil);
      throw lockedError(lockedUntil);
    }
    // How many more wrong ones lock it: told with the refusal, so that the lock is no surprise.
    const triesLeft = FUND_PASSWORD_MAX_TRIES - reserved.tries;
    throw new AppError('fund_password_incorrect', {
      field,
      params: { tries_left: triesLeft, minutes: FUND_PASSWORD_LOCK_MINUTES },
      data: { tries_left: triesLeft },
    });
  }
  function checkNewPassword(input: { password: string; confirm: string }) {
    if (input.password.length < FUND_PASSWORD_MIN_LENGTH)
      throw new AppError('fund_password_too_short', { field: 'password' });
    if (input.password !== input.confirm) throw new AppError('fund_password_mismatch', { field: 'confirm' });
  }

  return {
    /**
     * For every operation that needs the fund password: each takes money, a miner or a market trade
     * out of the account, so each waits out the hold after a reset (checked first: it spends no try).
     */
    async verify(userId: string, password: string): Promise<void> {
      const { hold_until: holdUntil } = await state(userId);
      if (holdUntil && holdUntil.getTime() > now()) {
        const hours = Math.max(1, Math.ceil((holdUntil.getTime() - now()) / 3_600_000));
        throw new AppError('fund_password_reset_hold', {
          field: 'fund_password',
          params: { hours },
          data: { hold_until: holdUntil.toISOString() },
        });
      }
      await check(userId, password, 'fund_password');
    },

    isSet(userId: string): Promise<boolean> {
      return passwords.isSet(db, userId);
    },

    /**
     * Sets the first fund password on the wallet's signature of the set, or changes it with the old
     * one. A session alone (a phished login, a stolen token) must not choose the password that then
     * moves the account's money.
     */
    async set(user: User, input: FundPasswordRequest, requestOrigin: string): Promise<void> {
      checkNewPassword(input);
      const isSet = await this.isSet(user.id);
      if (isSet) {
        if (input.old_password === undefined)
          throw new AppError('fund_password_already_set', { field: 'old_password' });
        await check(user.id, input.old_password, 'old_password');
        await passwords.setHash(db, user.id, await hash(input.password), { onlyIfUnset: false });
        return;
      }
      const passwordHash = await hash(input.password);
      // The signature is spent with the set, in one transaction: a request that dies between the two
      // (a crash, a lost connection) leaves the signature good for the retry, not spent for nothing.
      await transaction(db, async (trx) => {
        await confirmWithWallet(user.address, 'set_fund_password', input, requestOrigin, trx);
        // Only the first set may happen without the old password, even when two race.
        if (!(await passwords.setHash(trx, user.id, passwordHash, { onlyIfUnset: true }))) {
          throw new AppError('fund_password_already_set', { field: 'old_password' });
        }
      });
    },

    /**
     * A forgotten fund password, replaced on the wallet's signature of the reset. What the password
     * guards then waits 24 hours, as exchanges do: a stolen signature buys no money before the owner
     * can react.
     */
    async reset(user: User, input: FundPasswordResetRequest, requestOrigin: string): Promise<FundPasswordResetResult> {
      checkNewPassword(input);
      const passwordHash = await hash(input.password);
      const holdUntil = new Date(now() + FUND_PASSWORD_RESET_HOLD_MS);
      await transaction(db, async (trx) => {
        await confirmWithWallet(user.address, 'reset_fund_password', input, requestOrigin, trx);
        await passwords.reset(trx, user.id, passwordHash, holdUntil);
      });
      return { hold_until: holdUntil.toISOString() };
    },
  };
}
export type FundPasswords = ReturnType<typeof createFundPasswords>;
