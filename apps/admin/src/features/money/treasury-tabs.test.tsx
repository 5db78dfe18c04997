import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ColdTransfer, DepositAddressHolding, HotWalletAsset, Sweep } from '@wallx/shared';
import { ok, renderConsole, serveAs, setUpConsoleTests } from '../../lib/test-render';

const texts = setUpConsoleTests();
const m = texts.money;
const user = '0x3333333333333333333333333333333333333333';
const hotWallet = '0x4444444444444444444444444444444444444444';
const coldWallet = '0x5555555555555555555555555555555555555555';
const txHash = `0x${'ab'.repeat(32)}`;

const holding: DepositAddressHolding = {
  address: '0x6666666666666666666666666666666666666666',
  user,
  unswept: { USDT: '125.5', WALLX: '0' },
  in_flight: { USDT: '0', WALLX: '3000.000000000000000001' },
};

const sweep: Sweep = {
  id: '4',
  asset: 'USDT',
  status: 'confirmed',
  tx_hash: txHash,
  addresses: 3,
  expected: '300.25',
  amount_received: '300.25',
  deployed_count: 2,
  gas_used: '210000',
  gas_cost: '0.00063',
  created_at: '2026-11-24T08:00:00.000Z',
  settled_at: '2026-11-24T08:01:00.000Z',
};

const coldTransfer: ColdTransfer = {
  id: '2',
  asset: 'WALLX',
  status: 'sent',
  amount: '50000',
  to_address: coldWallet,
  tx_hash: `0x${'cd'.repeat(32)}`,
  gas_cost: null,
  created_at: '2026-11-24T09:00:00.000Z',
  settled_at: null,
};

const hotAsset = (asset: 'USDT' | 'WALLX', waiting: boolean): HotWalletAsset => ({
  asset,
  hot_wallet: hotWallet,
  cold_wallet: coldWallet,
  hot_balance: waiting ? '12.5' : '2500',
  cold_balance: '90000',
  low: '100',
  target: '1000',
  high: '5000',
  unswept: '125.5',
  sweeps_in_flight: '0',
  cold_in_flight: '0',
  payouts_waiting: waiting,
  payouts_wait_reason: waiting ? 'hot_wallet_low' : null,
  chain_error: null,
});

const signing = { kind: 'external', failing_since: null, error: null };

const page = (items: unknown[]) => ok({ items, next_cursor: null });
const serve = (answers: Record<string, () => ReturnType<typeof ok>>) =>
  serveAs('viewer', (_method, url) => answers[url.pathname]?.());

describe('the money page: where the tokens are', () => {
  it('deposit addresses: each user’s address with its unswept and in-flight figures as the server wrote them', async () => {
    serve({ '/api/admin/deposit-addresses': () => page([holding]) });
    renderConsole('/money?tab=deposit_addresses');
    const row = (await screen.findByText('125.5')).closest('tr')!;
    expect(within(row).getByTitle(holding.address)).toBeTruthy();
    expect(within(row).getByTitle(user)).toBeTruthy();
    expect(within(row).getByText('3000.000000000000000001')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Unswept USDT' })).toBeTruthy();
  });

  it('sweeps: the transaction shortened with the whole hash on hover, what it moved, its gas and status', async () => {
    serve({ '/api/admin/sweeps': () => page([sweep]) });
    renderConsole('/money?tab=sweeps');
    const hash = await screen.findByTitle(txHash);
    expect(hash.tagName).toBe('CODE');
    expect(hash.closest('a')).toBeNull();
    expect(hash.textContent!.length).toBeLessThan(txHash.length);
    const row = hash.closest('tr')!;
    expect(within(row).getAllByText('300.25')).toHaveLength(2);
    expect(within(row).getByText('0.00063')).toBeTruthy();
    expect(within(row).getByText(m.move_confirmed)).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
  });

  it('hot wallet: the marks per token, paying, with the wallets and the transfers to cold storage under it', async () => {
    serve({
      '/api/admin/hot-wallet': () =>
        ok({ assets: [hotAsset('USDT', false), hotAsset('WALLX', false)], signer: signing }),
      '/api/admin/cold-transfers': () => page([coldTransfer]),
    });
    renderConsole('/money?tab=hot_wallet');
    expect(await screen.findAllByText(m.payouts_paying)).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByText('5000')).toHaveLength(2);
    expect(screen.getByText(hotWallet)).toBeTruthy();
    expect(screen.getByText(coldWallet)).toBeTruthy();
    const transfer = (await screen.findByText('50000 WALLX')).closest('tr')!;
    expect(within(transfer).getByText(m.move_sent)).toBeTruthy();
    expect(within(transfer).getByTitle(coldWallet)).toBeTruthy();
  });

  it('hot wallet: payouts that wait say so, and why, in a notice', async () => {
    serve({
      '/api/admin/hot-wallet': () =>
        ok({ assets: [hotAsset('USDT', true), hotAsset('WALLX', false)], signer: signing }),
      '/api/admin/cold-transfers': () => page([]),
    });
    renderConsole('/money?tab=hot_wallet');
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toBe(
      'Payouts of USDT are waiting: the hot wallet holds 12.5 USDT, below its low mark of 100. Top it up from cold storage.',
    );
    expect(screen.getByText(m.payouts_waiting)).toBeTruthy();
    expect(screen.getByText(m.payouts_paying)).toBeTruthy();
  });

  it('hot wallet: a signer that does not sign holds every token’s payouts, in one notice naming its error', async () => {
    const waiting = (asset: 'USDT' | 'WALLX') => ({
      ...hotAsset(asset, false),
      payouts_waiting: true,
      payouts_wait_reason: 'signer_unavailable',
    });
    serve({
      '/api/admin/hot-wallet': () =>
        ok({
          assets: [waiting('USDT'), waiting('WALLX')],
          signer: {
            kind: 'external',
            failing_since: '2026-11-26T10:00:00.000Z',
            error: 'the signer did not sign: HTTP request failed.',
          },
        }),
      '/api/admin/cold-transfers': () => page([]),
    });
    renderConsole('/money?tab=hot_wallet');
    const notices = await screen.findAllByRole('alert');
    expect(notices.map((notice) => notice.textContent)).toEqual([
      'Payouts are waiting: the hot wallet’s signer does not sign (the signer did not sign: HTTP request failed.). They are paid once it signs again; check the signer and its connection.',
    ]);
    expect(screen.getAllByText(m.payouts_waiting)).toHaveLength(2);
  });

  it('a refused answer shows the error with another try, on each tab', async () => {
    for (const [tab, path] of [
      ['deposit_addresses', '/api/admin/deposit-addresses'],
      ['sweeps', '/api/admin/sweeps'],
      ['hot_wallet', '/api/admin/hot-wallet'],
    ] as const) {
      let asked = 0;
      serveAs('viewer', (_method, url) => {
        if (url.pathname === '/api/admin/cold-transfers') return page([]);
        if (url.pathname !== path) return undefined;
        asked += 1;
        return asked === 1 ? { status: 503, body: { code: 1, message: 'Chain busy' } } : undefined;
      });
      const { unmount } = renderConsole(`/money?tab=${tab}`);
      expect(await screen.findByText('Chain busy')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: texts.errors.retry }));
      await waitFor(() => expect(asked).toBe(2));
      unmount();
    }
  });
});
