import { CHOSEN_WALLET_KEY, currentAccount, getEthereum, type Eip1193Provider } from '../../lib/ethereum';
import { isLoggedIn, session } from '../../lib/session-store';
import { signOut } from '../../lib/sign-out';
import { isAccountSwitched } from './account-switch';
import { WALLET_POLL_MS } from './use-wallet-watcher';

/** The address logged in, or null without a session. */
function loggedInAddress(): string | null {
  const state = session.getState();
  return isLoggedIn(state) ? (state.userinfo?.bsc ?? null) : null;
}

/**
 * Watches the wallet for as long as a session is open; returns what stops it. The wallet's own
 * events (EIP-1193) are followed where it has them: `accountsChanged` to another account or to none
 * (locked, disconnected, its WalletConnect session ended) logs out at once; `chainChanged` and
 * `disconnect` have its account read again at once. The spec's poll every second stays for wallets
 * without events, and there an empty answer is not a switch (account-switch.ts). A wallet chosen
 * among several on an earlier visit is found again before anything is read: window.ethereum may be
 * another wallet, on another account.
 */
export function watchWallet(): () => void {
  let isPolling = false;
  let isRestoring = Boolean(localStorage.getItem(CHOSEN_WALLET_KEY));
  let followed: Eip1193Provider | null = null;

  const onAccountsChanged = (accounts: unknown) => {
    const address = loggedInAddress();
    const account = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
    if (address && (account === null || isAccountSwitched(account, address))) signOut();
  };
  const onChange = () => poll();

  function unfollow() {
    followed?.removeListener?.('accountsChanged', onAccountsChanged);
    followed?.removeListener?.('chainChanged', onChange);
    followed?.removeListener?.('disconnect', onChange);
    followed = null;
  }

  /** Listens to the wallet in use, and to it alone: the one chosen may come after the watch began. */
  function follow(provider: Eip1193Provider) {
    if (provider === followed) return;
    unfollow();
    followed = provider;
    provider.on?.('accountsChanged', onAccountsChanged);
    provider.on?.('chainChanged', onChange);
    provider.on?.('disconnect', onChange);
  }

  function poll() {
    const provider = getEthereum();
    if (isRestoring || !provider) return;
    follow(provider);
    if (isPolling || !loggedInAddress()) return;
    isPolling = true;
    currentAccount(provider)
      .then((account) => {
        const address = loggedInAddress();
        if (address && isAccountSwitched(account, address)) signOut();
      })
      .catch(() => undefined)
      .finally(() => {
        isPolling = false;
      });
  }

  if (isRestoring)
    void import('../../lib/wallet-discovery')
      .then((m) => m.restoreChosenWallet())
      .finally(() => {
        isRestoring = false;
        poll();
      });
  poll();
  const timer = setInterval(poll, WALLET_POLL_MS);
  return () => {
    clearInterval(timer);
    unfollow();
  };
}
