import { expect } from 'vitest';
import { type Auth, buildTestApp, operatorLogin, type Session, type TestApp, testProduct } from '../../test/helpers.js';
import { addDays, dayInZone } from '../../platform/time/days.js';
import { createMinersRepository, type ProductInput } from './repository.js';

export const repository = createMinersRepository();

/**
 * Output days are dates in the output time zone, counted from the day a miner is turned on. The
 * app runs on the suite's clock: real time moved to noon of today in Asia/Shanghai, so "today"
 * cannot change under a run that crosses Shanghai's midnight (16:00 UTC).
 */
export function minersClock() {
  const toNoon = Date.parse(`${dayInZone(Date.now(), 'Asia/Shanghai')}T12:00:00+08:00`) - Date.now();
  const now = () => Date.now() + toNoon;
  const today = dayInZone(now(), 'Asia/Shanghai');
  const day = (offset: number) => addDays(today, offset);
  const app = () => buildTestApp({ now });
  return { now, day, app };
}

/** The miners tests' requests, on the app `current` answers (a test may swap it for one of its own). */
export function minersHelpers(current: () => TestApp) {
  const addProduct = (overrides: Partial<ProductInput> = {}) =>
    repository.insertProduct(current().database.db, testProduct(overrides));
  const buy = (auth: Auth, payload: object, headers: Record<string, string> = {}) =>
    current().injectAs(auth, 'POST /api/miners/buy', payload, headers);
  const balance = async (auth: Auth) =>
    (await current().injectAs(auth, 'GET /api/user/info')).json().data.balance as { usdt: string; wallx: string };
  const stockOf = async (id: string) => (await repository.findProduct(current().database.db, id))!.stock;

  /** Buys one unit and places it: an off miner. */
  async function ownMiner(owner: Session, productId?: string) {
    const id = productId ?? (await addProduct());
    const bought = await buy(owner.auth, { product_id: id, pay_asset: 'USDT', quantity: 1 });
    expect(bought.json().code, bought.body).toBe(0);
    const used = await current().injectAs(owner, `POST /api/miners/orders/${bought.json().data.orders[0].id}/use`);
    return used.json().data.miner as { id: string; machine_no: string; state: string };
  }

  const setState = (minerId: string, state: 'selling' | 'expired') =>
    current()
      .database.db.updateTable('miners')
      .set(
        state === 'expired'
          ? { state, activated_at: new Date(), first_output_day: '2026-01-01', last_output_day: '2026-01-02' }
          : { state },
      )
      .where('id', '=', minerId)
      .execute();

  /** A gift reaches a user as an unused order granted by an operator (the console's grant). */
  async function grantGiftMiner(owner: Session, giftProductId: string): Promise<string> {
    const t = current();
    const finance = await operatorLogin(t.app, 'finance');
    const granted = await t.injectAs(finance, 'POST /api/admin/gifts', {
      address: owner.userinfo.bsc,
      product_id: giftProductId,
      quantity: 1,
      reason: 'welcome',
    });
    expect(granted.statusCode).toBe(200);
    const [orderId] = granted.json().data.grant.order_ids as string[];
    const order = (await t.injectAs(owner, 'GET /api/miners/orders'))
      .json()
      .data.items.find((o: { id: string }) => o.id === orderId);
    expect(order).toMatchObject({ gift: true, status: 'unused', price: null, pay_asset: null });
    const used = await t.injectAs(owner, `POST /api/miners/orders/${orderId}/use`);
    expect(used.json().data.miner.gift).toBe(true);
    return used.json().data.miner.id as string;
  }

  return { addProduct, buy, balance, stockOf, ownMiner, setState, grantGiftMiner };
}
