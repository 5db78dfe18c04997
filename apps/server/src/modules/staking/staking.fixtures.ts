import { sql } from 'kysely';
import { expect } from 'vitest';
import type { StakingSettingsValues } from '@wallx/shared';
import { stakingSettingsDefaults } from '../../kernel/staking-settings/staking-settings.js';
import type { Session, TestApp } from '../../test/helpers.js';

export const PASSWORD = 'stake-pass-1';
export const DAY_MS = 86_400_000;

/** A clock tests move: it starts at 02:00 UTC of today (10:00 in Shanghai, the test zone). */
export function stakingClock() {
  let at = Date.parse(`${new Date().toISOString().slice(0, 10)}T02:00:00Z`);
  return {
    now: () => at,
    days: (n: number) => {
      at += n * DAY_MS;
    },
    ms: (n: number) => {
      at += n;
    },
  };
}

/** The requests and reads the staking tests share, on the app `current` answers. */
export function stakingHelpers(current: () => TestApp) {
  const t = () => current();
  const stake = (who: Session, body: object, headers: Record<string, string> = {}) =>
    t().injectAs(who, 'POST /api/staking/stakes', { fund_password: PASSWORD, ...body }, headers);
  const unstake = (who: Session, id: string, body: object = {}, headers: Record<string, string> = {}) =>
    t().injectAs(who, `POST /api/staking/stakes/${id}/unstake`, { fund_password: PASSWORD, ...body }, headers);

  /** A stake that must be made: its answer. */
  async function mustStake(who: Session, amount: string, term = 'flexible') {
    const response = await stake(who, { amount, term });
    expect(response.json().code, response.body).toBe(0);
    return response.json().data.stake as { id: string; ends_at: string | null; status: string };
  }

  const wallx = async (who: Session) =>
    (await t().injectAs(who, 'GET /api/user/info')).json().data.balance.wallx as string;
  const summary = async (who: Session) => (await t().injectAs(who, 'GET /api/staking')).json().data;
  const stakes = async (who: Session) => (await t().injectAs(who, 'GET /api/staking/stakes')).json().data.items;

  /** The user's stake and unstake entries in the books, oldest first. */
  async function entries(who: Session) {
    const { rows } = await sql<{ type: string; amount: string; ref_id: string }>`
      select e.type, trim_scale(e.amount)::text as amount, e.ref_id from ledger_entries e
      join accounts a on a.id = e.account_id join users u on u.id = a.user_id
      where u.address = ${who.userinfo.bsc.toLowerCase()} and e.type in ('stake', 'unstake') order by e.id`.execute(
      t().database.db,
    );
    return rows;
  }

  /** Operators' approved rules, as a proposal's approval writes them. */
  async function setSettings(values: Partial<StakingSettingsValues>) {
    const settings = JSON.stringify({ ...stakingSettingsDefaults('0.1'), ...values });
    await sql`insert into staking_settings (id, settings, version, updated_by) values (true, ${settings}::jsonb, 1, 'test')
      on conflict (id) do update set settings = excluded.settings, version = staking_settings.version + 1`.execute(
      t().database.db,
    );
  }

  return { stake, unstake, mustStake, wallx, summary, stakes, entries, setSettings };
}
