// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { en_US } from '@wallx/shared/i18n/funds/en_US';
import { fakeApi, isIdempotencyKey, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { TransferScreen } from './transfer-screen';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const recipient = '0x00000000000000000000000000000000000000bb';

setUpApiTests({ balance: { usdt: '1000', wallx: '0' }, sections: ['funds'] });

/** Sends 5 USDT to the recipient and waits for the verdict the screen shows (the nth toast). */
async function transfer(fundPassword: string, toasts: number) {
  fireEvent.change(screen.getByLabelText(en_US.funds.recipient), { target: { value: recipient } });
  fireEvent.change(screen.getByLabelText(en_US.funds.amount), { target: { value: '5' } });
  fireEvent.change(screen.getByLabelText(en_US.funds.password), { target: { value: fundPassword } });
  fireEvent.click(screen.getByRole('button', { name: en_US.funds.transfer_submit }));
  await waitFor(() => expect(showToast).toHaveBeenCalledTimes(toasts));
}

describe('TransferScreen idempotency', () => {
  it('resends the same key after a network failure, the fund password left out', async () => {
    const api = fakeApi();
    api.answerNext('network', 'network');
    renderWithProviders(<TransferScreen />);
    await transfer('123456', 1);
    await transfer('654321', 2);
    expect(api.posts.map((post) => post.body)).toEqual([
      { asset: 'USDT', to: recipient, amount: '5', fund_password: '123456' },
      { asset: 'USDT', to: recipient, amount: '5', fund_password: '123456' },
      { asset: 'USDT', to: recipient, amount: '5', fund_password: '654321' },
    ]);
    expect(isIdempotencyKey(api.keys()[0]!)).toBe(true);
    expect(new Set(api.keys()).size).toBe(1);
  });

  it('uses a new key for the next transfer after a success', async () => {
    const api = fakeApi();
    renderWithProviders(<TransferScreen />);
    await transfer('123456', 1);
    expect(showToast).toHaveBeenLastCalledWith(en_US.funds.transfer_success, 'success');
    await transfer('123456', 2);
    const [first, second] = api.keys();
    expect(second).not.toBe(first);
  });
});
