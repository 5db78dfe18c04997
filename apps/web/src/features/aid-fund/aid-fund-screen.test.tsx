// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AidFund } from '@wallx/shared';
import { en_US as base } from '@wallx/shared/i18n/en_US';
import { en_US } from '@wallx/shared/i18n/aidFund/en_US';
import { session } from '../../lib/session-store';
import { fakeApi, isIdempotencyKey, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { AidFundScreen } from './aid-fund-screen';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const a = en_US.aidFund;
const common = base.common;

setUpApiTests({ balance: { usdt: '3', wallx: '100' }, sections: ['aidFund', 'funds'] });

const fund: AidFund = {
  assets: [
    { asset: 'WALLX', balance: '1250.5', donations: '1000', shares: '300.5', granted: '50', granting: '0' },
    { asset: 'USDT', balance: '7', donations: '2', shares: '5', granted: '0', granting: '0' },
  ],
  partners: [{ id: '1', name: 'Calm Line', address: '0x' + 'ab'.repeat(20), website: 'https://calm.example' }],
};
const hash = '0x' + '12'.repeat(32);

const reads = {
  '/api/aid-fund': fund,
  '/api/aid-fund/donations': {
    items: [
      { id: '9', asset: 'WALLX', amount: '25', donor: '0x1234…abcd', created_at: '2026-11-27T10:00:00.000Z' },
      { id: '8', asset: 'USDT', amount: '2', donor: null, created_at: '2026-11-26T10:00:00.000Z' },
    ],
    next_cursor: null,
  },
  '/api/aid-fund/grants': {
    items: [
      {
        id: '3',
        partner: 'Calm Line',
        asset: 'WALLX',
        amount: '50',
        tx_hash: hash,
        paid_at: '2026-11-25T10:00:00.000Z',
      },
    ],
    next_cursor: null,
  },
  '/api/funds/recharge/config': { explorer_url: 'https://testnet.bscscan.com/', chain_id: 97 },
};

describe('AidFundScreen', () => {
  it('loads older donations and grants when asked, each list after its own cursor', async () => {
    const donation = (id: string) => ({
      id,
      asset: 'WALLX',
      amount: id,
      donor: null,
      created_at: '2026-11-27T10:00:00.000Z',
    });
    const api = fakeApi({
      reads: {
        ...reads,
        '/api/aid-fund/donations': (url: URL) =>
          url.searchParams.get('cursor') === 'd8'
            ? { items: [donation('7')], next_cursor: null }
            : { items: [donation('9'), donation('8')], next_cursor: 'd8' },
      },
    });
    renderWithProviders(<AidFundScreen />, '/aid-fund');
    const donations = await screen.findByTestId('donations');
    const more = await screen.findByRole('button', { name: `${common.load_more}: ${a.latest_donations}` });
    // The grants' one page is all there is: no button under them.
    expect(screen.queryByRole('button', { name: `${common.load_more}: ${a.grants}` })).toBeNull();
    fireEvent.click(more);
    await waitFor(() => expect(within(donations).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: `${common.load_more}: ${a.latest_donations}` })).toBeNull();
    const asked = api.gets().filter((get) => get.url.pathname === '/api/aid-fund/donations');
    expect(asked.map((get) => [get.url.searchParams.get('cursor'), get.headers.get('cache-control')])).toEqual([
      [null, 'no-cache'],
      ['d8', 'no-cache'],
    ]);
  });

  it('shows the balance, the totals, the partners, donations (anonymous or short address) and grants with their tx', async () => {
    const api = fakeApi({ reads });
    renderWithProviders(<AidFundScreen />, '/aid-fund');
    expect((await screen.findByTestId('balance-wallx')).textContent).toBe('1,250.5 WALLX');
    // Past the 30 s a cache may keep them: after a donation the page must see it.
    for (const path of ['/api/aid-fund', '/api/aid-fund/donations', '/api/aid-fund/grants'])
      expect(
        api
          .gets()
          .find((get) => get.url.pathname === path)
          ?.headers.get('cache-control'),
      ).toBe('no-cache');
    expect(screen.getByTestId('shares-usdt').textContent).toBe('5 USDT');
    expect(screen.getByTestId('granted-wallx').textContent).toBe('50 WALLX');
    expect(screen.queryByTestId('granting-wallx')).toBeNull();
    expect(document.querySelector('[data-partner="1"]')?.textContent).toContain('Calm Line');
    const donations = await screen.findByTestId('donations');
    await waitFor(() => expect(within(donations).getAllByRole('listitem')).toHaveLength(2));
    expect(donations.textContent).toContain('0x1234…abcd');
    expect(donations.textContent).toContain(a.anonymous);
    await waitFor(() =>
      expect(document.querySelector(`a[data-tx="${hash}"]`)?.getAttribute('href')).toBe(
        `https://testnet.bscscan.com/tx/${hash}`,
      ),
    );
    expect(screen.getByText(a.donate, { selector: 'button' })).toBeTruthy();
  });

  it('asks a guest to connect instead of offering to donate', async () => {
    fakeApi({ reads });
    session.logout();
    renderWithProviders(<AidFundScreen />, '/aid-fund');
    expect(await screen.findByText(a.guest_prompt)).toBeTruthy();
    expect(screen.queryByRole('button', { name: a.donate })).toBeNull();
    expect((await screen.findByTestId('balance-usdt')).textContent).toBe('7 USDT');
  });

  it('donates USDT shown by address, with the fund password and a key; refuses zero before asking', async () => {
    const api = fakeApi({
      reads,
      writes: {
        '/api/aid-fund/donations': {
          donation: {
            id: '10',
            asset: 'USDT',
            amount: '1.5',
            donor: '0xab…cd',
            created_at: '2026-11-28T10:00:00.000Z',
            shown: true,
          },
        },
      },
    });
    renderWithProviders(<AidFundScreen />, '/aid-fund');
    fireEvent.click(await screen.findByRole('button', { name: a.donate }));
    const sheet = await screen.findByRole('dialog', { name: a.donate_title });
    fireEvent.click(within(sheet).getByRole('radio', { name: /USDT/ }));
    fireEvent.change(within(sheet).getByLabelText('Amount'), { target: { value: '0' } });
    fireEvent.change(within(sheet).getByLabelText(/fund password/i), { target: { value: 'secret1' } });
    fireEvent.click(within(sheet).getByRole('button', { name: a.donate }));
    expect(await within(sheet).findByText(a.amount_invalid)).toBeTruthy();
    expect(api.posts).toEqual([]);

    fireEvent.change(within(sheet).getByLabelText('Amount'), { target: { value: '1.5' } });
    fireEvent.click(within(sheet).getByRole('checkbox', { name: a.show_me }));
    fireEvent.click(within(sheet).getByRole('button', { name: a.donate }));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0]).toMatchObject({
      path: '/api/aid-fund/donations',
      body: { asset: 'USDT', amount: '1.5', show_me: true, fund_password: 'secret1' },
    });
    expect(isIdempotencyKey(api.posts[0]!.idempotencyKey)).toBe(true);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(a.donated_ok, 'success'));
  });
});
