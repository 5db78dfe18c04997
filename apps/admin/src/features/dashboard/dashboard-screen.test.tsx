import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Dashboard, DashboardHealth, Reconciliation } from '@wallx/shared';
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

const health = (patch: Partial<DashboardHealth> = {}): DashboardHealth => ({
  as_of: '2026-11-26T08:00:00.000Z',
  time_zone: 'Asia/Shanghai',
  scanner: (['USDT', 'WALLX'] as const).map((asset) => ({
    asset,
    head_block: 1200,
    scanned_through: 1160,
    confirmations: 15,
    lag_blocks: 26,
    chain_error: null,
  })),
  payout_queue: {
    queued: 4,
    oldest_queued_at: '2026-11-26T07:55:00.000Z',
    oldest_queued_seconds: 300,
    held: 1,
    broadcast: 2,
    awaiting_review: 3,
  },
  days: Array.from({ length: 30 }, (_, i) => ({
    day: new Date(Date.UTC(2026, 9, 28 + i)).toISOString().slice(0, 10),
    deposits: [
      { asset: 'USDT', count: 1, sum: '10' },
      { asset: 'WALLX', count: 0, sum: '0' },
    ],
    withdrawals: [
      { asset: 'USDT', count: 0, sum: '0' },
      { asset: 'WALLX', count: 0, sum: '0' },
    ],
  })),
  ...patch,
});

const hotWallet = (asset: 'USDT' | 'WALLX', hot_balance: string | null, payouts_waiting: boolean) => ({
  asset,
  hot_wallet: '0x3333333333333333333333333333333333333333',
  cold_wallet: '0x4444444444444444444444444444444444444444',
  hot_balance,
  cold_balance: '0',
  low: '100',
  target: '1000',
  high: '10000',
  unswept: '0',
  sweeps_in_flight: '0',
  cold_in_flight: '0',
  payouts_waiting,
  payouts_wait_reason: payouts_waiting ? 'hot_wallet_low' : null,
  chain_error: hot_balance === null ? 'unreachable' : null,
});

function open(data: Dashboard, answers: { health?: DashboardHealth; hot?: unknown } = {}) {
  serveAs('viewer', (_method, url) => {
    if (url.pathname === '/api/admin/dashboard') return ok(data);
    if (url.pathname === '/api/admin/dashboard/health') return ok(answers.health ?? health());
    if (url.pathname === '/api/admin/hot-wallet' && answers.hot) return ok(answers.hot);
    return undefined;
  });
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

  it('shows the scanner’s lag, the payout queue and the hot wallet against its marks, with the 30 days’ chart', async () => {
    open(dashboard([books('USDT')]), {
      hot: { assets: [hotWallet('USDT', '50', true), hotWallet('WALLX', '5000', false)] },
    });
    const scanner = (await screen.findByText(d.scanner_lag)).closest('.card')!;
    expect(scanner.className).toContain('card--warn');
    expect(within(scanner as HTMLElement).getByText('26 blocks')).toBeTruthy();
    expect(within(scanner as HTMLElement).getByText('USDT: 26 confirmed blocks not read')).toBeTruthy();
    const queue = screen.getByText(d.payout_queue).closest('.card') as HTMLElement;
    expect(within(queue).getByText('4')).toBeTruthy();
    expect(within(queue).getByText('Oldest queued 5 minutes ago')).toBeTruthy();
    expect(within(queue).getByText('1 held · 2 broadcast · 3 in review')).toBeTruthy();
    const usdt = (await screen.findByText('Hot wallet USDT')).closest('.card') as HTMLElement;
    expect(usdt.className).toContain('card--warn');
    expect(within(usdt).getByText(d.hot_low)).toBeTruthy();
    expect(within(usdt).getByText('Low 100 · target 1,000 · high 10,000')).toBeTruthy();
    const wallx = screen.getByText('Hot wallet WALLX').closest('.card') as HTMLElement;
    expect(within(wallx).getByText(d.hot_ok)).toBeTruthy();
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('aria-label')?.split(' ')[0])).toEqual([
      'USDT',
      'WALLX',
    ]);
  });

  it('a server without a chain: the scanner says so and no hot wallet card is drawn', async () => {
    const noChain = health({
      scanner: health().scanner.map((row) => ({
        ...row,
        head_block: null,
        scanned_through: null,
        lag_blocks: null,
        chain_error: 'no_chain' as const,
      })),
    });
    open(dashboard([books('USDT')]), { health: noChain });
    const scanner = (await screen.findByText(d.scanner_lag)).closest('.card') as HTMLElement;
    expect(within(scanner).getByText(d.chain_no_chain)).toBeTruthy();
    expect(screen.queryByText(/^Hot wallet /)).toBeNull();
  });
});
