// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '@wallx/shared';
import { en_US } from '@wallx/shared/i18n/notices/en_US';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { NoticesScreen } from './notices-screen';

const n = en_US.notices;
setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['notices'] });

/** The end of the list never comes into view: one page is all these tests need. */
class IdleObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('IntersectionObserver', IdleObserver));

const at = '2026-11-25T08:30:00.000Z';
const notices: Notice[] = [
  {
    seq: '12',
    type: 'order',
    at,
    read: false,
    payload: {
      market: 'mtrade',
      id: '7',
      status: 'filled',
      reason: null,
      miner_no: 'WX00000012',
      asset: 'USDT',
      amount: '95',
    },
  },
  {
    seq: '10',
    type: 'order',
    at,
    read: false,
    payload: {
      market: 'c2c',
      id: '3',
      status: 'cancelled',
      reason: 'Price far from the market',
      miner_no: null,
      asset: 'WALLX',
      amount: '1010',
    },
  },
  { seq: '8', type: 'output_ready', at, read: true, payload: { day: '2026-11-25', miners: 3, amount: '3.6' } },
  { seq: '6', type: 'output_ready', at, read: true, payload: { day: '2026-11-24', miners: 1, amount: '1.2' } },
  {
    seq: '5',
    type: 'deposit',
    at,
    read: true,
    payload: {
      tx_hash: '0xab',
      asset: 'USDT',
      amount: '100',
      status: 'credited',
      confirmations: 15,
      required_confirmations: 15,
    },
  },
  {
    seq: '4',
    type: 'withdrawal',
    at,
    read: true,
    payload: { id: '2', asset: 'USDT', amount: '50', status: 'completed' },
  },
  { seq: '3', type: 'shipping', at, read: true, payload: { id: '4', status: 'shipped' } },
  { seq: '2', type: 'feedback_reply', at, read: true, payload: { id: '9', title: 'Slow withdrawals' } },
];

const page = (items: Notice[]) => ({ items, next_cursor: null });
const rows = () => within(screen.getByRole('list', { name: n.list })).getAllByRole('link');

describe('NoticesScreen', () => {
  it('tells each notice as a sentence with its time, marks the unseen ones and links to where it happened', async () => {
    fakeApi({ reads: { '/api/notices': page(notices) }, writes: { '/api/notices/read': {} } });
    renderWithProviders(<NoticesScreen />, '/notices');
    await screen.findByRole('list', { name: n.list });
    expect(rows().map((row) => row.querySelector('.notice-card__text')?.textContent)).toEqual([
      'Your miner WX00000012 sold for 95 USDT',
      'Order cancelled by an operator: Price far from the market',
      'Output of 2026-11-25 ready: 3.6 WALLX from 3 miners',
      'Output of 2026-11-24 ready: 1.2 WALLX from 1 miner',
      'Deposit of 100 USDT credited',
      'Withdrawal of 50 USDT completed',
      'Parcel shipped',
      'Reply to your feedback “Slow withdrawals”',
    ]);
    expect(rows().map((row) => row.getAttribute('href'))).toEqual([
      '/mtrade/myorders',
      '/c2c?tab=mine',
      '/mymines',
      '/mymines',
      '/recharge',
      '/withdrawal',
      '/shipping',
      '/feedback',
    ]);
    expect(rows().filter((row) => within(row).queryByText(n.new))).toHaveLength(2);
    expect(rows()[0]!.querySelector('time')?.getAttribute('datetime')).toBe(at);
    expect(rows()[0]!.querySelector('time')?.textContent).toMatch(/^2026-11-2[45] \d{2}:30$/);
  });

  it('marks everything read up to the newest notice shown, once', async () => {
    const api = fakeApi({ reads: { '/api/notices': page(notices) }, writes: { '/api/notices/read': {} } });
    renderWithProviders(<NoticesScreen />, '/notices');
    await waitFor(() =>
      expect(api.posts).toEqual([{ path: '/api/notices/read', idempotencyKey: null, body: { seq: '12' } }]),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(api.posts).toHaveLength(1);
  });

  it('sends nothing when every notice was seen, and says when there are none', async () => {
    const api = fakeApi({ reads: { '/api/notices': page(notices.slice(2)) } });
    const { unmount } = renderWithProviders(<NoticesScreen />, '/notices');
    await screen.findByRole('list', { name: n.list });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(api.posts).toEqual([]);
    unmount();
    fakeApi({ reads: { '/api/notices': page([]) } });
    renderWithProviders(<NoticesScreen />, '/notices');
    expect(await screen.findByText(n.empty)).toBeTruthy();
  });
});
