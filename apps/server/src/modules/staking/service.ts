import {
  compare,
  plus,
  stakeTermDays,
  stakeTerms,
  type Page,
  type Stake,
  type StakeRequest,
  type StakingSummary,
  type UnstakeRequest,
} from '@wallx/shared';
import type { FundPasswords } from '../../kernel/fund-password/fund-password.js';
import type { Idempotency } from '../../kernel/idempotency/idempotency.js';
import type { Ledger } from '../../kernel/ledger/ledger.js';
import type { StakingSettingsStore } from '../../kernel/staking-settings/staking-settings.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { Db, Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import { addDays, dayInZone } from '../../platform/time/days.js';
import { stakeRef, type StakeRow, type StakingRepository } from './repository.js';

export type StakingDeps = {
  db: Db;
  ledger: Ledger;
  users: UserRepository;
  idempotency: Idempotency;
  fundPasswords: FundPasswords;
  stakingSettings: StakingSettingsStore;
  stakes: StakingRepository;
  /** The output job's zone: "yesterday" and the distribution's days are dates there. */
  timeZone: string;
  now?: () => number;
};

const DAY_MS = 86_400_000;
/** The settings' decimals as the books print them: '1.50' reads '1.5'. */
const amount = (value: string) => plus(value, '0');

/** When a term stake ends, as its refusal names it: a minute in the output zone, the same in every language. */
function endOf(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** A stake as its owner sees it at `at`: whether it may be withdrawn now is part of it. */
const stakeOf = (row: StakeRow, at: number): Stake => ({
  id: row.id,
  amount: row.amount,
  term: row.term,
  status: row.status,
  started_at: row.started_at.toISOString(),
  ends_at: row.ends_at?.toISOString() ?? null,
  closed_at: row.closed_at?.toISOString() ?? null,
  earned: { wallx: row.earned_wallx, usdt: row.earned_usdt },
  last: { day: row.last_day, wallx: row.last_wallx, usdt: row.last_usdt },
  can_unstake: row.status === 'active' && (row.ends_at === null || row.ends_at.getTime() <= at),
});

/** The stakes of a user (issue 48, decision 143): staking, withdrawing, the screen's summary. */
export function createStakingService({
  db,
  ledger,
  users,
  idempotency,
  fundPasswords,
  stakingSettings,
  stakes,
  timeZone,
  now = Date.now,
}: StakingDeps) {
  /** Why a stake of this user could not be closed now: none such, closed already, or a term not over. */
  async function refusal(trx: Trx, userId: string, id: string): Promise<AppError> {
    const row = await stakes.one(trx, userId, id);
    if (!row) return new AppError('stake_not_found');
    if (row.status !== 'active') return new AppError('stake_closed');
    const endsAt = row.ends_at ?? new Date(now());
    return new AppError('stake_not_ended', {
      params: { ends_at: endOf(endsAt, timeZone) },
      data: { ends_at: endsAt.toISOString() },
    });
  }

  return {
    /**
     * Stakes WALLX: the stake row and the posting user → `stakes` in one transaction, so the stake
     * exists exactly when its WALLX left the balance. Racing stakes of one account are serialised on
     * its row (idempotency.run) and the posting refuses what the balance cannot cover.
     */
    async stake(userId: string, input: StakeRequest, key: string | undefined): Promise<{ stake: Stake }> {
      const { fund_password, ...request } = input;
      const idem = { userId, key, scope: 'staking.stake', body: request };
      const earlier = await idempotency.previous<{ stake: Stake }>(idem);
      if (earlier) return earlier;
      const { values } = await stakingSettings.read(db);
      if (compare(request.amount, values.min_stake) < 0) {
        throw new AppError('stake_below_min', { field: 'amount', params: { min: amount(values.min_stake) } });
      }
      // Before Argon2, the slow step: a stake that cannot be paid costs no password check.
      if (compare((await users.balances(db, userId)).wallx, request.amount) < 0) {
        throw new AppError('insufficient_wallx', { field: 'amount' });
      }
      await fundPasswords.verify(userId, fund_password);
      return idempotency.run(idem, async (trx) => {
        // The minimum as it stands when the stake is made: a change approved meanwhile applies.
        const { values: current } = await stakingSettings.read(trx);
        if (compare(request.amount, current.min_stake) < 0) {
          throw new AppError('stake_below_min', { field: 'amount', params: { min: amount(current.min_stake) } });
        }
        const at = now();
        const days = stakeTermDays[request.term];
        const row = await stakes.insert(trx, {
          userId,
          amount: request.amount,
          term: request.term,
          startedAt: new Date(at),
          endsAt: days === null ? null : new Date(at + days * DAY_MS),
        });
        await ledger.post(trx, {
          debit: { user: userId },
          credit: { platform: 'stakes' },
          asset: 'WALLX',
          amount: request.amount,
          type: 'stake',
          ref: stakeRef(row.id),
        });
        return { stake: stakeOf(row, at) };
      });
    },

    /**
     * Withdraws a stake: one conditional UPDATE closes it (active, the user's, flexible or ended),
     * then its WALLX goes back. Racing withdrawals, and the maturity job, close it once.
     */
    async unstake(
      userId: string,
      id: string,
      input: UnstakeRequest,
      key: string | undefined,
    ): Promise<{ stake: Stake }> {
      const idem = { userId, key, scope: `staking.unstake:${id}`, body: {} };
      const earlier = await idempotency.previous<{ stake: Stake }>(idem);
      if (earlier) return earlier;
      // Someone else's stake, or none, is refused before the password: it costs the caller no try.
      if (!(await stakes.one(db, userId, id))) throw new AppError('stake_not_found');
      await fundPasswords.verify(userId, input.fund_password);
      return idempotency.run(idem, async (trx) => {
        const at = now();
        const closed = await stakes.close(trx, { id, userId, at: new Date(at) }, 'withdrawn');
        if (!closed) throw await refusal(trx, userId, id);
        await ledger.post(trx, {
          debit: { platform: 'stakes' },
          credit: { user: userId },
          asset: 'WALLX',
          amount: closed.amount,
          type: 'unstake',
          ref: stakeRef(closed.id),
        });
        return { stake: stakeOf(closed, at) };
      });
    },

    list(userId: string, query: PageQuery): Promise<Page<Stake>> {
      const at = now();
      return pageById(query, async (range) => (await stakes.page(db, userId, range)).map((row) => stakeOf(row, at)));
    },

    async summary(userId: string): Promise<StakingSummary> {
      const yesterday = addDays(dayInZone(now(), timeZone), -1);
      const { values } = await stakingSettings.read(db);
      const balances = await stakes.poolBalances(db);
      const mine = await stakes.totals(db, userId, yesterday);
      const balance = (kind: string, asset: string) =>
        balances.find((b) => b.kind === kind && b.asset === asset)?.balance ?? '0';
      return {
        pool: {
          proceeds: { wallx: balance('staking_pool', 'WALLX'), usdt: balance('staking_pool', 'USDT') },
          staked: balance('stakes', 'WALLX'),
        },
        mine: {
          staked: mine.staked,
          active: mine.active,
          yesterday: { day: yesterday, wallx: mine.day_wallx, usdt: mine.day_usdt },
          total: { wallx: mine.total_wallx, usdt: mine.total_usdt },
        },
        settings: {
          terms: stakeTerms.map((term) => ({
            term,
            days: stakeTermDays[term],
            weight: amount(values.term_weights[term]),
          })),
          min_stake: amount(values.min_stake),
          checkin_boost: amount(values.checkin_boost),
          aid_share: amount(values.aid_share),
        },
      };
    },
  };
}
export type StakingService = ReturnType<typeof createStakingService>;
