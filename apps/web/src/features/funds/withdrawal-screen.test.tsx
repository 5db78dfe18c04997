// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorCatalog } from '@wallx/shared';
import { en_US } from '@wallx/shared/i18n/funds/en_US';
import { fakeApi, isIdempotencyKey, passApiTimeouts, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { testUser } from '../../lib/test-user';
import { WithdrawalScreen } from './withdrawal-screen';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const reads = {
  '/api/funds/withdraw/config': { USDT: { min: '10', fee: '1' }, WALLX: { min: '10', fee: '1' } },
  '/api/funds/recharge/config': { explorer_url: null, chain_id: 97 },
  '/api/funds/withdrawals': { items: [], next_cursor: null },
};
const refusal = { status: 409, code: errorCatalog.insufficient_usdt.code, message: 'Insufficient USDT balance' };

setUpApiTests({ balance: { usdt: '1000', wallx: '0' }, sections: ['funds'] });

async function openForm() {
  renderWithProviders(<WithdrawalScreen />);
  // The fee comes from the server's config; without it the form does not submit.
  await waitFor(() => expect(screen.getByTestId('withdraw-fee').textContent).toBe('1 USDT'));
}

// The sheet unmounts when its slide-out animation ends, which jsdom never plays: open is its class.
const isOpen = () => document.querySelector('.bottom-sheet.is-open') !== null;

/** Fills the form and opens the review sheet. */
function review(amount: string, fundPassword: string) {
  fireEvent.change(screen.getByLabelText(en_US.funds.amount), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText(en_US.funds.password), { target: { value: fundPassword } });
  fireEvent.click(screen.getByRole('button', { name: en_US.chain.withdraw_review }));
  return screen.getByRole('dialog', { name: en_US.chain.review_withdrawal_title });
}

/** Reviews and confirms the withdrawal, then waits for the verdict the screen shows (the nth toast). */
async function withdraw(amount: string, fundPassword: string, toasts: number, whileWaiting?: () => Promise<void>) {
  const sheet = review(amount, fundPassword);
  fireEvent.click(within(sheet).getByRole('button', { name: en_US.chain.withdraw_submit }));
  await whileWaiting?.();
  await waitFor(() => expect(showToast).toHaveBeenCalledTimes(toasts));
}

describe('WithdrawalScreen review', () => {
  it('shows the whole address, network, amount, fee, total and what arrives, and posts nothing before Confirm', async () => {
    const api = fakeApi({ reads });
    await openForm();
    const sheet = review('100', '123456');
    const shown = (id: string) => within(sheet).getByTestId(`review-${id}`).textContent;
    expect(shown('address')).toBe(testUser.bsc);
    expect(shown('asset')).toBe('USDT');
    expect(shown('network')).toBe('BNB Smart Chain Testnet');
    expect(shown('amount')).toBe('100 USDT');
    expect(shown('fee')).toBe('1 USDT');
    expect(shown('total')).toBe('101 USDT');
    expect(shown('arrives')).toBe('100 USDT');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.posts).toEqual([]);

    fireEvent.click(within(sheet).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(isOpen()).toBe(false));
    expect(api.posts).toEqual([]);
    expect(screen.getByLabelText<HTMLInputElement>(en_US.funds.amount).value).toBe('100');
    expect(screen.getByLabelText<HTMLInputElement>(en_US.funds.password).value).toBe('123456');
  });

  it('does not open on an amount the rules refuse', async () => {
    const api = fakeApi({ reads });
    await openForm();
    fireEvent.change(screen.getByLabelText(en_US.funds.amount), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText(en_US.funds.password), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: en_US.chain.withdraw_review }));
    expect(isOpen()).toBe(false);
    expect(api.posts).toEqual([]);
  });

  it('closes on a refusal and puts it on the amount', async () => {
    const api = fakeApi({ reads });
    api.answerNext(refusal);
    await openForm();
    await withdraw('100', '123456', 1);
    await waitFor(() => expect(isOpen()).toBe(false));
    expect(screen.getByLabelText(en_US.funds.amount).getAttribute('aria-invalid')).toBe('true');
    expect(api.posts).toHaveLength(1);
  });
});

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
