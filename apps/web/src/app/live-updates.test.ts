// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deposit, UserEvent } from '@wallx/shared';
import type { EventStreamOptions } from '../lib/live/event-stream';
import { initI18n } from '../lib/i18n';
import { liveStatus } from '../lib/live/live-status';
import { session } from '../lib/session-store';
import { testUser } from '../lib/test-user';

const opened: EventStreamOptions[] = [];
const closed: number[] = [];
vi.mock('../lib/live/event-stream', () => ({
  openEventStream: (options: EventStreamOptions) => {
    const index = opened.push(options) - 1;
    return { close: () => closed.push(index), retryNow: () => undefined, done: Promise.resolve() };
  },
}));
const toasts: string[] = [];
vi.mock('../lib/toast', () => ({ showToast: (text: string) => toasts.push(text) }));

const { startLiveUpdates } = await import('./live-updates');

const account = testUser.bsc.toLowerCase();
const at = '2026-11-26T10:00:00.000Z';
const queryClient = new QueryClient();
const invalidated: unknown[] = [];
const handlers = () => opened.at(-1)!.handlers;
const settle = () => new Promise((resolve) => setTimeout(resolve, 80));

beforeAll(async () => {
  await initI18n();
  session.login({
    userinfo: testUser,
    token: { access_token: 'access', refresh_token: 'refresh' },
    balance: { usdt: '0', wallx: '0' },
    first_login: false,
  });
  startLiveUpdates(queryClient);
  startLiveUpdates(queryClient);
});
afterAll(() => session.logout());
beforeEach(() => {
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey ?? 'everything');
  });
  invalidated.length = 0;
  toasts.length = 0;
  window.history.replaceState(null, '', '/user');
});

describe('live updates', () => {
  it('opens one stream for the signed-in account, with its token', () => {
    expect(opened).toHaveLength(1);
    expect(opened[0]!.token()).toBe('access');
    handlers().onLive(true);
    expect(liveStatus.get()).toBe(true);
  });

  it('refetches what a sale changes, once each for a burst, and toasts the notice', async () => {
    const sale: UserEvent = {
      seq: '3',
      type: 'order',
      at,
      payload: {
        market: 'mtrade',
        id: '7',
        status: 'filled',
        reason: null,
        miner_no: 'WX00000012',
        asset: 'USDT',
        amount: '95',
      },
    };
    handlers().onEvent({ seq: '2', type: 'balance', at, payload: { asset: 'USDT', balance: '95' } });
    handlers().onEvent(sale);
    handlers().onEvent({ seq: '4', type: 'balance', at, payload: { asset: 'USDT', balance: '95' } });
    await settle();
    expect(invalidated).toEqual([
      ['user'],
      ['funds', 'records', account],
      ['funds', 'transfers', account],
      ['markets', 'mtrade'],
      ['miners', 'mine', account],
      ['markets', 'sellable-miners', account],
      ['notices'],
    ]);
    expect(toasts).toEqual(['Your miner WX00000012 sold for 95 USDT']);
  });

  it('puts a deposit’s confirmations into the deposit on screen, and toasts its credit elsewhere only', async () => {
    const reported: Deposit = {
      tx_hash: '0xab',
      asset: 'USDT',
      status: 'confirming',
      amount: '100',
      confirmations: 1,
      required_confirmations: 3,
      reason: null,
      reported_at: at,
    };
    queryClient.setQueryData(['funds', 'deposit', '0xab'], reported);
    const deposit = (status: 'confirming' | 'credited', confirmations: number): UserEvent => ({
      seq: String(10 + confirmations),
      type: 'deposit',
      at,
      payload: { tx_hash: '0xAB', asset: 'USDT', amount: '100', status, confirmations, required_confirmations: 3 },
    });
    window.history.replaceState(null, '', '/recharge');
    handlers().onEvent(deposit('confirming', 2));
    expect(queryClient.getQueryData<Deposit>(['funds', 'deposit', '0xab'])).toMatchObject({
      confirmations: 2,
      status: 'confirming',
    });
    handlers().onEvent(deposit('credited', 3));
    expect(queryClient.getQueryData<Deposit>(['funds', 'deposit', '0xab'])).toMatchObject({
      confirmations: 3,
      status: 'credited',
    });
    await settle();
    // The deposit screen says it was credited itself.
    expect(toasts).toEqual([]);
    window.history.replaceState(null, '', '/user');
    handlers().onEvent(deposit('credited', 3));
    await settle();
    expect(toasts).toEqual(['Deposit of 100 USDT credited']);
  });

  it('does not toast the user’s own cancellation, or anything while the inbox is open', async () => {
    const order = (reason: string | null): UserEvent => ({
      seq: '20',
      type: 'order',
      at,
      payload: { market: 'c2c', id: '1', status: 'cancelled', reason, miner_no: null, asset: 'WALLX', amount: '10' },
    });
    handlers().onEvent(order(null));
    window.history.replaceState(null, '', '/notices');
    handlers().onEvent(order('Spam'));
    await settle();
    expect(toasts).toEqual([]);
    expect(invalidated).toContainEqual(['notices']);
  });

  it('reloads everything after a gap or a failed connection, and a market list when it changes', async () => {
    handlers().onReady({ seq: '5', gap: false }, false);
    expect(invalidated).toEqual([]);
    handlers().onReady({ seq: '5', gap: true }, false);
    handlers().onReady({ seq: '5', gap: false }, true);
    expect(invalidated).toEqual(['everything', 'everything']);
    handlers().onMarket({ market: 'c2c', id: '4' });
    await settle();
    expect(invalidated.at(-1)).toEqual(['markets', 'c2c']);
  });

  it('closes the stream on sign-out and opens one for the next account', () => {
    session.logout();
    expect(closed).toEqual([0]);
    expect(liveStatus.get()).toBe(false);
    session.login({
      userinfo: { ...testUser, bsc: '0x00000000000000000000000000000000000000aa' },
      token: { access_token: 'other', refresh_token: 'r' },
      balance: { usdt: '0', wallx: '0' },
      first_login: false,
    });
    expect(opened).toHaveLength(2);
    expect(opened[1]!.token()).toBe('other');
  });
});
