import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperatorPickupPoint, OperatorRole, OperatorShippingRequest, OperatorValidator } from '@wallx/shared';
import { ok, renderConsole, serveAs, setUpConsoleTests, type Answer } from '../../lib/test-render';

const s = setUpConsoleTests().shipping;

const delivery: OperatorShippingRequest = {
  id: '41',
  kind: 'delivery',
  status: 'to_ship',
  product: { id: '3', name: 'en_US:::WX-M1 Home Miner\nzh_CN:::WX-M1 家用矿机', image: '/m1.webp' },
  machine_no: 'WX-000041',
  address: {
    country: 'CN',
    province: 'CN-GD',
    recipient: 'Li Lei',
    phone: '+8613800138000',
    postcode: '518000',
    detail: 'No. 1 Shennan Road',
  },
  carrier: null,
  tracking_no: null,
  point: null,
  created_at: '2026-11-24T08:00:00.000Z',
  shipped_at: null,
  written_off_at: null,
  user: '0x3333333333333333333333333333333333333333',
};

const point: OperatorPickupPoint = {
  id: '5',
  name: 'en_US:::Shenzhen Futian\nzh_CN:::深圳福田',
  country: 'CN',
  province: 'CN-GD',
  address: 'en_US:::Shop 3, 88 Fuhua Road',
  hours: '10:00-20:00',
  active: true,
  inventory: [{ product_id: '3', product_name: 'en_US:::WX-M1 Home Miner', quantity: 2 }],
};

const validator: OperatorValidator = {
  id: '9',
  address: '0x4444444444444444444444444444444444444444',
  points: [{ id: '5', name: point.name, country: 'CN', province: 'CN-GD', active: true }],
};
const regions = [{ country: 'CN', provinces: [{ code: 'CN-GD', name: 'Guangdong', local_name: '广东' }] }];

function server(role: OperatorRole, answers: { ship?: (body: unknown) => Answer } = {}) {
  return serveAs(role, (method, url, body) => {
    if (url.pathname === '/api/regions') return ok(regions);
    if (method === 'POST' && url.pathname === '/api/admin/shipping/requests/41/ship')
      return (
        answers.ship?.(body) ??
        ok({ request: { ...delivery, status: 'shipped', ...(body as object), shipped_at: '2026-11-24T09:00:00.000Z' } })
      );
    if (url.pathname === '/api/admin/shipping/requests') return ok({ items: [delivery], next_cursor: null });
    if (method === 'GET' && url.pathname === '/api/admin/pickup-points')
      return ok({ items: [point], next_cursor: null });
    if (method === 'POST' && url.pathname === '/api/admin/pickup-points') return ok({ id: '6', ...(body as object) });
    if (method === 'PUT' && url.pathname === '/api/admin/pickup-points/5/inventory')
      return ok({ point_id: '5', ...(body as object) });
    if (url.pathname === '/api/admin/validators') return ok({ items: [validator], next_cursor: null });
    return undefined;
  });
}

async function openDelivery() {
  fireEvent.click(await screen.findByRole('button', { name: 'Open request 41' }));
  return screen.getByRole('complementary', { name: 'Request 41' });
}

describe('the shipping page', () => {
  it('filters requests on the server by status and method, kept in the address', async () => {
    const sent = server('viewer');
    const { router } = renderConsole('/shipping');
    expect(await screen.findByText('Li Lei · Guangdong, China')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(s.status), { target: { value: 'to_ship' } });
    fireEvent.change(screen.getByLabelText(s.kind), { target: { value: 'delivery' } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=to_ship&kind=delivery'));
    const last = sent.filter((call) => call.url.pathname === '/api/admin/shipping/requests').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toMatchObject({
      status: 'to_ship',
      kind: 'delivery',
      limit: '50',
    });
  });

  it('support marks a delivery shipped: both fields required, trimmed, and the server’s refusal on its field', async () => {
    let refuse = true;
    const sent = server('support', {
      ship: (body) =>
        refuse
          ? { status: 400, body: { code: 1001, message: 'tracking_no: too long', data: { field: 'tracking_no' } } }
          : ok({
              request: { ...delivery, ...(body as object), status: 'shipped', shipped_at: '2026-11-24T09:00:00.000Z' },
            }),
    });
    renderConsole('/shipping');
    const panel = await openDelivery();
    fireEvent.click(within(panel).getByRole('button', { name: s.mark_shipped }));
    expect(
      within(panel)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([s.required, s.required]);
    expect(sent.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(panel).getByLabelText(s.carrier), { target: { value: '  SF Express ' } });
    fireEvent.change(within(panel).getByLabelText(s.tracking_no), { target: { value: 'SF1234567890' } });
    fireEvent.click(within(panel).getByRole('button', { name: s.mark_shipped }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('tracking_no: too long');
    expect(within(panel).getByLabelText(s.tracking_no).getAttribute('aria-invalid')).toBe('true');

    refuse = false;
    fireEvent.click(within(panel).getByRole('button', { name: s.mark_shipped }));
    expect((await within(panel).findByRole('status')).textContent).toBe(s.shipped_notice);
    expect(sent.filter((call) => call.method === 'POST').at(-1)!.body).toEqual({
      carrier: 'SF Express',
      tracking_no: 'SF1234567890',
    });
  });

  it('a role without support reads a request but cannot ship it, nor create a point', async () => {
    server('finance');
    renderConsole('/shipping');
    const panel = await openDelivery();
    expect(within(panel).queryByRole('button', { name: s.mark_shipped })).toBeNull();
    expect(within(panel).getByText('Your role (Finance) can read requests but not mark them shipped.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: s.tab_points }));
    expect((await screen.findByRole('button', { name: 'Shenzhen Futian' })).closest('tr')!.textContent).toContain(
      'WX-M1 Home Miner 2',
    );
    expect(screen.queryByRole('button', { name: s.new_point })).toBeNull();
  });

  it('creates a point from a field per language, and sets a product’s stock', async () => {
    const sent = server('support');
    renderConsole('/shipping?tab=points');
    fireEvent.click(await screen.findByRole('button', { name: s.new_point }));
    const panel = screen.getByRole('complementary', { name: s.new_point });
    fireEvent.click(within(panel).getByRole('button', { name: s.create_point }));
    expect(within(panel).getAllByRole('alert')).toHaveLength(4);

    const name = within(panel).getByRole('group', { name: s.point_name });
    fireEvent.change(within(name).getByLabelText('English'), { target: { value: 'Guangzhou Tianhe' } });
    fireEvent.change(within(name).getByLabelText('简体中文'), { target: { value: '广州天河' } });
    fireEvent.change(within(within(panel).getByRole('group', { name: s.address })).getByLabelText('English'), {
      target: { value: '1 Tianhe Road' },
    });
    fireEvent.change(within(panel).getByLabelText(s.country), { target: { value: 'CN' } });
    fireEvent.change(within(panel).getByLabelText(s.province), { target: { value: 'CN-GD' } });
    fireEvent.click(within(panel).getByRole('button', { name: s.create_point }));
    await waitFor(() => expect(sent.some((call) => call.method === 'POST')).toBe(true));
    expect(sent.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'en_US:::Guangzhou Tianhe\nzh_CN:::广州天河',
      country: 'CN',
      province: 'CN-GD',
      address: 'en_US:::1 Tianhe Road',
      hours: '',
      active: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Shenzhen Futian' }));
    const edit = screen.getByRole('complementary', { name: 'Shenzhen Futian' });
    expect(
      (within(within(edit).getByRole('group', { name: s.point_name })).getByLabelText('简体中文') as HTMLInputElement)
        .value,
    ).toBe('深圳福田');
    const quantity = within(edit).getByLabelText('WX-M1 Home Miner');
    fireEvent.change(quantity, { target: { value: '-1' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Set the stock of WX-M1 Home Miner' }));
    expect(within(edit).getByRole('alert').textContent).toBe('A whole number from 0 to 1000000.');
    fireEvent.change(quantity, { target: { value: '12' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Set the stock of WX-M1 Home Miner' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'PUT')).toBe(true));
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({ product_id: '3', quantity: 12 });
  });

  it('lists validators with their points', async () => {
    server('viewer');
    renderConsole('/shipping?tab=validators');
    expect(await screen.findByText(validator.address)).toBeTruthy();
    expect(screen.getByText('Shenzhen Futian')).toBeTruthy();
  });
});
