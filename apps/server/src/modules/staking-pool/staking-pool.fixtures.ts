import { sql } from 'kysely';
import type { StakeTerm } from '@wallx/shared';
import { createLedger } from '../../kernel/ledger/ledger.js';
import type { DatabaseHandle } from '../../platform/db/database.js';
import { credit, type Session } from '../../test/helpers.js';

const ledger = createLedger();
const TERM_DAYS: Record<StakeTerm, number | null> = { flexible: null, d30: 30, d90: 90, d180: 180 };

export const userIdOf = async (database: DatabaseHandle, user: Session) =>
  (
    await database.db
      .selectFrom('users')
      .select('id')
      .where('address', '=', user.userinfo.bsc.toLowerCase())
      .executeTakeFirstOrThrow()
  ).id;

/**
 * A stake as the stakes module makes one (its WALLX credited first, then moved into `stakes`), started
 * at `startedAt`; closed at `closedAt` (its principal returned) when given.
 */
export async function stakeOf(
  database: DatabaseHandle,
  user: Session,
  stake: { amount: string; term: StakeTerm; startedAt: string; closedAt?: string },
): Promise<string> {
  await credit(database, user.userinfo.bsc, 'WALLX', stake.amount);
  const userId = await userIdOf(database, user);
  return database.db.transaction().execute(async (trx) => {
    const days = TERM_DAYS[stake.term];
    const row = await trx
      .insertInto('stakes')
      .values({
        user_id: userId,
        amount: stake.amount,
        term: stake.term,
        started_at: stake.startedAt,
        ends_at: days === null ? null : new Date(Date.parse(stake.startedAt) + days * 86_400_000),
        ...(stake.closedAt ? { status: 'withdrawn' as const, closed_at: stake.closedAt } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ref = { type: 'stake', id: row.id };
    await ledger.post(trx, {
      debit: { user: userId },
      credit: { platform: 'stakes' },
      asset: 'WALLX',
      amount: stake.amount,
      type: 'stake',
      ref,
    });
    if (stake.closedAt)
      await ledger.post(trx, {
        debit: { platform: 'stakes' },
        credit: { user: userId },
        asset: 'WALLX',
        amount: stake.amount,
        type: 'unstake',
        ref,
      });
    return row.id;
  });
}

/** Money into the pool as the markets' fee share or an approved funding puts it there. */
export function fillPool(database: DatabaseHandle, asset: 'WALLX' | 'USDT', amount: string) {
  return database.db.transaction().execute((trx) =>
    ledger.post(trx, {
      debit: { platform: asset === 'WALLX' ? 'staking_funding' : 'fees' },
      credit: { platform: 'staking_pool' },
      asset,
      amount,
      type: asset === 'WALLX' ? 'staking_funding' : 'staking_fee_share',
    }),
  );
}

export const poolOf = async (database: DatabaseHandle) => {
  const { rows } = await sql<{ asset: string; balance: string }>`
    select a.asset, trim_scale(coalesce(sum(e.amount), 0))::text as balance
    from accounts a left join ledger_entries e on e.account_id = a.id
    where a.user_id is null and a.kind = 'staking_pool' group by a.asset order by a.asset`.execute(database.db);
  return Object.fromEntries(rows.map((r) => [r.asset, r.balance]));
};

export const checkIn = (database: DatabaseHandle, userId: string, day: string) =>
  sql`insert into checkins (user_id, day, mood, streak) values (${userId}, ${day}::date, 4, 1)`.execute(database.db);

/** What a day's distribution credited each user (WALLX, USDT), from the ledger. */
export const rewardsOf = async (database: DatabaseHandle, day: string) => {
  const { rows } = await sql<{ user_id: string; asset: string; amount: string; n: number }>`
    select a.user_id::text, a.asset, trim_scale(sum(e.amount))::text as amount, count(*)::int as n
    from ledger_entries e join accounts a on a.id = e.account_id
    where e.type = 'staking_reward' and e.ref_type = 'staking_day' and e.ref_id = ${day} and a.user_id is not null
    group by a.user_id, a.asset order by a.user_id, a.asset`.execute(database.db);
  return rows;
};
