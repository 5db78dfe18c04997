import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Dashboard, Reconciliation } from '@wallx/shared';
import { ok, renderConsole, serveAs, setUpConsoleTests } from '../../lib/test-render';

const d = setUpConsoleTests().dashboard;

const books = (asset: 'USDT' | 'WALLX', patch: Partial<Reconciliation> = {}): Reconciliation => ({
  asset,
  user_balances: '100',
  escrow: '0',
  withdrawals_queued: '0',
  withdrawals_in_flight: '0',
  unattributed: '0',
  owed: '100',
  unswept: '0',
  sweeps_in_flight: '0',
  cold_in_flight: '0',
  deposit_address: '0x1111111111111111111111111111111111111111',
  hot_wallet: null,
  deposit_balance: '150',
  hot_wallet_balance: '0',
  cold_wallet: null,
  cold_balance: null,
  deposit_addresses: 0,
  deposit_addresses_balance: null,
  deposit_addresses_difference: null,
  on_chain: '150',
  difference: '50',
  is_short: false,
  chain_error: null,
  ...patch,
});

const dashboard = (reconciliation: Reconciliation[]): Dashboard => ({
  as_of: '2026-11-26T08:00:00.000Z',
  day: '2026-11-26',
  time_zone: 'Asia/Shanghai',
  users: { total: 1234, new_today: 5 },
  deposits_today: [{ asset: 'USDT', count: 2, sum: '300' }],
  withdrawals_today: [],
  withdrawals_awaiting_review: 3,
  miners_on: 42,
  output_pending: { count: 7, sum: '12.5' },
  reconciliation,
});

function open(data: Dashboard) {
  serveAs('viewer', () => ok(data));
  renderConsole('/');
}

describe('the dashboard', () => {
  it('shows the day’s figures and the books covered by the chain, exact to the unit', async () => {
    open(
      dashboard([
        books('USDT', {
          unswept: '25',
          sweeps_in_flight: '5',
          cold_in_flight: '7',
          deposit_addresses_balance: '30',
          cold_balance: '1000',
          cold_wallet: '0x2222222222222222222222222222222222222222',
        }),
        books('WALLX', { chain_error: 'unreachable', on_chain: null, difference: null, is_short: null }),
      ]),
    );
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(screen.getByText('5 new today')).toBeTruthy();
    expect(screen.getByText('7 output records not collected')).toBeTruthy();
    const usdt = screen.getByRole('rowheader', { name: 'USDT' }).closest('tr')!;
    expect(within(usdt).getByText(d.flag_ok)).toBeTruthy();
    expect(within(usdt).getByText('+50')).toBeTruthy();
    expect(within(usdt).getByText('30')).toBeTruthy();
    expect(within(usdt).getByText('books: 30')).toBeTruthy();
    expect(within(usdt).getByText('1,000')).toBeTruthy();
    expect(within(usdt).getByText('12')).toBeTruthy();
    const wallx = screen.getByRole('rowheader', { name: 'WALLX' }).closest('tr')!;
    expect(within(wallx).getByText(d.chain_unreachable)).toBeTruthy();
    expect(screen.queryByText(d.short_alert)).toBeNull();
  });

  it('raises the alarm when the chain holds less than the books owe', async () => {
    open(dashboard([books('USDT', { on_chain: '90', deposit_balance: '90', difference: '-10', is_short: true })]));
    expect((await screen.findByRole('alert')).textContent).toBe(d.short_alert);
    const usdt = screen.getByRole('rowheader', { name: 'USDT' }).closest('tr')!;
    expect(usdt.className).toBe('is-short');
    expect(within(usdt).getByText(d.flag_short)).toBeTruthy();
    expect(within(usdt).getByText('−10')).toBeTruthy();
  });
});
