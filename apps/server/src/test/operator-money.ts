import { openChain, type ChainContext } from '../platform/chain/context.js';
import { loadConfig } from '../platform/config/config.js';
import { type Auth, buildTestApp, operatorLogin, type TestApp } from './helpers.js';

export type OperatorMoney = { chain: ChainContext; t: TestApp; viewer: Auth; support: Auth; finance: Auth };

/** The money console tests' chain and app, with a viewer, a support and a finance session. */
export async function startOperatorMoney(): Promise<OperatorMoney> {
  const chain = await openChain(
    loadConfig({
      CONFIRMATIONS: '2',
      WITHDRAW_MIN_USDT: '20',
      WITHDRAW_FEE_USDT: '1.5',
      WITHDRAW_REVIEW_USDT: '1000',
      WITHDRAW_HOURLY_CAP_USDT: '100000000',
    }).chain,
  );
  const t = await buildTestApp({ chain });
  const [viewer, support, finance] = [
    await operatorLogin(t.app, 'viewer'),
    await operatorLogin(t.app, 'support'),
    await operatorLogin(t.app, 'finance'),
  ];
  return { chain, t, viewer, support, finance };
}

/** The money console tests' requests, on the app `current` answers once started. */
export function operatorMoneyHelpers(current: () => TestApp) {
  const withdraw = (auth: Auth, amount: string) =>
    current().injectAs(auth, 'POST /api/funds/withdraw', { asset: 'USDT', amount, fund_password: 'pass-123' });
  const get = (url: string, headers: Auth) => current().app.inject({ method: 'GET', url, headers });
  const putSettings = (headers: Auth, payload: unknown) =>
    current().injectAs(headers, 'PUT /api/admin/money/settings', payload as object);
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  return { withdraw, get, putSettings, today };
}
