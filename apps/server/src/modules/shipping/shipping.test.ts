import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  type Auth,
  buildTestApp,
  credit,
  login,
  operatorLogin,
  type Session,
  setFundPassword,
  type TestApp,
  testOperators,
} from '../../test/helpers.js';

const HOME = {
  country: 'CN',
  province: 'CN-GD',
  recipient: 'Li Lei',
  phone: '138 0013 8000',
  postcode: '518000',
  detail: 'No. 1 Shennan Road, Futian, Shenzhen',
};

describe('shipping, pick-up and write-off', () => {
  let t: TestApp;
  let ADMIN: { authorization: string };
  let physical: string;
  let later: string;
  let digital: string;
  let point: string;
  beforeAll(async () => {
    t = await buildTestApp();
    ADMIN = await operatorLogin(t.app, 'support');
    physical = await addProduct(t.database, {
      name: 'en_US:::Home Miner',
      physical: true,
      pickup_from: '2026-01-01T00:00:00Z',
      stock: 10_000,
    });
    later = await addProduct(t.database, {
      name: 'en_US:::Next Miner',
      physical: true,
      pickup_from: '2099-01-01T00:00:00Z',
      stock: 10_000,
    });
    digital = await addProduct(t.database, { name: 'en_US:::Cloud Miner', physical: false, stock: 10_000 });
    point = (
      await t.injectAs(ADMIN, 'POST /api/admin/pickup-points', {
        name: 'en_US:::Shenzhen Futian\nzh_CN:::深圳福田',
        country: 'CN',
        province: 'CN-GD',
        address: 'en_US:::Shop 3, 88 Fuhua Road',
        hours: '10:00-20:00',
      })
    ).json().data.id;
    await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${point}/inventory`, { product_id: physical, quantity: 2 });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth?: Auth, payload?: object) =>
    t.app.inject({ method, url, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) });
  const addAddress = (who: Session, address: object = HOME) => t.injectAs(who, 'POST /api/addresses', address);

  const FUND_PASSWORD = 'pass-123';
  /** A user holding an unused order of `product`, with a fund password. */
  async function holder(product = physical): Promise<Session & { orderId: string }> {
    const session = await login(t.app);
    await credit(t.database, session.userinfo.bsc, 'USDT', '100');
    const bought = await t.injectAs(session, 'POST /api/miners/buy', {
      product_id: product,
      pay_asset: 'USDT',
      quantity: 1,
    });
    await setFundPassword(t.app, session, FUND_PASSWORD);
    return { ...session, orderId: bought.json().data.orders[0].id };
  }
  async function validatorOf(...points: string[]): Promise<Session> {
    const session = await login(t.app);
    expect(
      (await t.injectAs(ADMIN, `PUT /api/admin/validators/${session.userinfo.bsc}`, { point_ids: points })).json().code,
    ).toBe(0);
    return login(t.app, session.account);
  }
  async function voucherFor(): Promise<{ user: Session; code: string }> {
    const user = await holder();
    await addAddress(user);
    const response = await t.injectAs(user, 'POST /api/shipping/pickup', {
      order_id: user.orderId,
      point_id: point,
      fund_password: FUND_PASSWORD,
    });
    expect(response.json().code).toBe(0);
    return { user, code: response.json().data.request.code };
  }

  describe('addresses', () => {
    it('adds, lists, edits, sets the default and deletes; the first is the default, and a deleted default passes to the newest', async () => {
      const u = await login(t.app);
      const first = (await addAddress(u)).json().data.address;
      expect(first).toMatchObject({ ...HOME, phone: '+8613800138000', is_default: true });
      const second = (
        await addAddress(u, {
          ...HOME,
          country: 'JP',
          province: 'JP-13',
          phone: '090-1234-5678',
          postcode: '100-0001',
          detail: 'Chiyoda 1-1',
        })
      ).json().data.address;
      expect(second).toMatchObject({ is_default: false, phone: '+819012345678' });
      const third = (await addAddress(u, { ...HOME, detail: 'Third' })).json().data.address;

      const edited = await t.injectAs(u, `PUT /api/addresses/${second.id}`, { ...HOME, recipient: 'Han Meimei' });
      expect(edited.json().data.address).toMatchObject({ id: second.id, recipient: 'Han Meimei', country: 'CN' });
      expect((await t.injectAs(u, `POST /api/addresses/${second.id}/default`)).json().data.address.is_default).toBe(
        true,
      );
      let list = (await t.injectAs(u, 'GET /api/addresses')).json().data.items;
      expect(list.map((a: { id: string; is_default: boolean }) => [a.id, a.is_default])).toEqual([
        [second.id, true],
        [third.id, false],
        [first.id, false],
      ]);

      expect((await t.injectAs(u, `DELETE /api/addresses/${second.id}`)).json().code).toBe(0);
      list = (await t.injectAs(u, 'GET /api/addresses')).json().data.items;
      expect(list.map((a: { id: string; is_default: boolean }) => [a.id, a.is_default])).toEqual([
        [third.id, true],
        [first.id, false],
      ]);
    });

    it('requires all five parts, each refusal naming its field; postcode, province and phone must fit the country', async () => {
      const u = await login(t.app);
      for (const field of ['country', 'province', 'recipient', 'phone', 'postcode', 'detail']) {
        const { [field]: _, ...rest } = HOME as Record<string, string>;
        expect((await addAddress(u, rest)).json(), field).toMatchObject({ code: 1001, data: { field } });
        expect((await addAddress(u, { ...HOME, [field]: '   ' })).json(), field).toMatchObject({
          code: 1001,
          data: { field },
        });
      }
      expect((await addAddress(u, { ...HOME, postcode: '1234' })).json()).toMatchObject({
        code: 1001,
        data: { field: 'postcode' },
      });
      expect((await addAddress(u, { ...HOME, province: 'JP-13' })).json()).toMatchObject({
        code: 1001,
        data: { field: 'province' },
      });
      expect((await addAddress(u, { ...HOME, country: 'FR' })).json()).toMatchObject({
        code: 1001,
        data: { field: 'country' },
      });
      for (const wrong of ['12345', '+1 415 555 2671']) {
        const phone = (await addAddress(u, { ...HOME, phone: wrong })).json();
        expect(phone, wrong).toMatchObject({
          code: 5011,
          message: 'Not a phone number of this country or region',
          data: { field: 'phone' },
        });
      }
      expect((await addAddress(u, { ...HOME, detail: 'x'.repeat(201) })).json()).toMatchObject({
        code: 1001,
        data: { field: 'detail' },
      });
      // Hong Kong numbers are +852 although the country is CN.
      expect(
        (await addAddress(u, { ...HOME, province: 'CN-HK', phone: '5123 4567', postcode: '999077' })).json().data
          .address.phone,
      ).toBe('+85251234567');
      expect((await t.injectAs(u, 'GET /api/addresses')).json().data.items).toHaveLength(1);
    });

    it('keeps at most 20 addresses, even when requests race', async () => {
      const u = await login(t.app);
      const answers = await Promise.all(Array.from({ length: 24 }, () => addAddress(u)));
      expect(answers.filter((r) => r.json().code === 0)).toHaveLength(20);
      expect(answers.filter((r) => r.json().code === 5012)[0]!.json().message).toBe(
        'You can keep at most 20 addresses',
      );
      const list = (await t.injectAs(u, 'GET /api/addresses')).json().data.items;
      expect(list.filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1);
    });

    it('BOLA: another user cannot read, edit, delete or default my address', async () => {
      const owner = await login(t.app);
      const mine = (await addAddress(owner)).json().data.address;
      const other = await login(t.app);
      expect((await t.injectAs(other, 'GET /api/addresses')).json().data.items).toEqual([]);
      for (const [method, url, body] of [
        ['PUT', `/api/addresses/${mine.id}`, HOME],
        ['DELETE', `/api/addresses/${mine.id}`],
        ['POST', `/api/addresses/${mine.id}/default`],
      ] as const) {
        const response = await call(method, url, other.auth, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toMatchObject({ code: 5013 });
      }
      expect((await t.injectAs(owner, 'GET /api/addresses')).json().data.items).toEqual([mine]);
    });
  });

  describe('delivery and pick-up', () => {
    it('lists the physical products held: unused orders and miners, not digital ones nor miners listed for sale', async () => {
      const u = await holder();
      await credit(t.database, u.userinfo.bsc, 'USDT', '200');
      await t.injectAs(u, 'POST /api/miners/buy', { product_id: digital, pay_asset: 'USDT', quantity: 1 });
      const second = (
        await t.injectAs(u, 'POST /api/miners/buy', { product_id: physical, pay_asset: 'USDT', quantity: 1 })
      ).json().data.orders[0];
      const miner = (await t.injectAs(u, `POST /api/miners/orders/${second.id}/use`)).json().data.miner;
      const holdings = (await t.injectAs(u, 'GET /api/shipping/holdings')).json().data;
      expect(holdings.requested).toBe(false);
      expect(holdings.items.map((h: { kind: string; id: string }) => `${h.kind} ${h.id}`)).toEqual([
        `miner ${miner.id}`,
        `order ${u.orderId}`,
      ]);
      expect(holdings.items[0]).toMatchObject({
        machine_no: miner.machine_no,
        pickup_from: '2026-01-01T00:00:00.000Z',
        product: { id: physical },
      });
    });

    // A stolen session alone once turned the account's physical miner into a parcel for the thief.
    it('delivery and pick-up take the fund password: a session alone gets nothing, wrong tries count toward the transfers’ lock', async () => {
      const u = await holder();
      await addAddress(u);
      const missing = await t.injectAs(u, 'POST /api/shipping/delivery', { order_id: u.orderId });
      expect(missing.json()).toMatchObject({ code: 1001, data: { field: 'fund_password' } });
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (
            await t.injectAs(u, 'POST /api/shipping/pickup', {
              order_id: u.orderId,
              point_id: point,
              fund_password: `guess-${i}`,
            })
          ).json().code,
        );
      expect(codes).toEqual([3007, 3007, 3007, 3007]);
      // The fifth wrong try, made by a transfer (of money the user has), locks both.
      await credit(t.database, u.userinfo.bsc, 'USDT', '5');
      const other = await login(t.app);
      expect(
        (
          await t.injectAs(u, 'POST /api/funds/transfer', {
            to: other.userinfo.bsc,
            asset: 'USDT',
            amount: '1',
            fund_password: 'guess-4',
          })
        ).json().code,
      ).toBe(3008);
      expect(
        (
          await t.injectAs(u, 'POST /api/shipping/delivery', { order_id: u.orderId, fund_password: FUND_PASSWORD })
        ).json().code,
      ).toBe(3008);
      expect((await t.injectAs(u, 'GET /api/shipping/requests')).json().data.items).toEqual([]);
      expect((await t.injectAs(u, 'GET /api/shipping/holdings')).json().data.requested).toBe(false);
      // A request that would be refused anyway spends no try: no product, no password check.
      const checked = await holder();
      expect(
        (
          await t.injectAs(checked, 'POST /api/shipping/delivery', {
            order_id: checked.orderId,
            fund_password: 'wrong-one',
          })
        ).json().code,
      ).toBe(5005);
      const row = await t.database.db
        .selectFrom('users')
        .select('fund_password_failures')
        .where('address', '=', checked.userinfo.bsc)
        .executeTakeFirstOrThrow();
      expect(row.fund_password_failures).toBe(0);
    });

    it('delivery: needs an address, a held physical product, and happens once per account', async () => {
      const u = await holder();
      expect(
        (
          await t.injectAs(u, 'POST /api/shipping/delivery', { order_id: u.orderId, fund_password: FUND_PASSWORD })
        ).json(),
      ).toMatchObject({ code: 5005, message: 'set delivery address first' });
      await addAddress(u);
      const stranger = await holder();
      expect(
        (
          await t.injectAs(u, 'POST /api/shipping/delivery', {
            order_id: stranger.orderId,
            fund_password: FUND_PASSWORD,
          })
        ).json(),
      ).toMatchObject({ code: 5002, message: 'Product not held', data: { field: 'order_id' } });
      const cloud = await holder(digital);
      await addAddress(cloud);
      expect(
        (
          await t.injectAs(cloud, 'POST /api/shipping/delivery', {
            order_id: cloud.orderId,
            fund_password: FUND_PASSWORD,
          })
        ).json(),
      ).toMatchObject({ code: 5004, message: 'product info not found' });
      expect(
        (await t.injectAs(u, 'POST /api/shipping/delivery', { fund_password: FUND_PASSWORD })).json(),
      ).toMatchObject({ code: 1001, data: { field: 'order_id' } });
      expect(
        (
          await t.injectAs(u, 'POST /api/shipping/delivery', {
            order_id: u.orderId,
            address_id: '999999',
            fund_password: FUND_PASSWORD,
          })
        ).json(),
      ).toMatchObject({ code: 5013, data: { field: 'address_id' } });

      const made = (
        await t.injectAs(u, 'POST /api/shipping/delivery', { order_id: u.orderId, fund_password: FUND_PASSWORD })
      ).json().data.request;
      expect(made).toMatchObject({
        kind: 'delivery',
        status: 'to_ship',
        address: { ...HOME, phone: '+8613800138000' },
        code: null,
        carrier: null,
      });
      expect(
        (
          await t.injectAs(u, 'POST /api/shipping/delivery', { order_id: u.orderId, fund_password: FUND_PASSWORD })
        ).json(),
      ).toMatchObject({ code: 5001, message: 'Delivery already requested' });
      expect((await t.injectAs(u, 'GET /api/shipping/holdings')).json().data.requested).toBe(true);

      // An operator ships it; the user reads the carrier and the tracking number.
      const shipped = await t.injectAs(ADMIN, `POST /api/admin/shipping/requests/${made.id}/ship`, {
        carrier: 'SF Express',
        tracking_no: 'SF1234567890',
      });
      expect(shipped.json().data.request).toMatchObject({
        status: 'shipped',
        carrier: 'SF Express',
        tracking_no: 'SF1234567890',
      });
      expect(
        (
          await t.injectAs(ADMIN, `POST /api/admin/shipping/requests/${made.id}/ship`, {
            carrier: 'SF',
            tracking_no: 'x',
          })
        ).json().code,
      ).toBe(4003);
      const mine = (await t.injectAs(u, 'GET /api/shipping/requests')).json().data.items;
      expect(mine).toEqual([
        expect.objectContaining({
          id: made.id,
          status: 'shipped',
          tracking_no: 'SF1234567890',
          shipped_at: expect.any(String),
        }),
      ]);
      const audit = await t.database.db
        .selectFrom('operator_audit')
        .selectAll()
        .where('subject_type', '=', 'shipping_request')
        .where('subject_id', '=', made.id)
        .execute();
      expect(audit).toEqual([
        expect.objectContaining({ operator: testOperators.support.address.toLowerCase(), action: 'shipping.ship' }),
      ]);
    });

    it('racing requests of one account (delivery and pick-up of two units, no idempotency key): exactly one', async () => {
      const u = await holder();
      await credit(t.database, u.userinfo.bsc, 'USDT', '100');
      const other = (
        await t.injectAs(u, 'POST /api/miners/buy', { product_id: physical, pay_asset: 'USDT', quantity: 1 })
      ).json().data.orders[0].id;
      await addAddress(u);
      const answers = await Promise.all([
        t.injectAs(u, 'POST /api/shipping/delivery', { order_id: u.orderId, fund_password: FUND_PASSWORD }),
        t.injectAs(u, 'POST /api/shipping/delivery', { order_id: other, fund_password: FUND_PASSWORD }),
        t.injectAs(u, 'POST /api/shipping/pickup', {
          order_id: u.orderId,
          point_id: point,
          fund_password: FUND_PASSWORD,
        }),
        t.injectAs(u, 'POST /api/shipping/pickup', {
          order_id: other,
          point_id: point,
          fund_password: FUND_PASSWORD,
        }),
      ]);
      expect(answers.map((r) => r.json().code).sort()).toEqual([0, 5001, 5001, 5001]);
      const rows = await t.database.db
        .selectFrom('shipping_requests')
        .select('id')
        .where(
          'user_id',
          '=',
          (
            await t.database.db
              .selectFrom('users')
              .select('id')
              .where('address', '=', u.userinfo.bsc)
              .executeTakeFirstOrThrow()
          ).id,
        )
        .execute();
      expect(rows).toHaveLength(1);
      const claimed = await t.database.db
        .selectFrom('miner_orders')
        .select('id')
        .where('id', 'in', [u.orderId, other])
        .where('claimed', '=', true)
        .execute();
      expect(claimed).toHaveLength(1);
    });

    it('a requested miner keeps mining but can no longer be transferred or sold', async () => {
      const u = await holder();
      const miner = (await t.injectAs(u, `POST /api/miners/orders/${u.orderId}/use`)).json().data.miner;
      await addAddress(u);
      expect(
        (
          await t.injectAs(u, 'POST /api/shipping/delivery', { miner_id: miner.id, fund_password: FUND_PASSWORD })
        ).json().code,
      ).toBe(0);
      const to = await login(t.app);
      const transfer = await t.injectAs(u, `POST /api/miners/${miner.id}/transfer`, {
        to: to.userinfo.bsc,
        fund_password: FUND_PASSWORD,
      });
      expect(transfer.json()).toMatchObject({ code: 4019 });
      const sell = await t.injectAs(u, 'POST /api/mtrade/orders', {
        miner_id: miner.id,
        unit_price: '10',
        expiry: '1D',
        fund_password: FUND_PASSWORD,
      });
      expect(sell.json()).toMatchObject({ code: 4019, data: { field: 'miner_id' } });
      expect((await t.injectAs(u, `POST /api/miners/${miner.id}/turn_on`)).json().data.miner.state).toBe('on');
    });

    it('pick-up: after the product’s pick-up date, at a point of my region; the voucher carries an unguessable code', async () => {
      const early = await holder(later);
      await addAddress(early);
      expect(
        (
          await t.injectAs(early, 'POST /api/shipping/pickup', {
            order_id: early.orderId,
            point_id: point,
            fund_password: FUND_PASSWORD,
          })
        ).json(),
      ).toMatchObject({ code: 5003, message: 'Pick-up not yet available' });

      const u = await holder();
      expect((await t.injectAs(u, 'GET /api/shipping/points')).json()).toMatchObject({ code: 5005 });
      await addAddress(u, { ...HOME, country: 'JP', province: 'JP-13', phone: '090-1234-5678', postcode: '100-0001' });
      expect((await t.injectAs(u, 'GET /api/shipping/points')).json().data.items).toEqual([]);
      expect(
        (
          await t.injectAs(u, 'POST /api/shipping/pickup', {
            order_id: u.orderId,
            point_id: point,
            fund_password: FUND_PASSWORD,
          })
        ).json(),
      ).toMatchObject({ code: 5006, message: 'no pick-up point in area', data: { field: 'point_id' } });

      const { user, code } = await voucherFor();
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
      expect(
        (await t.injectAs(user, 'GET /api/shipping/points')).json().data.items.map((p: { id: string }) => p.id),
      ).toContain(point);
      const [request] = (await t.injectAs(user, 'GET /api/shipping/requests')).json().data.items;
      expect(request).toMatchObject({
        kind: 'pickup',
        status: 'pending',
        code,
        point: { id: point, province: 'CN-GD' },
        address: null,
      });
      // Codes differ every time (80 random bits each).
      const codes = await t.database.db
        .selectFrom('shipping_requests')
        .select('code')
        .where('code', 'is not', null)
        .execute();
      expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
    });
    it('offers only points that stock the product, and refuses a voucher at one that has none', async () => {
      const empty = (
        await t.injectAs(ADMIN, 'POST /api/admin/pickup-points', {
          name: 'en_US:::Dongguan',
          country: 'CN',
          province: 'CN-GD',
          address: 'en_US:::Nancheng',
          hours: '',
        })
      ).json().data.id;
      await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${empty}/inventory`, { product_id: physical, quantity: 0 });
      const u = await holder();
      await addAddress(u);
      const offered = (await t.injectAs(u, `GET /api/shipping/points?product_id=${physical}`))
        .json()
        .data.items.map((p: { id: string }) => p.id);
      expect(offered).toContain(point);
      expect(offered).not.toContain(empty);
      expect(
        (await t.injectAs(u, 'GET /api/shipping/points')).json().data.items.map((p: { id: string }) => p.id),
      ).toContain(empty);
      expect((await t.injectAs(u, 'GET /api/shipping/points?product_id=x')).json()).toMatchObject({
        code: 1001,
        data: { field: 'product_id' },
      });
      expect(
        (
          await t.injectAs(u, 'POST /api/shipping/pickup', {
            order_id: u.orderId,
            point_id: empty,
            fund_password: FUND_PASSWORD,
          })
        ).json(),
      ).toMatchObject({ code: 5006, data: { field: 'point_id' } });
      expect((await t.injectAs(u, 'GET /api/shipping/holdings')).json().data.requested).toBe(false);
    });
  });

  describe('write-off', () => {
    it('a validator of the point sees the voucher and writes it off once; the stock goes down by one', async () => {
      const { user, code } = await voucherFor();
      const v = await validatorOf(point);
      expect(v.userinfo.is_validator).toBe(true);
      const typed = code.toLowerCase().replace(/(.{4})/g, '$1 ');
      const seen = (await t.injectAs(v, 'POST /api/validator/vouchers/lookup', { code: typed })).json().data;
      expect(seen).toMatchObject({
        code,
        status: 'pending',
        point: { id: point },
        holder: `${user.userinfo.bsc.slice(0, 5)}...${user.userinfo.bsc.slice(-5)}`,
      });
      const stock = async () =>
        (
          await t.database.db
            .selectFrom('pickup_inventory')
            .select('quantity')
            .where('point_id', '=', point)
            .where('product_id', '=', physical)
            .executeTakeFirstOrThrow()
        ).quantity;
      const before = await stock();
      const done = (
        await t.injectAs(v, 'POST /api/validator/writeoff', { code: `${code.slice(0, 4)}-${code.slice(4)}` })
      ).json();
      expect(done.data).toMatchObject({ code, status: 'written_off', written_off_at: expect.any(String) });
      expect(await stock()).toBe(before - 1);
      expect((await t.injectAs(v, 'POST /api/validator/writeoff', { code })).json()).toMatchObject({
        code: 5007,
        message: 'invalid/used write-off code',
      });
      expect((await t.injectAs(user, 'GET /api/shipping/requests')).json().data.items[0].status).toBe('written_off');
      const mine = (await t.injectAs(v, 'GET /api/validator/writeoffs')).json().data.items;
      expect(mine.map((w: { code: string }) => w.code)).toEqual([code]);
      await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${point}/inventory`, {
        product_id: physical,
        quantity: before,
      });
    });

    it('two validators writing off one code at once: exactly one wins', async () => {
      const { code } = await voucherFor();
      const [a, b] = [await validatorOf(point), await validatorOf(point)];
      const answers = await Promise.all(
        [a, b, a, b].map((v) => t.injectAs(v, 'POST /api/validator/writeoff', { code })),
      );
      expect(answers.map((r) => r.json().code).sort()).toEqual([0, 5007, 5007, 5007]);
    });

    it('stock never goes below zero: the voucher past the last unit is refused and stays pending', async () => {
      const store = (
        await t.injectAs(ADMIN, 'POST /api/admin/pickup-points', {
          name: 'en_US:::Guangzhou',
          country: 'CN',
          province: 'CN-GD',
          address: 'en_US:::Tianhe',
          hours: '',
        })
      ).json().data.id;
      await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${store}/inventory`, { product_id: physical, quantity: 1 });
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const u = await holder();
        await addAddress(u);
        codes.push(
          (
            await t.injectAs(u, 'POST /api/shipping/pickup', {
              order_id: u.orderId,
              point_id: store,
              fund_password: FUND_PASSWORD,
            })
          ).json().data.request.code,
        );
      }
      const v = await validatorOf(store);
      const answers = await Promise.all(codes.map((code) => t.injectAs(v, 'POST /api/validator/writeoff', { code })));
      expect(answers.map((r) => r.json().code).sort()).toEqual([0, 5009, 5009]);
      expect(answers.find((r) => r.json().code === 5009)!.json().message).toBe('insufficient inventory');
      const left = await t.database.db
        .selectFrom('pickup_inventory')
        .select('quantity')
        .where('point_id', '=', store)
        .executeTakeFirstOrThrow();
      expect(left.quantity).toBe(0);
      await expect(
        sql`update pickup_inventory set quantity = -1 where point_id = ${store}::bigint`.execute(t.database.db),
      ).rejects.toThrow();
    });

    it('BOLA and permissions: not a validator, or a validator of another point, gets "no permission"; a closed point fails', async () => {
      const { code } = await voucherFor();
      const plain = await login(t.app);
      for (const [method, url, body] of [
        ['POST', '/api/validator/vouchers/lookup', { code }],
        ['POST', '/api/validator/writeoff', { code }],
        ['GET', '/api/validator/writeoffs'],
      ] as const) {
        const response = await call(method, url, plain.auth, body);
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toMatchObject({ code: 1006, message: 'no permission' });
      }
      const elsewhere = (
        await t.injectAs(ADMIN, 'POST /api/admin/pickup-points', {
          name: 'en_US:::Tokyo',
          country: 'JP',
          province: 'JP-13',
          address: 'en_US:::Ginza',
          hours: '',
        })
      ).json().data.id;
      const stranger = await validatorOf(elsewhere);
      expect((await t.injectAs(stranger, 'POST /api/validator/vouchers/lookup', { code })).json()).toMatchObject({
        code: 1006,
      });
      expect((await t.injectAs(stranger, 'POST /api/validator/writeoff', { code })).json()).toMatchObject({
        code: 1006,
      });
      expect(
        (await t.injectAs(stranger, 'POST /api/validator/vouchers/lookup', { code: 'ABCDEFGHJKLMNPQR' })).json(),
      ).toMatchObject({ code: 5007, data: { field: 'code' } });
      expect(
        (await t.injectAs(stranger, 'POST /api/validator/vouchers/lookup', { code: 'short' })).json(),
      ).toMatchObject({ code: 1001, data: { field: 'code' } });
      expect((await t.injectAs(stranger, 'GET /api/validator/writeoffs')).json().data.items).toEqual([]);

      const v = await validatorOf(point);
      const current = (await t.injectAs(ADMIN, 'GET /api/admin/pickup-points'))
        .json()
        .data.items.find((p: { id: string }) => p.id === point);
      const { id: _id, ...fields } = current;
      await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${point}`, { ...fields, active: false });
      expect((await t.injectAs(v, 'POST /api/validator/writeoff', { code })).json()).toMatchObject({
        code: 5008,
        message: 'write-off failed',
      });
      await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${point}`, { ...fields, active: true });
      expect((await t.injectAs(v, 'POST /api/validator/writeoff', { code })).json().code).toBe(0);
    });

    it('limits code lookups per validator', async () => {
      const limited = await buildTestApp({
        database: t.database,
        keys: t.keys,
        config: {
          rateLimit: { ...(await import('../../test/helpers.js')).testConfig.rateLimit, writeoffCodesPerMinute: 3 },
        },
      });
      try {
        const v = await validatorOf(point);
        const codes = [];
        for (let i = 0; i < 4; i++)
          codes.push(
            (await limited.injectAs(v, 'POST /api/validator/vouchers/lookup', { code: 'ABCDEFGHJKLMNPQR' })).json()
              .code,
          );
        expect(codes).toEqual([5007, 5007, 5007, 1004]);
      } finally {
        await limited.close();
      }
    });
  });

  describe('operators', () => {
    it('refuses without a console session or the role, validates input, and audits every change', async () => {
      const noSession = await t.app.inject({ method: 'POST', url: '/api/admin/pickup-points', payload: {} });
      expect(noSession.json()).toMatchObject({ code: 8002 });
      const viewer = await operatorLogin(t.app, 'viewer');
      expect((await t.injectAs(viewer, 'GET /api/admin/pickup-points')).statusCode).toBe(200);
      const viewed = await t.injectAs(viewer, 'POST /api/admin/pickup-points', {
        name: 'a',
        country: 'CN',
        province: 'CN-GD',
        address: 'b',
      });
      expect(viewed.json()).toMatchObject({ code: 1006 });
      const finance = await operatorLogin(t.app, 'finance');
      expect(
        (
          await t.injectAs(finance, `PUT /api/admin/pickup-points/${point}/inventory`, {
            product_id: physical,
            quantity: 1,
          })
        ).json(),
      ).toMatchObject({ code: 1006 });
      expect(
        (
          await t.injectAs(ADMIN, 'POST /api/admin/pickup-points', {
            name: 'a',
            country: 'CN',
            province: 'JP-13',
            address: 'b',
          })
        ).json(),
      ).toMatchObject({ code: 1001, data: { field: 'province' } });
      expect(
        (
          await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${point}/inventory`, {
            product_id: physical,
            quantity: -1,
          })
        ).json(),
      ).toMatchObject({ code: 1001, data: { field: 'quantity' } });
      expect(
        (
          await t.injectAs(ADMIN, `PUT /api/admin/pickup-points/${point}/inventory`, {
            product_id: digital,
            quantity: 1,
          })
        ).json(),
      ).toMatchObject({ code: 5004 });
      expect(
        (await t.injectAs(ADMIN, `PUT /api/admin/validators/0x${'9'.repeat(40)}`, { point_ids: [point] })).json(),
      ).toMatchObject({ code: 3005 });

      const v = await validatorOf(point);
      expect(
        (await t.injectAs(ADMIN, `PUT /api/admin/validators/${v.userinfo.bsc}`, { point_ids: [] })).json().data,
      ).toMatchObject({ is_validator: false, point_ids: [] });
      const audit = await t.database.db
        .selectFrom('operator_audit')
        .select(['operator', 'action', 'detail'])
        .where('action', '=', 'validator.set')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        operator: testOperators.support.address.toLowerCase(),
        detail: { before: { is_validator: true, point_ids: [point] }, after: { is_validator: false, point_ids: [] } },
      });
    });
  });
});
