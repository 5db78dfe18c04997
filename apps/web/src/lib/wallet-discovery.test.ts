// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '@wallx/shared';
import { CHOSEN_WALLET_KEY } from './ethereum';

const announcers: Array<() => void> = [];

/** A wallet announcing itself as EIP-6963 wallets do, at once and whenever a page asks. */
function announce(info: { uuid?: string; rdns?: string; name: string }) {
  const provider = { request: vi.fn(async () => []) };
  const detail = Object.freeze({ info: { uuid: crypto.randomUUID(), icon: '', ...info }, provider });
  const send = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', send);
  announcers.push(() => window.removeEventListener('eip6963:requestProvider', send));
  send();
  return provider;
}

/** The modules as a fresh page loads them: their own announcements, their own one restore, chosen wallet and session. */
async function freshDiscovery() {
  vi.resetModules();
  const [discovery, ethereum, store] = await Promise.all([
    import('./wallet-discovery'),
    import('./ethereum'),
    import('./session-store'),
  ]);
  return { ...discovery, chosenWallet: ethereum.chosenWallet, session: store.session };
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"code":0,"message":"ok"}')),
  );
});

afterEach(() => {
  announcers.splice(0).forEach((stop) => stop());
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('EIP-6963 wallets, by uuid', () => {
  it('lists two announcements with one rdns, and one without rdns; a uuid announced again keeps its first provider', async () => {
    const first = announce({ rdns: 'io.metamask', name: 'MetaMask' });
    const second = announce({ rdns: 'io.metamask', name: 'MetaMask' });
    const bare = announce({ name: 'Plain' });
    announce({ uuid: 'fixed', rdns: 'pro.tokenpocket', name: 'TokenPocket' });
    const { listWallets } = await freshDiscovery();
    const again = announce({ uuid: 'fixed', rdns: 'pro.tokenpocket', name: 'Impostor' });
    const wallets = listWallets();
    expect(wallets.map((wallet) => [wallet.name, wallet.rdns])).toEqual([
      ['MetaMask', 'io.metamask'],
      ['MetaMask', 'io.metamask'],
      ['Plain', ''],
      ['TokenPocket', 'pro.tokenpocket'],
    ]);
    expect(wallets.map((wallet) => wallet.provider)).toEqual([first, second, bare, expect.anything()]);
    expect(wallets.at(-1)!.provider).not.toBe(again);
  });

  // A module loaded for a test keeps listening on the page's window: the restore whose listener
  // stays (a wallet found, no imitator yet) runs last.
  it('when two wallets claim the remembered one, trusts neither: forgets it, ends the session and asks again', async () => {
    localStorage.setItem(CHOSEN_WALLET_KEY, JSON.stringify({ rdns: 'io.metamask', name: 'MetaMask' }));
    const real = announce({ rdns: 'io.metamask', name: 'MetaMask' });
    const { restoreChosenWallet, chosenWallet, session } = await freshDiscovery();
    session.login({
      userinfo: { bsc: '0xabc0000000000000000000000000000000000001' },
      token: { access_token: 'a', refresh_token: 'r' },
      balance: { usdt: '0', wallx: '0' },
    } as LoginResult);
    await restoreChosenWallet();
    expect(chosenWallet.provider).toBe(real);
    // An imitator announces later, with the same rdns and name.
    announce({ rdns: 'io.metamask', name: 'MetaMask' });
    expect(chosenWallet.provider).toBeNull();
    expect(localStorage.getItem(CHOSEN_WALLET_KEY)).toBeNull();
    expect(session.getState().token).toBeNull();
    expect(session.getState().showConnectBox).toBe(true);
  });
  it('after a reload, finds the remembered wallet by rdns and name, not another wallet of the same rdns', async () => {
    localStorage.setItem(CHOSEN_WALLET_KEY, JSON.stringify({ rdns: 'io.metamask', name: 'MetaMask' }));
    announce({ rdns: 'io.metamask', name: 'MetaMask Flask' });
    const real = announce({ rdns: 'io.metamask', name: 'MetaMask' });
    const { restoreChosenWallet, chosenWallet } = await freshDiscovery();
    await restoreChosenWallet();
    expect(chosenWallet.provider).toBe(real);
  });
});
