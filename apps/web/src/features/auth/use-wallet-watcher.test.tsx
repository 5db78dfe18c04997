// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '@wallx/shared';
import { chosenWallet, CHOSEN_WALLET_KEY } from '../../lib/ethereum';
import { session } from '../../lib/session-store';
import { useWalletWatcher, WALLET_POLL_MS } from './use-wallet-watcher';
// Loaded beforehand, so that the hook's import of it settles under the fake clock.
import './wallet-watch';

const address = '0xAbC0000000000000000000000000000000000001';
const loginResult = {
  userinfo: {
    bsc: address.toLowerCase(),
    is_validator: false,
    share_code: 'A',
    inviter: null,
    is_frozen: false,
    created_at: '',
  },
  token: { access_token: 'access', refresh_token: 'refresh' },
  balance: { usdt: '5', wallx: '6' },
} as LoginResult;

let walletAccounts: string[] = [];
const request = vi.fn(async ({ method }: { method: string }) => (method === 'eth_accounts' ? walletAccounts : null));
/** The wallet's event listeners, as an EIP-1193 provider keeps them. */
const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
const on = vi.fn((event: string, listener: (...args: unknown[]) => void) => {
  if (!listeners.has(event)) listeners.set(event, new Set());
  listeners.get(event)!.add(listener);
});
const removeListener = vi.fn((event: string, listener: (...args: unknown[]) => void) =>
  listeners.get(event)?.delete(listener),
);
const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args));

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(window, 'ethereum', { value: { request, on, removeListener }, configurable: true });
  // The server-side logout is best effort; keep it off the network.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"code":0,"message":"ok"}')),
  );
  session.login(loginResult);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete (window as { ethereum?: unknown }).ethereum;
  request.mockClear();
  listeners.clear();
});

async function tick() {
  await act(() => vi.advanceTimersByTimeAsync(WALLET_POLL_MS));
}

describe('useWalletWatcher', () => {
  it('polls the wallet every second and keeps the session while the account is the same', async () => {
    walletAccounts = [address.toUpperCase().replace('0X', '0x')];
    renderHook(() => useWalletWatcher());
    await tick();
    await tick();
    expect(request).toHaveBeenCalledTimes(2);
    expect(request).toHaveBeenCalledWith({ method: 'eth_accounts' });
    expect(session.getState().token).not.toBeNull();
  });

  it('logs out when the wallet switches to another account', async () => {
    walletAccounts = ['0xabc0000000000000000000000000000000000002'];
    renderHook(() => useWalletWatcher());
    await tick();
    expect(session.getState()).toMatchObject({ token: null, userinfo: null, balance: { usdt: '0', wallx: '0' } });
  });

  it('after a reload, watches the wallet chosen among several, not window.ethereum on another account', async () => {
    walletAccounts = ['0xabc0000000000000000000000000000000000002'];
    const chosen = vi.fn(async ({ method }: { method: string }) =>
      method === 'eth_accounts' ? [address.toLowerCase()] : null,
    );
    const detail = {
      info: { uuid: 'u', name: 'TokenPocket', icon: '', rdns: 'pro.tokenpocket' },
      provider: { request: chosen },
    };
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
    window.addEventListener('eip6963:requestProvider', announce);
    localStorage.setItem(CHOSEN_WALLET_KEY, 'pro.tokenpocket');
    // Loaded beforehand, so that the watcher's import of it settles under the fake clock.
    await import('../../lib/wallet-discovery');
    try {
      renderHook(() => useWalletWatcher());
      await tick();
      await tick();
      expect(chosen).toHaveBeenCalledWith({ method: 'eth_accounts' });
      expect(request).not.toHaveBeenCalled();
      expect(session.getState().token).not.toBeNull();
    } finally {
      window.removeEventListener('eip6963:requestProvider', announce);
      localStorage.removeItem(CHOSEN_WALLET_KEY);
      chosenWallet.provider = null;
    }
  });

  it('logs out at once when the wallet says it switched to another account, or to none, without waiting for a poll', async () => {
    walletAccounts = [address.toLowerCase()];
    renderHook(() => useWalletWatcher());
    await tick();
    expect(on).toHaveBeenCalledWith('accountsChanged', expect.any(Function));
    emit('accountsChanged', [address.toLowerCase()]);
    expect(session.getState().token).not.toBeNull();
    emit('accountsChanged', ['0xabc0000000000000000000000000000000000002']);
    expect(session.getState().token).toBeNull();

    session.login(loginResult);
    await tick();
    emit('accountsChanged', []);
    expect(session.getState().token).toBeNull();
  });

  it('reads the account again at once when the chain changes or the wallet disconnects', async () => {
    walletAccounts = [address.toLowerCase()];
    renderHook(() => useWalletWatcher());
    await tick();
    const before = request.mock.calls.length;
    walletAccounts = ['0xabc0000000000000000000000000000000000002'];
    emit('chainChanged', '0x1');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(request.mock.calls.length).toBe(before + 1);
    expect(session.getState().token).toBeNull();
  });

  it('stops listening when the session ends', async () => {
    walletAccounts = [address.toLowerCase()];
    renderHook(() => useWalletWatcher());
    await tick();
    expect(listeners.get('accountsChanged')?.size).toBe(1);
    act(() => session.logout());
    expect(removeListener).toHaveBeenCalledWith('accountsChanged', expect.any(Function));
    expect(listeners.get('accountsChanged')?.size).toBe(0);
  });

  it('does not poll without a session', async () => {
    session.logout();
    renderHook(() => useWalletWatcher());
    await tick();
    expect(request).not.toHaveBeenCalled();
  });
});
