// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { hexToString, type Hex } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, WALLET_ACTION_STATEMENTS } from '@wallx/shared';
import { en_US as core } from '@wallx/shared/i18n/errors/en_US';
import { en_US } from '@wallx/shared/i18n/funds/en_US';
import { fakeApi, renderWithProviders, setUpApiTests } from '../../lib/test-api';
import { testUser } from '../../lib/test-user';
import { session } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { FundPasswordScreen } from './fund-password-screen';

vi.mock('../../lib/toast', () => ({ showToast: vi.fn() }));

const f = en_US.funds;
const holdUntil = '2026-11-26T09:00:00.000Z';

setUpApiTests({ balance: { usdt: '0', wallx: '0' }, sections: ['funds'] });

afterEach(() => {
  delete (window as { ethereum?: unknown }).ethereum;
});

/** A wallet in the page that signs whatever it is asked with a fixed signature, and records the requests. */
function installWallet(sign: (message: string) => unknown = () => `0x${'22'.repeat(65)}`) {
  const request = vi.fn(async ({ method, params }: { method: string; params?: unknown[] }) => {
    if (method === 'personal_sign') return sign(hexToString(params![0] as Hex));
    throw new Error(`unexpected ${method}`);
  });
  Object.defineProperty(window, 'ethereum', { value: { request }, configurable: true });
  return request;
}

function fillNewPassword(password: string) {
  fireEvent.change(screen.getByLabelText(f.new_password), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(f.confirm_password), { target: { value: password } });
}

describe('FundPasswordScreen: a forgotten password', () => {
  it('the change form links to the reset', async () => {
    fakeApi();
    renderWithProviders(<FundPasswordScreen />, '/fpassword');
    expect(screen.getByLabelText(f.current_password)).toBeTruthy();
    expect(screen.getByRole('link', { name: f.forgot_password }).getAttribute('href')).toBe('/fpassword?reset=1');
  });

  it('is replaced on the wallet’s signature of the reset, and says until when money waits', async () => {
    const wallet = installWallet();
    const api = fakeApi({ writes: { '/api/user/fund_password/reset': { hold_until: holdUntil } } });
    renderWithProviders(<FundPasswordScreen />, '/fpassword?reset=1');
    expect(screen.getByRole('heading', { name: f.reset_title })).toBeTruthy();
    // No old password is asked: the wallet stands for it.
    expect(screen.queryByLabelText(f.current_password)).toBeNull();
    fillNewPassword('new-pass-1');
    fireEvent.click(screen.getByRole('button', { name: f.reset_submit }));

    const notice = await screen.findByTestId('reset-hold');
    expect(notice.textContent).toBe(f.reset_hold.replace('{{time}}', formatDate(holdUntil, 'Y-m-d H:i')));
    expect(showToast).toHaveBeenCalledWith(f.reset_success, 'success');
    const signed = hexToString(wallet.mock.calls[0]![0].params![0] as Hex);
    expect(signed).toContain(`\n\n${WALLET_ACTION_STATEMENTS.reset_fund_password}\n\n`);
    expect(signed).toContain(`${window.location.host} wants you to sign in with your Ethereum account:`);
    expect(wallet.mock.calls[0]![0].params![1]).toBe(testUser.bsc);
    expect(api.posts).toEqual([
      {
        path: '/api/user/fund_password/reset',
        idempotencyKey: null,
        body: { password: 'new-pass-1', confirm: 'new-pass-1', message: signed, signature: `0x${'22'.repeat(65)}` },
      },
    ]);
    expect((screen.getByRole('button', { name: f.reset_submit }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks the new password before asking the wallet, and says so when the wallet declines or there is none', async () => {
    const wallet = installWallet(() => {
      throw Object.assign(new Error('User rejected'), { code: 4001 });
    });
    const api = fakeApi();
    renderWithProviders(<FundPasswordScreen />, '/fpassword?reset=1');
    fillNewPassword('123');
    fireEvent.click(screen.getByRole('button', { name: f.reset_submit }));
    expect(await screen.findByText(core.errors.fund_password_too_short)).toBeTruthy();
    expect(wallet).not.toHaveBeenCalled();

    fillNewPassword('new-pass-1');
    fireEvent.click(screen.getByRole('button', { name: f.reset_submit }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(f.wallet_rejected));
    expect(api.posts).toEqual([]);

    delete (window as { ethereum?: unknown }).ethereum;
    fireEvent.click(screen.getByRole('button', { name: f.reset_submit }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(f.no_wallet));
    expect(api.posts).toEqual([]);
  });
});

describe('FundPasswordScreen: the first password', () => {
  function withoutPassword() {
    session.updateAccount({ userinfo: { ...testUser, has_fund_password: false } });
  }
  function fillFirstPassword(password: string) {
    fireEvent.change(screen.getByLabelText(f.password), { target: { value: password } });
    fireEvent.change(screen.getByLabelText(f.confirm_password), { target: { value: password } });
  }

  it('is sent with the wallet’s signature of the set, for this site and this account', async () => {
    withoutPassword();
    const wallet = installWallet();
    const api = fakeApi();
    renderWithProviders(<FundPasswordScreen />, '/fpassword');
    expect(screen.getByRole('heading', { name: f.fpassword_set_title })).toBeTruthy();
    fillFirstPassword('first-pass-1');
    fireEvent.click(screen.getByRole('button', { name: f.set_submit }));

    await waitFor(() => expect(showToast).toHaveBeenCalledWith(f.set_success, 'success'));
    const signed = hexToString(wallet.mock.calls[0]![0].params![0] as Hex);
    expect(signed).toContain(`\n\n${WALLET_ACTION_STATEMENTS.set_fund_password}\n\n`);
    expect(signed).toContain(`${window.location.host} wants you to sign in with your Ethereum account:`);
    expect(wallet.mock.calls[0]![0].params![1]).toBe(testUser.bsc);
    expect(api.posts).toEqual([
      {
        path: '/api/user/fund_password',
        idempotencyKey: null,
        body: { password: 'first-pass-1', confirm: 'first-pass-1', message: signed, signature: `0x${'22'.repeat(65)}` },
      },
    ]);
    expect(session.getState().userinfo?.has_fund_password).toBe(true);
  });

  it('sends nothing when the wallet declines or there is none, and says why', async () => {
    withoutPassword();
    installWallet(() => {
      throw Object.assign(new Error('User rejected'), { code: 4001 });
    });
    const api = fakeApi();
    renderWithProviders(<FundPasswordScreen />, '/fpassword');
    fillFirstPassword('first-pass-1');
    fireEvent.click(screen.getByRole('button', { name: f.set_submit }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(f.wallet_rejected));

    delete (window as { ethereum?: unknown }).ethereum;
    fireEvent.click(screen.getByRole('button', { name: f.set_submit }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(f.no_wallet));
    expect(api.posts).toEqual([]);
    expect(session.getState().userinfo?.has_fund_password).toBe(false);
  });

  it('a change asks the old password and no signature', async () => {
    const wallet = installWallet();
    const api = fakeApi();
    renderWithProviders(<FundPasswordScreen />, '/fpassword');
    fireEvent.change(screen.getByLabelText(f.current_password), { target: { value: 'old-pass-1' } });
    fillNewPassword('new-pass-1');
    fireEvent.click(screen.getByRole('button', { name: f.change_submit }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(f.change_success, 'success'));
    expect(wallet).not.toHaveBeenCalled();
    expect(api.posts).toEqual([
      {
        path: '/api/user/fund_password',
        idempotencyKey: null,
        body: { password: 'new-pass-1', confirm: 'new-pass-1', old_password: 'old-pass-1' },
      },
    ]);
  });
});
