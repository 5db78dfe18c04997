import { expect } from 'vitest';
import {
  addProduct,
  type Auth,
  buildTestApp,
  credit,
  login,
  newWallet,
  type Session,
  type TestApp,
} from '../../test/helpers.js';
import { createTeamRepository } from './repository.js';

/** The team tests' app, on the clock `now` reads, with a product of 100 USDT or 500 WALLX. */
export async function startTeam(now: () => number): Promise<{ t: TestApp; productId: string }> {
  const t = await buildTestApp({ now });
  const productId = await addProduct(t.database, { price_usdt: '100', price_wallx: '500', stock: 1_000_000 });
  return { t, productId };
}

/** The team tests' requests and checks, on what `current` answers once started. */
export function teamHelpers(current: () => { t: TestApp; productId: string }) {
  const get = (url: string, auth?: Auth) =>
    current().t.app.inject({ method: 'GET', url, ...(auth ? { headers: auth } : {}) });
  const join = (referee?: string) => login(current().t.app, newWallet(), referee);
  const summary = async (viewer: Session, of?: string) => {
    const response = await current().t.injectAs(viewer, `GET /api/team/summary${of ? `?of=${of}` : ''}`);
    return response.json();
  };
  async function buy(buyer: Session, asset: 'USDT' | 'WALLX', quantity = 1) {
    const { t, productId } = current();
    await credit(
      t.database,
      buyer.userinfo.bsc,
      asset,
      asset === 'USDT' ? String(100 * quantity) : String(500 * quantity),
    );
    const response = await t.injectAs(buyer, 'POST /api/miners/buy', {
      product_id: productId,
      pay_asset: asset,
      quantity,
    });
    expect(response.json().code).toBe(0);
  }
  const teamCheck = () => createTeamRepository().check(current().t.database.db);
  return { get, join, summary, buy, teamCheck };
}
