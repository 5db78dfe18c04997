// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Stake, StakingSummary } from '@wallx/shared';
import { en_US as base } from '@wallx/shared/i18n/en_US';
import { en_US } from '@wallx/shared/i18n/staking/en_US';
import { fakeApi, isIdempotencyKey, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { StakingScreen } from './staking-screen';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const s = en_US.staking;
const common = base.common;

setUpApiTests({ balance: { usdt: '0', wallx: '100' }, sections: ['staking', 'funds'] });

const summary: StakingSummary = {
  pool: { proceeds: { wallx: '12.5', usdt: '3' }, staked: '1000' },
  mine: {
    staked: '40',
    active: 2,
    yesterday: { day: '2026-11-27', wallx: '0.25', usdt: '0.140625' },
    total: { wallx: '2', usdt: '0.5' },
  },
  settings: {
    terms: [
      { term: 'flexible', days: null, weight: '1' },
      { term: 'd30', days: 30, weight: '1.2' },
      { term: 'd90', days: 90, weight: '1.5' },
      { term: 'd180', days: 180, weight: '2' },
    ],
    min_stake: '5',
    checkin_boost: '0.2',
    aid_share: '0.1',
  },
};

const stake = (overrides: Partial<Stake>): Stake => ({
  id: '1',
  amount: '10',
  term: 'flexible',
  status: 'active',
  started_at: '2026-11-20T02:00:00.000Z',
  ends_at: null,
  closed_at: null,
  earned: { wallx: '1', usdt: '0' },
  last: { day: '2026-11-27', wallx: '0.25', usdt: '0' },
  can_unstake: true,
  ...overrides,
});

const reads = {
  '/api/staking': summary,
  '/api/staking/stakes': {
    items: [
      stake({ id: '2', amount: '30', term: 'd90', ends_at: '2027-02-18T02:00:00.000Z', can_unstake: false }),
      stake({ id: '1' }),
    ],
    next_cursor: null,
  },
};

describe('StakingScreen', () => {
  it('lists a page of stakes and loads the older ones when asked, after the cursor the page gave', async () => {
    const api = fakeApi({
      reads: {
        ...reads,
        '/api/staking/stakes': (url: URL) =>
          url.searchParams.get('cursor') === 'c2'
            ? { items: [stake({ id: '1' })], next_cursor: null }
            : { items: [stake({ id: '3' }), stake({ id: '2' })], next_cursor: 'c2' },
      },
    });
    renderWithProviders(<StakingScreen />, '/stake');
    const more = await screen.findByRole('button', { name: `${common.load_more}: ${s.stakes_title}` });
    expect(document.querySelectorAll('[data-stake]')).toHaveLength(2);
    fireEvent.click(more);
    await waitFor(() => expect(document.querySelectorAll('[data-stake]')).toHaveLength(3));
    expect(document.querySelector('[data-stake="1"]')).toBeTruthy();
    // The last page is in: no button left to press.
    expect(screen.queryByRole('button', { name: `${common.load_more}: ${s.stakes_title}` })).toBeNull();
    const pages = api.gets().filter((get) => get.url.pathname === '/api/staking/stakes');
    expect(pages.map((get) => get.url.searchParams.get('cursor'))).toEqual([null, 'c2']);
  });

  it('shows the pool, my earnings and each stake; only a withdrawable one has Unstake', async () => {
    fakeApi({ reads });
    renderWithProviders(<StakingScreen />, '/stake');
    expect((await screen.findByTestId('pool-staked')).textContent).toBe('1,000 WALLX');
    expect(screen.getByTestId('yesterday-wallx').textContent).toBe('0.25 WALLX');
    expect(screen.getByTestId('total-usdt').textContent).toBe('0.5 USDT');
    // A reward shows to six places, not a balance's two (0.14 would hide what was paid).
    expect(screen.getByTestId('yesterday-usdt').textContent).toBe('0.140625 USDT');
    // The aid fund's share is named as the settings have it: 0.1 → 10%.
    expect(screen.getByRole('link', { name: `${s.aid_link.replace('{{percent}}', '10')} →` })).toBeTruthy();
    expect(await screen.findAllByRole('button', { name: s.unstake })).toHaveLength(1);
    const term = document.querySelector('[data-stake="2"]') as HTMLElement;
    expect(within(term).queryByRole('button', { name: s.unstake })).toBeNull();
    expect(term.textContent).toContain('90 days');
  });

  it('refuses an amount below the minimum before asking the server; stakes with a key', async () => {
    const api = fakeApi({ reads, writes: { '/api/staking/stakes': { stake: stake({ id: '3' }) } } });
    renderWithProviders(<StakingScreen />, '/stake');
    const amount = await screen.findByLabelText(s.amount);
    fireEvent.change(amount, { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText(/fund password/i), {
      target: { value: 'secret1' },
    });
    fireEvent.click(screen.getByRole('button', { name: s.stake_submit }));
    expect(await screen.findByText('At least 5 WALLX')).toBeTruthy();
    expect(api.posts).toEqual([]);

    fireEvent.change(amount, { target: { value: '25.5' } });
    fireEvent.click(screen.getByRole('radio', { name: /30 days/ }));
    fireEvent.click(screen.getByRole('button', { name: s.stake_submit }));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0]).toMatchObject({
      path: '/api/staking/stakes',
      body: { amount: '25.5', term: 'd30', fund_password: 'secret1' },
    });
    expect(isIdempotencyKey(api.posts[0]!.idempotencyKey)).toBe(true);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(s.staked_ok, 'success'));
  });

  it('withdraws a stake after the fund password in a sheet', async () => {
    const api = fakeApi({
      reads,
      writes: { '/api/staking/stakes/1/unstake': { stake: stake({ status: 'withdrawn', can_unstake: false }) } },
    });
    renderWithProviders(<StakingScreen />, '/stake');
    fireEvent.click(await screen.findByRole('button', { name: s.unstake }));
    const sheet = await screen.findByRole('dialog', { name: s.unstake_title });
    expect(within(sheet).getByTestId('unstake-summary').textContent).toBe('10 WALLX goes back to your balance');
    fireEvent.change(within(sheet).getByLabelText(/fund password/i), { target: { value: 'secret1' } });
    fireEvent.click(within(sheet).getByRole('button', { name: s.unstake }));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0]).toMatchObject({ path: '/api/staking/stakes/1/unstake', body: { fund_password: 'secret1' } });
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(s.unstaked_ok, 'success'));
  });
});
