// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalog } from '@wallx/shared';
import { confirmDialog } from '../../lib/confirm-dialog';
import { createTestProviders, fakeApi, isIdempotencyKey, passApiTimeouts, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { useBuyAction, useCancelAction } from './use-order-actions';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));
vi.mock('../../lib/confirm-dialog', () => ({ confirmDialog: vi.fn() }));

const texts = { confirm: 'Buy 100 WALLX?', success: 'Bought 100 WALLX' };
const refusal = { status: 409, code: errorCatalog.order_status_error.code, message: 'The order is no longer pending' };

setUpApiTests({ balance: { usdt: '1000', wallx: '0' } });

beforeEach(() => vi.mocked(confirmDialog).mockResolvedValue(true));

function renderBuy() {
  return renderHook(() => useBuyAction('c2c'), { wrapper: createTestProviders() }).result;
}

describe('useBuyAction idempotency (C2C market)', () => {
  it('sends an Idempotency-Key with the purchase', async () => {
    const api = fakeApi({ data: { order: {} } });
    const action = renderBuy();
    await act(() => action.current.buy('order-1', texts));
    expect(showToast).toHaveBeenLastCalledWith(texts.success, 'success');
    expect(api.posts).toEqual([{ path: '/api/c2c/orders/order-1/buy', idempotencyKey: expect.any(String), body: undefined }]);
    expect(isIdempotencyKey(api.keys()[0]!)).toBe(true);
  });

  it('resends the same key when the same order is bought again after a time-out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({ data: { order: {} } });
    api.answerNext('timeout', 'timeout');
    const action = renderBuy();
    await act(async () => {
      const buying = action.current.buy('order-1', texts);
      await passApiTimeouts(2);
      await buying;
    });
    expect(showToast).toHaveBeenLastCalledWith(expect.stringMatching(/timed out/));
    await act(() => action.current.buy('order-1', texts));
    const [first, ...rest] = api.keys();
    expect(api.posts).toHaveLength(3);
    expect(rest).toEqual([first, first]);
  });

  it('resends the same key after a network failure, and a new one for another order', async () => {
    const api = fakeApi({ data: { order: {} } });
    api.answerNext('network', 'network', 'network', 'network');
    const action = renderBuy();
    await act(() => action.current.buy('order-1', texts));
    await act(() => action.current.buy('order-1', texts));
    await act(() => action.current.buy('order-2', texts));
    const keys = api.keys();
    expect(keys).toHaveLength(5);
    expect(new Set(keys.slice(0, 4)).size).toBe(1);
    expect(keys[4]).not.toBe(keys[0]);
  });

  it('uses a new key for the next purchase after a success', async () => {
    const api = fakeApi({ data: { order: {} } });
    const action = renderBuy();
    await act(() => action.current.buy('order-1', texts));
    await act(() => action.current.buy('order-1', texts));
    const [first, second] = api.keys();
    expect(second).not.toBe(first);
  });

  it('uses a new key after a refusal (4xx)', async () => {
    const api = fakeApi({ data: { order: {} } });
    api.answerNext(refusal);
    const action = renderBuy();
    await act(() => action.current.buy('order-1', texts));
    expect(showToast).toHaveBeenLastCalledWith(refusal.message);
    await act(() => action.current.buy('order-1', texts));
    const [first, second] = api.keys();
    expect(api.posts).toHaveLength(2);
    expect(second).not.toBe(first);
  });

  it('sends nothing when the user does not confirm', async () => {
    vi.mocked(confirmDialog).mockResolvedValue(false);
    const api = fakeApi({ data: { order: {} } });
    const action = renderBuy();
    await act(() => action.current.buy('order-1', texts));
    expect(api.posts).toEqual([]);
  });
});

describe('useCancelAction idempotency', () => {
  it('sends an Idempotency-Key and reuses it after a network failure', async () => {
    const api = fakeApi({ data: { order: {} } });
    api.answerNext('network', 'network');
    const action = renderHook(() => useCancelAction('mtrade'), { wrapper: createTestProviders() }).result;
    await act(() => action.current.cancel('order-9', 'Cancel?'));
    await act(() => action.current.cancel('order-9', 'Cancel?'));
    const keys = api.keys();
    expect(api.posts.map((post) => post.path)).toEqual(Array.from({ length: 3 }, () => '/api/mtrade/orders/order-9/cancel'));
    expect(isIdempotencyKey(keys[0]!)).toBe(true);
    expect(new Set(keys).size).toBe(1);
  });
});
