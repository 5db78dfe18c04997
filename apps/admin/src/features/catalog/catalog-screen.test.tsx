import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GiftGrant, OperatorProduct, OperatorRole } from '@wallx/shared';
import { ok, operatorAddress, renderConsole, serveAs, setUpConsoleTests, type Answer } from '../../lib/test-render';

const c = setUpConsoleTests().catalog;

const miner: OperatorProduct = {
  id: '3',
  name: 'en_US:::Home Miner\nzh_CN:::家用矿机\nko_KR:::홈 채굴기\nja_JP:::ホームマイナー\nid_ID:::Miner Rumahan',
  image: '/api/images/aaaa.png',
  category: 'machine',
  price_usdt: '100',
  price_wallx: null,
  daily_output: '1.2',
  output_days: 120,
  stock: 40,
  per_user_limit: null,
  physical: false,
  gift: false,
  on_sale: true,
  sort: 0,
  pickup_from: null,
  version: 4,
  units_out: 2,
  created_at: '2026-11-24T00:00:00.000Z',
  updated_at: '2026-11-24T00:00:00.000Z',
};
const welcome: OperatorProduct = {
  ...miner,
  id: '9',
  name: 'en_US:::Welcome Miner\nzh_CN:::新人矿机\nko_KR:::웰컴\nja_JP:::ウェルカム\nid_ID:::Selamat',
  gift: true,
  price_usdt: null,
  stock: 5,
};
const user = '0x3333333333333333333333333333333333333333';

function server(role: OperatorRole, answers: Record<string, (body: unknown) => Answer> = {}) {
  return serveAs(role, (method, url, body) => {
    const custom = answers[`${method} ${url.pathname}`];
    if (custom) return custom(body);
    if (url.pathname === '/api/admin/products')
      return ok({ items: url.searchParams.get('gift') === 'true' ? [welcome] : [miner, welcome], next_cursor: null });
    if (url.pathname === '/api/admin/gifts') return ok({ items: [], next_cursor: null });
    return undefined;
  });
}

const openMiner = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Home Miner' }));
  return screen.getByRole('complementary', { name: 'Product 3' });
};

describe('the catalog page', () => {
  it('lets a viewer read but not change anything', async () => {
    server('viewer');
    renderConsole('/catalog');
    const panel = await openMiner();
    expect(screen.queryByRole('button', { name: c.new_product })).toBeNull();
    expect(within(panel).getByText(c.cannot_edit)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: c.save })).toBeNull();
    expect(within(panel).queryByRole('button', { name: c.upload })).toBeNull();
    expect(within(panel).getByLabelText('English').matches(':disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: c.tab_gifts }));
    expect(await screen.findByText(/Granting gifts needs the finance or admin role/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: c.grant })).toBeNull();
  });

  it('saves an edit from the version it was read at, and on a newer version offers the latest instead of overwriting', async () => {
    const sent = server('admin', {
      'PUT /api/admin/products/3': () => ({
        status: 409,
        body: { code: 8201, message: 'Someone changed this product', data: { field: 'version', version: 5 } },
      }),
    });
    renderConsole('/catalog');
    const panel = await openMiner();
    fireEvent.change(within(panel).getByLabelText(c.price_usdt), { target: { value: '120' } });
    fireEvent.click(within(panel).getByRole('button', { name: c.save }));
    expect(await within(panel).findByText('Someone changed this product')).toBeTruthy();
    const put = sent.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({ version: 4, price_usdt: '120', name: miner.name, output_days: 120 });
    expect(put.body).not.toHaveProperty('stock');
    fireEvent.click(within(panel).getByRole('button', { name: c.reload }));
    expect((within(panel).getByLabelText(c.price_usdt) as HTMLInputElement).value).toBe('100');
  });

  it('adjusts stock by a signed change, checked before sending', async () => {
    const sent = server('admin', {
      'POST /api/admin/products/3/stock': (body) =>
        ok({ product: { ...miner, stock: miner.stock + (body as { change: number }).change } }),
    });
    renderConsole('/catalog');
    const panel = await openMiner();
    fireEvent.change(within(panel).getByLabelText(c.stock_change), { target: { value: 'ten' } });
    fireEvent.click(within(panel).getByRole('button', { name: c.apply_change }));
    expect(within(panel).getByRole('alert').textContent).toBe(c.stock_change_invalid);
    fireEvent.change(within(panel).getByLabelText(c.stock_change), { target: { value: '-15' } });
    fireEvent.click(within(panel).getByRole('button', { name: c.apply_change }));
    expect(await within(panel).findByText('Stock is now 25.')).toBeTruthy();
    expect(sent.filter((call) => call.url.pathname.endsWith('/stock')).map((call) => call.body)).toEqual([
      { change: -15 },
    ]);
  });

  it('grants a gift with a key per grant, and shows a refusal under its field', async () => {
    let refuse = true;
    const grant: GiftGrant = {
      id: '1',
      address: user,
      product: { id: '9', name: welcome.name, image: '' },
      quantity: 2,
      reason: 'Winner',
      operator: operatorAddress,
      order_ids: ['5', '6'],
      created_at: '2026-11-24T00:00:00.000Z',
    };
    const sent = server('finance', {
      'POST /api/admin/gifts': () =>
        refuse
          ? { status: 404, body: { code: 8208, message: 'No user has this address', data: { field: 'address' } } }
          : ok({ grant }),
    });
    renderConsole('/catalog?tab=gifts');
    const form = await screen.findByRole('form', { name: c.grant_title });
    await waitFor(() => expect((within(form).getByLabelText(c.grant_product) as HTMLSelectElement).value).toBe('9'));
    fireEvent.change(within(form).getByLabelText(c.grant_user), { target: { value: user } });
    fireEvent.change(within(form).getByLabelText(c.quantity), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText(c.reason), { target: { value: ' Winner ' } });
    fireEvent.click(within(form).getByRole('button', { name: c.grant }));
    expect((await within(form).findByRole('alert')).textContent).toBe('No user has this address');
    refuse = false;
    fireEvent.click(within(form).getByRole('button', { name: c.grant }));
    expect(await within(form).findByRole('status')).toBeTruthy();
    const posts = sent.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([
      { address: user, product_id: '9', quantity: 2, reason: 'Winner' },
      { address: user, product_id: '9', quantity: 2, reason: 'Winner' },
    ]);
    // The retry of one grant carries its key; the next grant gets a new one.
    const keys = posts.map((call) => call.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[\w-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
