// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorCatalog } from '@wallx/shared';
import { en_US } from '@wallx/shared/i18n/funds/en_US';
import { fakeApi, isIdempotencyKey, Refusal, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { showToast } from '../../lib/toast';
import { TransferScreen } from './transfer-screen';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const recipient = '0x00000000000000000000000000000000000000bb';

setUpApiTests({ balance: { usdt: '1000', wallx: '0' }, sections: ['funds'] });

// The sheet unmounts when its slide-out animation ends, which jsdom never plays: open is its class.
const isOpen = () => document.querySelector('.bottom-sheet.is-open') !== null;

/** The recipient checks the form asks before its review: the recipient is an account; recent ones. */
const recent = '0x00000000000000000000000000000000000000cc';
const recipientReads = {
  '/api/recipients/check': (url: URL) => ({ address: url.searchParams.get('to')!.toLowerCase() }),
  '/api/recipients/recent': { items: [{ address: recent, last_sent_at: '2026-11-20T10:00:00.000Z' }] },
};

/** Fills the form with 5 USDT to the recipient and opens the review sheet, once the recipient is checked. */
async function review(fundPassword: string, amount = '5') {
  fireEvent.change(screen.getByLabelText(en_US.funds.recipient), { target: { value: recipient } });
  fireEvent.change(screen.getByLabelText(en_US.funds.amount), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText(en_US.funds.password), { target: { value: fundPassword } });
  fireEvent.click(screen.getByRole('button', { name: en_US.funds.transfer_review }));
  return screen.findByRole('dialog', { name: en_US.funds.review_transfer_title });
}

/** Reviews and confirms, then waits for the verdict the screen shows (the nth toast). */
async function transfer(fundPassword: string, toasts: number) {
  const sheet = await review(fundPassword);
  fireEvent.click(within(sheet).getByRole('button', { name: en_US.funds.transfer_submit }));
  await waitFor(() => expect(showToast).toHaveBeenCalledTimes(toasts));
}

describe('TransferScreen review', () => {
  it('shows the whole address, amount, fee and what arrives, and posts nothing before Confirm', async () => {
    const api = fakeApi({ reads: recipientReads });
    renderWithProviders(<TransferScreen />);
    const sheet = await review('123456', '0042');
    expect(within(sheet).getByTestId('review-address').textContent).toBe(recipient);
    expect(within(sheet).getByTestId('review-asset').textContent).toBe('USDT');
    expect(within(sheet).getByTestId('review-amount').textContent).toBe('42 USDT');
    expect(within(sheet).getByTestId('review-fee').textContent).toBe('0 USDT');
    expect(within(sheet).getByTestId('review-arrives').textContent).toBe('42 USDT');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.posts).toEqual([]);

    // Back closes the sheet and leaves the form as it was typed; still nothing is sent.
    fireEvent.click(within(sheet).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(isOpen()).toBe(false));
    expect(api.posts).toEqual([]);
    expect(screen.getByLabelText<HTMLTextAreaElement>(en_US.funds.recipient).value).toBe(recipient);
    expect(screen.getByLabelText<HTMLInputElement>(en_US.funds.amount).value).toBe('0042');
    expect(screen.getByLabelText<HTMLInputElement>(en_US.funds.password).value).toBe('123456');

    fireEvent.click(screen.getByRole('button', { name: en_US.funds.transfer_review }));
    const again = await screen.findByRole('dialog', { name: en_US.funds.review_transfer_title });
    fireEvent.click(within(again).getByRole('button', { name: en_US.funds.transfer_submit }));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    expect(api.posts[0]!.body).toEqual({ asset: 'USDT', to: recipient, amount: '42', fund_password: '123456' });
  });

  it('checks the recipient before the review: an address that is no account is refused on its field', async () => {
    const api = fakeApi({
      reads: {
        ...recipientReads,
        '/api/recipients/check': new Refusal(400, errorCatalog.invalid_wallet_account.code, 'Invalid wallet account', {
          field: 'to',
        }),
      },
    });
    renderWithProviders(<TransferScreen />);
    fireEvent.change(screen.getByLabelText(en_US.funds.recipient), { target: { value: recipient } });
    fireEvent.change(screen.getByLabelText(en_US.funds.amount), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(en_US.funds.password), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: en_US.funds.transfer_review }));
    await waitFor(() => expect(screen.getByLabelText(en_US.funds.recipient).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Invalid wallet account', { selector: '.field__error' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      api
        .gets()
        .find((get) => get.url.pathname === '/api/recipients/check')
        ?.url.searchParams.get('to'),
    ).toBe(recipient);
    expect(api.posts).toEqual([]);
  });

  it('fills the recipient from a recent one, or from the clipboard', async () => {
    fakeApi({ reads: recipientReads });
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { readText: () => Promise.resolve(`ethereum:${recipient}@56`) },
    });
    renderWithProviders(<TransferScreen />);
    const field = screen.getByLabelText<HTMLTextAreaElement>(en_US.funds.recipient);
    fireEvent.click(await screen.findByRole('button', { name: recent }));
    expect(field.value).toBe(recent);
    fireEvent.click(screen.getByRole('button', { name: en_US.funds.paste }));
    await waitFor(() => expect(field.value).toBe(recipient));
  });

  it('does not open on an invalid form', () => {
    const api = fakeApi({ reads: recipientReads });
    renderWithProviders(<TransferScreen />);
    fireEvent.click(screen.getByRole('button', { name: en_US.funds.transfer_review }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.posts).toEqual([]);
  });

  it('closes on a refusal and puts it on its field', async () => {
    const api = fakeApi({ reads: recipientReads });
    api.answerNext({ status: 403, code: errorCatalog.fund_password_incorrect.code, message: 'Wrong fund password' });
    renderWithProviders(<TransferScreen />);
    await transfer('123456', 1);
    expect(showToast).toHaveBeenLastCalledWith('Wrong fund password');
    await waitFor(() => expect(isOpen()).toBe(false));
    expect(screen.getByLabelText(en_US.funds.password).getAttribute('aria-invalid')).toBe('true');
    expect(api.posts).toHaveLength(1);
  });
});

describe('TransferScreen idempotency', () => {
  it('resends the same key after a network failure, the fund password left out', async () => {
    const api = fakeApi({ reads: recipientReads });
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
    const api = fakeApi({ reads: recipientReads });
    renderWithProviders(<TransferScreen />);
    await transfer('123456', 1);
    expect(showToast).toHaveBeenLastCalledWith(en_US.funds.transfer_success, 'success');
    await transfer('123456', 2);
    const [first, second] = api.keys();
    expect(second).not.toBe(first);
  });
});
