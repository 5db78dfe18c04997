import type { Session, TestApp } from '../../test/helpers.js';

/** The transfer tests' requests, on the app `current` answers once started. */
export function transferHelpers(current: () => TestApp) {
  const transfer = (who: Session, payload: object, headers: Record<string, string> = {}) =>
    current().injectAs(who, 'POST /api/funds/transfer', payload, headers);
  const balance = async (who: Session) => (await current().injectAs(who, 'GET /api/user/info')).json().data.balance;
  return { transfer, balance };
}
