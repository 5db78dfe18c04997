import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { C2cOrder, OperatorRole } from '@wallx/shared';
import { en_US } from '../../i18n/en_US';
import { ok, renderConsole, serveAs, setUpConsoleTests } from '../../lib/test-render';

const m = setUpConsoleTests().markets;
const seller = '0xabcdef0000000000000000000000000000000001';

const order = (id: string, status: C2cOrder['status'] = 'pending'): C2cOrder => ({
  id,
  amount: '1000',
  unit_price: '0.5',
  total: '500',
  fee: '10',
  status,
  expiry: '1D',
  expires_at: '2026-11-27T08:00:00.000Z',
  seller,
  buyer: null,
  created_at: '2026-11-26T08:00:00.000Z',
  filled_at: null,
  cancelled_at: null,
  cancel_reason: status === 'cancelled' ? 'operator' : null,
  cancel_note: null,
});

const serve = (role: OperatorRole, answer: Parameters<typeof serveAs>[1]) =>
  serveAs(role, answer, ok({ items: [], next_cursor: null }));

describe('the markets page', () => {
  it('lists C2C orders by default, keeps the market and filters in the address, and sends the filters', async () => {
    const sent = serve('viewer', (_method, url) =>
      url.pathname === '/api/admin/markets/c2c/orders' ? ok({ items: [order('5')], next_cursor: null }) : undefined,
    );
    const { router } = renderConsole('/markets');
    expect(
      await screen.findByText(m.c2c_summary.replace('{{amount}}', '1,000').replace('{{price}}', '0.5')),
    ).toBeTruthy();
    expect(screen.getByText('500 USDT')).toBeTruthy();
    // A viewer reads orders but is offered no cancel.
    expect(screen.queryByRole('button', { name: 'Cancel order 5' })).toBeNull();

    const filters = screen.getByRole('form', { name: en_US.table.filters });
    fireEvent.change(within(filters).getByLabelText(m.status), { target: { value: 'pending' } });
    fireEvent.change(within(filters).getByLabelText(m.seller), { target: { value: ` ${seller} ` } });
    fireEvent.click(within(filters).getByRole('button', { name: en_US.table.apply }));
    await waitFor(() => expect(router.state.location.search).toBe(`?status=pending&seller=${seller}`));
    await waitFor(() => expect(sent.at(-1)!.url.searchParams.get('seller')).toBe(seller));

    // The other market keeps the filters; an old link's ?market= still opens its tab.
    fireEvent.click(screen.getByRole('tab', { name: m.tab_mtrade }));
    await waitFor(() => expect(sent.at(-1)!.url.pathname).toBe('/api/admin/markets/mtrade/orders'));
    expect(sent.at(-1)!.url.searchParams.get('status')).toBe('pending');
    expect(router.state.location.search).toBe(`?status=pending&seller=${seller}&tab=mtrade`);
  });

  it('an old ?market= link opens that market, and the address names it as ?tab= so that a filter keeps it', async () => {
    const sent = serve('viewer', () => undefined);
    const { router } = renderConsole('/markets?market=mtrade&status=pending');
    await waitFor(() =>
      expect(sent.some((call) => call.url.pathname === '/api/admin/markets/mtrade/orders')).toBe(true),
    );
    expect(screen.getByRole('tab', { name: m.tab_mtrade }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending&tab=mtrade'));
  });

  it('finance cancels a pending order with a reason checked first and sent trimmed', async () => {
    let cancelled = false;
    const sent = serve('finance', (method, url) => {
      if (method === 'POST' && url.pathname === '/api/admin/markets/c2c/orders/5/cancel') {
        cancelled = true;
        return ok({ order: order('5', 'cancelled') });
      }
      if (url.pathname === '/api/admin/markets/c2c/orders')
        return ok({ items: [order('5', cancelled ? 'cancelled' : 'pending')], next_cursor: null });
      return undefined;
    });
    renderConsole('/markets');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order 5' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order 5' });
    fireEvent.click(within(dialog).getByRole('button', { name: m.confirm_cancel }));
    expect(within(dialog).getByRole('alert').textContent).toBe(m.reason_too_short.replace('{{min}}', '3'));
    expect(sent.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(m.reason), { target: { value: '  Phishing price.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: m.confirm_cancel }));
    expect(await screen.findByText(m.cancelled.replace('{{id}}', '5'))).toBeTruthy();
    expect(sent.find((call) => call.method === 'POST')!.body).toEqual({ reason: 'Phishing price.' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
