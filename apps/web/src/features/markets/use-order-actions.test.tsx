// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../../lib/confirm-dialog';
import { createTestProviders, fakeApi, isIdempotencyKey, setUpApiTests } from '../../lib/test-api';
import { useCancelAction } from './use-order-actions';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));
vi.mock('../../lib/confirm-dialog', () => ({ confirmDialog: vi.fn() }));

setUpApiTests({ balance: { usdt: '1000', wallx: '0' } });

beforeEach(() => vi.mocked(confirmDialog).mockResolvedValue(true));

describe('useCancelAction idempotency', () => {
  it('sends an Idempotency-Key and reuses it after a network failure', async () => {
    const api = fakeApi({ data: { order: {} } });
    api.answerNext('network', 'network');
    const action = renderHook(() => useCancelAction('mtrade'), { wrapper: createTestProviders() }).result;
    await act(() => action.current.cancel('order-9', 'Cancel?'));
    await act(() => action.current.cancel('order-9', 'Cancel?'));
    const keys = api.keys();
    expect(api.posts.map((post) => post.path)).toEqual(
      Array.from({ length: 3 }, () => '/api/mtrade/orders/order-9/cancel'),
    );
    expect(isIdempotencyKey(keys[0]!)).toBe(true);
    expect(new Set(keys).size).toBe(1);
  });
});
