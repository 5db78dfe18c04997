// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorCatalog } from '@wallx/shared';
import { en_US as funds } from '@wallx/shared/i18n/funds/en_US';
import { en_US } from '@wallx/shared/i18n/markets/en_US';
import { fakeApi, isIdempotencyKey, passApiTimeouts, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { useBuyOrderSheet, type PendingBuy } from './buy-order-sheet';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const order: PendingBuy = {
  id: 'order-1',
  summary: 'Buy 100 WALLX for 25 USDT in total?',
  success: 'Bought 100 WALLX',
};
const soldOut = { status: 409, code: errorCatalog.order_status_error.code, message: 'Order status error' };
const wrongPassword = {
  status: 403,
  code: errorCatalog.fund_password_incorrect.code,
  message: 'Incorrect fund password',
};

setUpApiTests({ balance: { usdt: '1000', wallx: '0' }, sections: ['markets', 'funds'] });

function Market() {
  const { open, sheet } = useBuyOrderSheet('c2c');
  return (
    <>
      <button type="button" onClick={() => open(order)}>
        open {order.id}
      </button>
      {sheet}
    </>
  );
}

// A closed sheet slides out (and stays in the DOM until its animation ends, which jsdom never runs).
const isOpen = () => document.querySelector('.bottom-sheet.is-open') !== null;

/** Opens the sheet for the order, types the password and taps Buy; waits for the nth toast when asked. */
async function buy(password: string, toasts?: number, whileWaiting?: () => Promise<void>) {
  if (!isOpen()) fireEvent.click(screen.getByRole('button', { name: `open ${order.id}` }));
  fireEvent.change(await screen.findByLabelText(funds.funds.password), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: en_US.markets.buy }));
  await whileWaiting?.();
  if (toasts !== undefined) await waitFor(() => expect(showToast).toHaveBeenCalledTimes(toasts));
}

describe('buying from a market list', () => {
  it('asks for the fund password and sends it with an Idempotency-Key', async () => {
    const api = fakeApi({ data: { order: {} } });
    renderWithProviders(<Market />);
    fireEvent.click(screen.getByRole('button', { name: `open ${order.id}` }));
    expect((await screen.findByTestId('buy-summary')).textContent).toBe(order.summary);
    // Without the password nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: en_US.markets.buy }));
    expect(await screen.findByText(funds.funds.fund_password_required)).toBeTruthy();
    expect(api.posts).toEqual([]);

    await buy('pass-123', 1);
    expect(showToast).toHaveBeenLastCalledWith(order.success, 'success');
    expect(api.posts).toEqual([
      { path: '/api/c2c/orders/order-1/buy', idempotencyKey: expect.any(String), body: { fund_password: 'pass-123' } },
    ]);
    expect(isIdempotencyKey(api.keys()[0]!)).toBe(true);
    await waitFor(() => expect(isOpen()).toBe(false));
  });

  it('shows a wrong password on the field and keeps the sheet open', async () => {
    const api = fakeApi({ data: { order: {} } });
    api.answerNext(wrongPassword);
    renderWithProviders(<Market />);
    await buy('nope-123');
    expect(await screen.findByText(wrongPassword.message)).toBeTruthy();
    expect(showToast).not.toHaveBeenCalled();
    await buy('pass-123', 1);
    const [first, second] = api.keys();
    expect(second).not.toBe(first);
  });

  it('resends the same key when the purchase goes again after a time-out, even with the password retyped', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({ data: { order: {} } });
    api.answerNext('timeout', 'timeout');
    renderWithProviders(<Market />);
    await buy('pass-123', 1, () => passApiTimeouts(2));
    expect(showToast).toHaveBeenLastCalledWith(expect.stringMatching(/timed out/));
    await buy('pass-123', 2);
    const [first, ...rest] = api.keys();
    expect(api.posts).toHaveLength(3);
    expect(rest).toEqual([first, first]);
  });

  it('a refusal closes the sheet; the next purchase gets a new key', async () => {
    const api = fakeApi({ data: { order: {} } });
    api.answerNext(soldOut);
    renderWithProviders(<Market />);
    await buy('pass-123', 1);
    expect(showToast).toHaveBeenLastCalledWith(soldOut.message);
    await waitFor(() => expect(isOpen()).toBe(false));
    await buy('pass-123', 2);
    const [first, second] = api.keys();
    expect(second).not.toBe(first);
  });
});
