import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainContext } from '../../platform/chain/context.js';
import { type Auth, checkBooks, operatorLogin, type TestApp, testOperators } from '../../test/helpers.js';
import { operatorMoneyHelpers, startOperatorMoney } from '../../test/operator-money.js';

describe('operators: money (withdrawals, deposits, fees and limits, the daily report)', () => {
  let chain: ChainContext;
  let t: TestApp;
  let viewer: Auth;
  let support: Auth;
  let finance: Auth;

  beforeAll(async () => {
    ({ chain, t, viewer, support, finance } = await startOperatorMoney());
  });
  afterAll(async () => {
    await t.close();
    await chain.stop();
  });
  const { withdraw, putSettings } = operatorMoneyHelpers(() => t);

  describe('fees and limits', () => {
    const changed = (version: number, overrides: { fee?: string; min?: string; c2c?: string } = {}) => ({
      version,
      withdraw: {
        USDT: {
          min: overrides.min ?? '50',
          fee: overrides.fee ?? '2.5',
          review_above: '1000',
          hourly_cap: '100000000',
        },
        WALLX: { min: '10', fee: '1', review_above: '100000', hourly_cap: '500000' },
      },
      markets: { mtrade_fee_rate: '0.05', c2c_fee_rate: overrides.c2c ?? '0.02' },
    });

    it('start from the configuration, with the chain settings read-only beside them', async () => {
      const settings = (await t.injectAs(viewer, 'GET /api/admin/money/settings')).json().data;
      expect(settings).toMatchObject({
        version: 0,
        updated_by: null,
        withdraw: { USDT: { min: '20', fee: '1.5', review_above: '1000' } },
        markets: { mtrade_fee_rate: '0.05', c2c_fee_rate: '0.01' },
        chain: {
          name: 'local',
          confirmations: 2,
          deposit_address: chain.depositAddress.toLowerCase(),
          hot_wallet: chain.hotWallet.address.toLowerCase(),
        },
      });
    });

    it('only finance (and admins) propose them; bad values are refused naming the field, and nothing is written', async () => {
      expect((await putSettings(viewer, changed(0))).json()).toMatchObject({ code: 1006 });
      expect((await putSettings(support, changed(0))).json()).toMatchObject({ code: 1006 });
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/admin/money/settings', payload: changed(0) })).json(),
      ).toMatchObject({ code: 8002 });
      expect((await putSettings(finance, changed(0, { fee: '-1' }))).json()).toMatchObject({
        code: 1001,
        data: { field: 'withdraw.USDT.fee' },
      });
      expect((await putSettings(finance, changed(0, { min: '0' }))).json()).toMatchObject({
        code: 1001,
        data: { field: 'withdraw.USDT.min' },
      });
      expect((await putSettings(finance, changed(0, { c2c: '1.5' }))).json()).toMatchObject({
        code: 1001,
        data: { field: 'markets.c2c_fee_rate' },
      });
      expect((await putSettings(finance, { ...changed(0), version: undefined })).json()).toMatchObject({
        code: 1001,
        data: { field: 'version' },
      });
      expect((await t.injectAs(viewer, 'GET /api/admin/money/settings')).json().data.version).toBe(0);
    });

    it('a change is a proposal: nothing applies until another operator approves it; two made on one version, one waits; approved, it applies at once and is audited with both', async () => {
      const admin = await operatorLogin(t.app, 'admin');
      const answers = await Promise.all([
        putSettings(finance, changed(0, { fee: '2.5' })),
        putSettings(admin, changed(0, { fee: '3' })),
      ]);
      expect(answers.map((a) => a.json().code).sort()).toEqual([0, 8602]);
      const proposal = answers.find((a) => a.json().code === 0)!.json().data;
      const proposer = proposal.proposed_by as string;
      expect(proposal).toMatchObject({
        kind: 'money_settings.update',
        subject_type: 'money_settings',
        subject_id: 'current',
        status: 'pending',
        settings: {
          version: 0,
          before: { withdraw: { USDT: { fee: '1.5', min: '20' } } },
          after: { withdraw: { USDT: { min: '50' } } },
        },
      });
      // Nothing changed: the configuration still applies, to the app too.
      expect((await t.injectAs(viewer, 'GET /api/admin/money/settings')).json().data).toMatchObject({
        version: 0,
        withdraw: { USDT: { fee: '1.5', min: '20' } },
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/funds/withdraw/config' })).json().data.USDT).toMatchObject(
        {
          min: '20',
          fee: '1.5',
        },
      );
      // Its proposer cannot approve it; the other may.
      const [mine, theirs] =
        proposer === testOperators.finance.address.toLowerCase() ? [finance, admin] : [admin, finance];
      expect((await t.injectAs(mine, `POST /api/admin/proposals/${proposal.id}/approve`)).json()).toMatchObject({
        code: 8605,
      });
      expect((await t.injectAs(theirs, `POST /api/admin/proposals/${proposal.id}/approve`)).json()).toMatchObject({
        code: 0,
        data: { status: 'approved' },
      });
      const fee = proposal.settings.after.withdraw.USDT.fee as string;
      expect((await t.injectAs(viewer, 'GET /api/admin/money/settings')).json().data).toMatchObject({
        version: 1,
        updated_by: proposer,
        approved_by: expect.any(String),
        withdraw: { USDT: { fee, min: '50' } },
      });

      // The app's screens and the rules read the new values from the next request on.
      expect((await t.app.inject({ method: 'GET', url: '/api/funds/withdraw/config' })).json().data.USDT).toMatchObject(
        {
          min: '50',
          fee,
        },
      );
      const user = await t.userWith({ usdt: '500', fundPassword: 'pass-123' });
      expect((await t.injectAs(user, 'GET /api/markets/config')).json().data).toEqual({
        mtrade_fee_rate: '0.05',
        c2c_fee_rate: '0.02',
      });
      expect((await withdraw(user.auth, '40')).json()).toMatchObject({ code: 3012 });
      const w = (await withdraw(user.auth, '50')).json().data.withdrawal;
      expect(w.fee).toBe(fee);

      const audit = await t.database.db
        .selectFrom('operator_audit')
        .selectAll()
        .where('action', '=', 'money_settings.update')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.detail).toMatchObject({
        before: { version: 0, withdraw: { USDT: { fee: '1.5' } } },
        after: { version: 1, withdraw: { USDT: { fee } } },
        proposal: proposal.id,
        proposed_by: proposer,
      });
      // A change made on a version someone else moved past is refused, whatever it says; one that
      // changes nothing is not proposed.
      expect((await putSettings(finance, changed(0))).json()).toMatchObject({
        code: 8501,
        data: { field: 'version', version: 1 },
      });
      const current = (await t.injectAs(viewer, 'GET /api/admin/money/settings')).json().data;
      expect(
        (await putSettings(finance, { version: 1, withdraw: current.withdraw, markets: current.markets })).json(),
      ).toMatchObject({ code: 8611, data: { field: 'version' } });
      expect((await checkBooks(t.database)).problems).toEqual([]);
    });
  });
});
