import crypto from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { CheckinRequest, CheckinSettingsValues } from '@wallx/shared';
import { createLedger } from '../../kernel/ledger/ledger.js';
import { CHECKIN_SETTINGS_DEFAULTS, createRewards } from '../../kernel/rewards/rewards.js';
import { addDays } from '../../platform/time/days.js';
import { addProduct, buildTestApp, type Session, type TestApp } from '../../test/helpers.js';

const HOUR = 3_600_000;

/**
 * The check-ins' clock. The test app's zone is Asia/Shanghai (UTC+8): the clock starts at 23:30 UTC
 * of a day near the real one, already the next day in Shanghai. Tests move it by days and hours.
 */
export function checkinsClock() {
  const utcDay = new Date().toISOString().slice(0, 10);
  let at = Date.parse(`${utcDay}T23:30:00Z`);
  return {
    now: () => at,
    /** Today in Shanghai at the clock's start. */
    firstDay: addDays(utcDay, 1),
    set: (iso: string) => {
      at = Date.parse(iso);
    },
    nextDay: () => {
      at += 24 * HOUR;
    },
    hours: (n: number) => {
      at += n * HOUR;
    },
  };
}
export type CheckinsClock = ReturnType<typeof checkinsClock>;

/** A test app on the check-ins' clock, and the requests and money its tests need. */
export async function checkinsApp(clock: CheckinsClock = checkinsClock()) {
  const t = await buildTestApp({ now: clock.now });
  return { t, clock, ...checkinsHelpers(t) };
}

export function checkinsHelpers(t: TestApp) {
  const rewards = createRewards({ ledger: createLedger() });

  /** Operators fund the budget through an approved proposal; tests post the same funding directly. */
  const fundBudget = (amount: string) =>
    t.database.db
      .transaction()
      .execute((trx) => rewards.fund(trx, amount, { type: 'test_funding', id: crypto.randomUUID() }));

  const budget = () => rewards.balance(t.database.db);

  /** Operators' approved rules, as a proposal's approval writes them. */
  async function setSettings(values: Partial<CheckinSettingsValues>) {
    const settings = JSON.stringify({ ...CHECKIN_SETTINGS_DEFAULTS, ...values });
    await sql`insert into checkin_settings (id, settings, version, updated_by) values (true, ${settings}::jsonb, 1, 'test')
      on conflict (id) do update set settings = excluded.settings, version = checkin_settings.version + 1`.execute(
      t.database.db,
    );
  }

  const checkIn = (who: Session, body: CheckinRequest | object, headers: Record<string, string> = {}) =>
    t.injectAs(who, 'PUT /api/checkins/today', body, headers);

  /** A check-in that must succeed: its answer's data. */
  async function mustCheckIn(who: Session, body: CheckinRequest) {
    const response = await checkIn(who, body);
    expect(response.json().code, response.body).toBe(0);
    return response.json().data;
  }

  const wallx = async (who: Session) =>
    (await t.injectAs(who, 'GET /api/user/info')).json().data.balance.wallx as string;

  /** A user holding a miner turned on today for a year: one who may earn. */
  async function holder(): Promise<Session> {
    const user = await t.userWith({ usdt: '100' });
    const product = await addProduct(t.database, { output_days: 365, price_usdt: '10' });
    const bought = await t.injectAs(user, 'POST /api/miners/buy', {
      product_id: product,
      pay_asset: 'USDT',
      quantity: 1,
    });
    expect(bought.json().code, bought.body).toBe(0);
    const used = await t.injectAs(user, `POST /api/miners/orders/${bought.json().data.orders[0].id}/use`);
    const on = await t.injectAs(user, `POST /api/miners/${used.json().data.miner.id}/turn_on`);
    expect(on.json().code, on.body).toBe(0);
    return user;
  }

  /** The user's reward entries in the books, oldest first. */
  async function rewardEntries(who: Session) {
    const { rows } = await sql<{ type: string; amount: string; ref_id: string }>`
      select e.type, trim_scale(e.amount)::text as amount, e.ref_id from ledger_entries e
      join accounts a on a.id = e.account_id join users u on u.id = a.user_id
      where u.address = ${who.userinfo.bsc.toLowerCase()} and e.type in ('checkin_reward', 'streak_bonus') order by e.id`.execute(
      t.database.db,
    );
    return rows;
  }

  async function boardRow(who: Session) {
    const { rows } = await sql<{ week: string; days: number; streak: number; reached_at: Date }>`
      select b.week::text as week, b.days, b.streak, b.reached_at from leaderboard_entries b join users u on u.id = b.user_id
      where u.address = ${who.userinfo.bsc.toLowerCase()} order by b.week`.execute(t.database.db);
    return rows;
  }

  return { fundBudget, budget, setSettings, checkIn, mustCheckIn, wallx, holder, rewardEntries, boardRow };
}
