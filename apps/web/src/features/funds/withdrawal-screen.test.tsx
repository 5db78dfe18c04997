// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorCatalog } from '@wallx/shared';
import { en_US } from '@wallx/shared/i18n/funds/en_US';
import { fakeApi, isIdempotencyKey, passApiTimeouts, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { WithdrawalScreen } from './withdrawal-screen';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const reads = {
  '/api/funds/withdraw/config': { USDT: { min: '10', fee: '1' }, WALLX: { min: '10', fee: '1' } },
  '/api/funds/recharge/config': { explorer_url: null },
  '/api/funds/withdrawals': { items: [], next_cursor: null },
};
const refusal = { status: 409, code: errorCatalog.insufficient_usdt.code, message: 'Insufficient USDT balance' };

setUpApiTests({ balance: { usdt: '1000', wallx: '0' }, sections: ['funds'] });

async function openForm() {
  renderWithProviders(<WithdrawalScreen />);
  // The fee comes from the server's config; without it the form does not submit.
  await waitFor(() => expect(screen.getByTestId('withdraw-fee').textContent).toBe('1 USDT'));
}

/** Fills the form and submits it, then waits for the verdict the screen shows (the nth toast). */
async function withdraw(amount: string, fundPassword: string, toasts: number, whileWaiting?: () => Promise<void>) {
  fireEvent.change(screen.getByLabelText(en_US.funds.amount), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText(en_US.funds.password), { target: { value: fundPassword } });
  fireEvent.click(screen.getByRole('button', { name: en_US.chain.withdraw_submit }));
  await whileWaiting?.();
  await waitFor(() => expect(showToast).toHaveBeenCalledTimes(toasts));
}

describe('WithdrawalScreen idempotency', () => {
  it('sends an Idempotency-Key with the withdrawal', async () => {
    const api = fakeApi({ reads });
    await openForm();
    await withdraw('100', '123456', 1);
    expect(api.posts).toEqual([
      {
        path: '/api/funds/withdraw',
        idempotencyKey: expect.any(String),
        body: { asset: 'USDT', amount: '100', fund_password: '123456' },
      },
    ]);
    expect(isIdempotencyKey(api.keys()[0]!)).toBe(true);
  });

  it('resends the same key after a time-out, even with the fund password typed again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({ reads });
    // The first try and the mutation's own retry both get no answer.
    api.answerNext('timeout', 'timeout');
    await openForm();
    await withdraw('100', '123456', 1, () => passApiTimeouts(2));
    expect(showToast).toHaveBeenLastCalledWith(expect.stringMatching(/timed out/));

    await withdraw('100', '654321', 2);
    const [first, ...rest] = api.keys();
    expect(api.posts).toHaveLength(3);
    expect(rest).toEqual([first, first]);
  });

  it('resends the same key after a network failure', async () => {
    const api = fakeApi({ reads });
    api.answerNext('network', 'network');
    await openForm();
    await withdraw('100', '123456', 1);
    await withdraw('100', '123456', 2);
    expect(new Set(api.keys()).size).toBe(1);
    expect(api.posts).toHaveLength(3);
  });

  it('uses a new key for the next withdrawal after a success', async () => {
    const api = fakeApi({ reads });
    await openForm();
    await withdraw('100', '123456', 1);
    await withdraw('100', '123456', 2);
    const [first, second] = api.keys();
    expect(second).not.toBe(first);
  });

  it('uses a new key after a refusal (4xx): the server did not move the money', async () => {
    const api = fakeApi({ reads });
    api.answerNext(refusal);
    await openForm();
    await withdraw('100', '123456', 1);
    expect(showToast).toHaveBeenLastCalledWith(refusal.message);
    await withdraw('100', '123456', 2);
    const [first, second] = api.keys();
    expect(api.posts).toHaveLength(2);
    expect(second).not.toBe(first);
  });
});
