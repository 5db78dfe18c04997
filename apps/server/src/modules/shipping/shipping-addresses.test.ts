import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type TestApp } from '../../test/helpers.js';
import { HOME, shippingHelpers, startShipping } from './shipping.fixtures.js';

describe('shipping, pick-up and write-off', () => {
  let t: TestApp;
  let ADMIN: { authorization: string };
  let physical: string;
  let later: string;
  let digital: string;
  let point: string;
  beforeAll(async () => {
    ({ t, ADMIN, physical, later, digital, point } = await startShipping());
  });
  afterAll(() => t.close());
  const { call, addAddress } = shippingHelpers(() => ({
    t,
    ADMIN,
    physical,
    later,
    digital,
    point,
  }));

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
});
