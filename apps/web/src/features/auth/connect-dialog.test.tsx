// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAddress } from 'viem';
import { en_US } from '@wallx/shared/i18n/en_US';
import type { LoginResult } from '@wallx/shared';
import { en_US as wallets } from '@wallx/shared/i18n/wallets/en_US';
import { chosenWallet, CHOSEN_WALLET_KEY, getEthereum } from '../../lib/ethereum';
import { announcedWallets } from '../../lib/wallet-discovery';
import { initI18n } from '../../lib/i18n';
import { loadWalletTexts } from '../../lib/wallet-texts';
import { session } from '../../lib/session-store';
import { testUser } from '../../lib/test-user';
import { ConnectDialog } from './connect-dialog';

const loginResult: LoginResult = {
  userinfo: testUser,
  token: { access_token: 'access', refresh_token: 'refresh' },
  balance: { usdt: '0', wallx: '0' },
  first_login: false,
};

type Request = { method: string; params?: unknown };

function installProvider(handler: (request: Request) => unknown) {
  const request = vi.fn(async (args: Request) => handler(args));
  Object.defineProperty(window, 'ethereum', { value: { request }, configurable: true });
  return request;
}

beforeAll(async () => {
  await initI18n();
  await loadWalletTexts('en_US');
});

beforeEach(() => {
  session.logout();
  session.closeConnectBox();
});

afterEach(() => {
  cleanup();
  delete (window as { ethereum?: unknown }).ethereum;
  vi.unstubAllGlobals();
  localStorage.removeItem(CHOSEN_WALLET_KEY);
  // The wallets announced by a test leave with it.
  for (const stop of announcers.splice(0)) stop();
  announcedWallets.clear();
  chosenWallet.provider = null;
});
const announcers: Array<() => void> = [];

const w = wallets.wallets;
const nonce = {
  nonce: 'f'.repeat(32),
  chain_id: 56,
  issued_at: '2026-11-25T09:00:00.000Z',
  expiration_time: '2026-11-25T09:05:00.000Z',
};
const answerLogin = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (url: string) =>
        new Response(JSON.stringify({ code: 0, message: 'ok', data: url.endsWith('/nonce') ? nonce : loginResult })),
    ),
  );

/** A wallet announcing itself as EIP-6963 wallets do, answering each request for providers too. */
function announce(rdns: string, name: string, handler: (request: Request) => unknown) {
  const request = vi.fn(async (args: Request) => handler(args));
  const detail = Object.freeze({
    info: {
      uuid: crypto.randomUUID(),
      name,
      icon: `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>`,
      rdns,
    },
    provider: { request },
  });
  const send = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', send);
  announcers.push(() => window.removeEventListener('eip6963:requestProvider', send));
  send();
  return request;
}
const signingWallet =
  (address: string) =>
  ({ method }: Request) => {
    if (method === 'eth_requestAccounts') return [address];
    if (method === 'personal_sign') return `0x${'11'.repeat(65)}`;
    throw new Error(`unexpected ${method}`);
  };

/** Where the router is, for the links of the dialog. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The dialog as the app renders it: inside the router (its consent line links to articles). */
function renderDialog() {
  render(
    <MemoryRouter>
      <ConnectDialog />
      <Location />
    </MemoryRouter>,
  );
}

function openDialog() {
  renderDialog();
  act(() => session.openConnectBox());
}

describe('ConnectDialog', () => {
  it('links to the user agreement and the privacy policy, closing itself when one is opened', () => {
    installProvider(() => []);
    openDialog();
    const consent = screen.getByText((_, element) => element?.className === 'connect-dialog__terms');
    expect(consent.textContent).toBe('By connecting, you agree to the User Agreement and the Privacy Policy.');
    const agreement = screen.getByRole('link', { name: en_US.auth.agreement });
    expect(agreement.getAttribute('href')).toBe('/article?key=agreement');
    expect(screen.getByRole('link', { name: en_US.auth.privacy }).getAttribute('href')).toBe('/article?key=privacy');

    fireEvent.click(agreement);
    expect(screen.getByTestId('location').textContent).toBe('/article?key=agreement');
    expect(session.getState().showConnectBox).toBe(false);
  });

  it('with no wallet, looks for one a while, then offers to open this very page, invite code and all, in a wallet', async () => {
    window.history.replaceState(null, '', '/join?code=K7M2QX9P');
    openDialog();
    expect(screen.getByText(w.searching)).toBeTruthy();
    expect(await screen.findByText(w.none_title, {}, { timeout: 10_000 })).toBeTruthy();
    const links = screen.getAllByRole('link').filter((link) => link.dataset.wallet);
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Open in TokenPocket',
      'Open in Trust Wallet',
      'Open in MetaMask',
      'Open in OKX Wallet',
      'Open in Bitget Wallet',
    ]);
    for (const link of links)
      expect(decodeURIComponent(decodeURIComponent(link.getAttribute('href')!)), link.dataset.wallet).toContain(
        `${window.location.host}/join?code=K7M2QX9P`,
      );
    expect(screen.getByTestId('page-qr').getAttribute('aria-label')).toBe(window.location.href);
    expect(screen.getByRole('button', { name: w.copy_link })).toBeTruthy();
    window.history.replaceState(null, '', '/');
  });

  it('inside a chat app, says how to reach the phone’s browser instead of offering wallet links it would block', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.44 NetType/WIFI',
    });
    openDialog();
    expect(await screen.findByText('Wallets cannot open inside WeChat', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(w.chat_tip)).toBeTruthy();
    expect(screen.queryAllByRole('link').filter((link) => link.dataset.wallet)).toEqual([]);
    expect(screen.getByRole('button', { name: w.copy_link })).toBeTruthy();
  });

  it('a wallet injected after the page loaded is found without a reload, and logs in', async () => {
    answerLogin();
    openDialog();
    expect(screen.getByText(w.searching)).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 800)));
    const request = installProvider(signingWallet('0x00000000000000000000000000000000000000aA'));
    window.dispatchEvent(new Event('ethereum#initialized'));
    fireEvent.click(await screen.findByRole('button', { name: en_US.auth.connect_button }));
    await waitFor(() => expect(session.getState().token?.access_token).toBe('access'));
    expect(request).toHaveBeenCalled();
  });

  it('lists several wallets by their announced names; the one chosen signs, and is the one the app uses from then on', async () => {
    answerLogin();
    const first = announce('io.metamask', 'MetaMask', signingWallet('0x00000000000000000000000000000000000000aA'));
    const second = announce(
      'pro.tokenpocket',
      'TokenPocket',
      signingWallet('0x00000000000000000000000000000000000000bB'),
    );
    openDialog();
    expect(screen.getByText(w.choose)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in with MetaMask' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log in with TokenPocket' }));
    await waitFor(() => expect(session.getState().token?.access_token).toBe('access'));
    expect(first).not.toHaveBeenCalled();
    expect(second.mock.calls.map(([call]) => call.method)).toEqual(['eth_requestAccounts', 'personal_sign']);
    // Kept by rdns and name: its uuid is new on every page load (decision 165).
    expect(JSON.parse(localStorage.getItem(CHOSEN_WALLET_KEY)!)).toEqual({
      rdns: 'pro.tokenpocket',
      name: 'TokenPocket',
    });
    // The account watcher, signing and deposits ask getEthereum: the chosen wallet, not the first.
    expect(getEthereum()?.request).toBe(second);
  });

  it('says the session ended when the token expired', () => {
    installProvider(() => []);
    renderDialog();
    act(() => session.expire());
    expect(screen.getByRole('alert').textContent).toContain(en_US.auth.logged_out);
    expect(screen.getByText(en_US.auth.connect_tip)).toBeTruthy();
  });

  it('signs a sign-in message for this site with the server’s nonce, by personal_sign, and stores the session', async () => {
    const address = '0x00000000000000000000000000000000000000aA';
    const nonce = {
      nonce: 'f'.repeat(32),
      chain_id: 56,
      issued_at: '2026-11-25T09:00:00.000Z',
      expiration_time: '2026-11-25T09:05:00.000Z',
    };
    const request = installProvider(({ method }) => {
      if (method === 'eth_requestAccounts') return [address];
      if (method === 'personal_sign') return `0x${'11'.repeat(65)}`;
      throw new Error(`unexpected ${method}`);
    });
    const fetch = vi.fn(
      async (url: string) =>
        new Response(JSON.stringify({ code: 0, message: 'ok', data: url.endsWith('/nonce') ? nonce : loginResult })),
    );
    vi.stubGlobal('fetch', fetch);

    openDialog();
    fireEvent.click(screen.getByRole('button', { name: en_US.auth.connect_button }));
    await waitFor(() => expect(session.getState().token?.access_token).toBe('access'));

    const [message, signer] = request.mock.calls[1]![0].params as [string, string];
    expect(signer).toBe(address);
    const text = new TextDecoder().decode(
      Uint8Array.from(
        message
          .slice(2)
          .match(/../g)!
          .map((h) => parseInt(h, 16)),
      ),
    );
    // EIP-4361: this page's host and origin, the spec's sentence, the server's chain, nonce and times.
    expect(text).toBe(
      [
        `${window.location.host} wants you to sign in with your Ethereum account:`,
        getAddress(address),
        '',
        'Welcome to wallx! Please sign this message to login.',
        '',
        `URI: ${window.location.origin}`,
        'Version: 1',
        'Chain ID: 56',
        `Nonce: ${'f'.repeat(32)}`,
        'Issued At: 2026-11-25T09:00:00.000Z',
        'Expiration Time: 2026-11-25T09:05:00.000Z',
      ].join('\n'),
    );

    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/web3/nonce');
    const [url, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/web3/verify');
    expect(JSON.parse(String(init.body))).toEqual({ address, signature: `0x${'11'.repeat(65)}`, message: text });
    expect(session.getState().showConnectBox).toBe(false);
  });

  it('tells the user when they rejected the request in the wallet', async () => {
    installProvider(() => {
      throw Object.assign(new Error('User rejected'), { code: 4001 });
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openDialog();
    fireEvent.click(screen.getByRole('button', { name: en_US.auth.connect_button }));
    expect(await screen.findByText(en_US.auth.rejected, {}, { timeout: 10_000 })).toBeTruthy();
    expect(log).toHaveBeenCalled();
    expect(session.getState().token).toBeNull();
  });

  it.each([
    [4100, w.unauthorized],
    [4900, w.disconnected],
    [4901, w.chain_disconnected],
  ])('says what the wallet’s EIP-1193 error %i means', async (code, text) => {
    installProvider(() => {
      throw Object.assign(new Error('Wallet error'), { code });
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openDialog();
    fireEvent.click(screen.getByRole('button', { name: en_US.auth.connect_button }));
    expect(await screen.findByText(text, {}, { timeout: 10_000 })).toBeTruthy();
    expect(session.getState().token).toBeNull();
  });
});
