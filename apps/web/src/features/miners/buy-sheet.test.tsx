// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorCatalog, type BuyMinerResult, type MinerProduct } from '@wallx/shared';
import { en_US } from '@wallx/shared/i18n/miners/en_US';
import { fakeApi, isIdempotencyKey, passApiTimeouts, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { BuySheet } from './buy-sheet';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const product: MinerProduct = {
  id: 'p-1',
  name: 'en_US:::Node miner',
  image: '',
  category: 'node',
  price_usdt: '100',
  price_wallx: null,
  daily_output: '1',
  output_days: 30,
  stock: 10,
  per_user_limit: null,
  physical: false,
  gift: false,
};
const bought: BuyMinerResult = { orders: [], balance: { usdt: '900', wallx: '0' } };
const refusal = { status: 409, code: errorCatalog.insufficient_usdt.code, message: 'Insufficient USDT balance' };

setUpApiTests({ balance: { usdt: '1000', wallx: '0' }, sections: ['miners'] });

/** Taps "Confirm purchase" and waits for the verdict the sheet shows (the nth toast). */
async function buy(toasts: number, whileWaiting?: () => Promise<void>) {
  fireEvent.click(screen.getByRole('button', { name: en_US.miners.confirm_buy }));
  await whileWaiting?.();
  await waitFor(() => expect(showToast).toHaveBeenCalledTimes(toasts));
}

describe('BuySheet idempotency', () => {
  it('sends an Idempotency-Key with the purchase', async () => {
    const api = fakeApi({ data: bought });
    renderWithProviders(<BuySheet product={product} onClose={() => undefined} />);
    await buy(1);
    expect(showToast).toHaveBeenLastCalledWith(en_US.miners.buy_success, 'success');
    expect(api.posts).toEqual([
      {
        path: '/api/miners/buy',
        idempotencyKey: expect.any(String),
        body: { product_id: 'p-1', pay_asset: 'USDT', quantity: 1 },
      },
    ]);
    expect(isIdempotencyKey(api.keys()[0]!)).toBe(true);
  });

  it('resends the same key when the purchase is tapped again after a time-out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({ data: bought });
    api.answerNext('timeout', 'timeout');
    renderWithProviders(<BuySheet product={product} onClose={() => undefined} />);
    await buy(1, () => passApiTimeouts(2));
    await buy(2);
    const [first, ...rest] = api.keys();
    expect(api.posts).toHaveLength(3);
    expect(rest).toEqual([first, first]);
  });

  it('resends the same key after a network failure', async () => {
    const api = fakeApi({ data: bought });
    api.answerNext('network', 'network');
    renderWithProviders(<BuySheet product={product} onClose={() => undefined} />);
    await buy(1);
    await buy(2);
    expect(api.posts).toHaveLength(3);
    expect(new Set(api.keys()).size).toBe(1);
  });

  it('uses a new key for the next purchase after a success', async () => {
    const api = fakeApi({ data: bought });
    renderWithProviders(<BuySheet product={product} onClose={() => undefined} />);
    await buy(1);
    await buy(2);
    const [first, second] = api.keys();
    expect(second).not.toBe(first);
  });

  it('uses a new key after a refusal (4xx)', async () => {
    const api = fakeApi({ data: bought });
    api.answerNext(refusal);
    renderWithProviders(<BuySheet product={product} onClose={() => undefined} />);
    await buy(1);
    expect(showToast).toHaveBeenLastCalledWith(refusal.message);
    await buy(2);
    const [first, second] = api.keys();
    expect(api.posts).toHaveLength(2);
    expect(second).not.toBe(first);
  });
});
