import { useEffect } from 'react';
import { CHOSEN_WALLET_KEY, currentAccount, getEthereum } from '../../lib/ethereum';
import { isLoggedIn, session } from '../../lib/session-store';
import { signOut } from '../../lib/sign-out';
import { isAccountSwitched } from './account-switch';

export const WALLET_POLL_MS = 1000;

/** The spec polls the wallet every second; switching accounts in the wallet logs out. */
export function useWalletWatcher(): void {
  useEffect(() => {
    let isPolling = false;
    // A wallet chosen among several on an earlier visit is found again before its account is read:
    // window.ethereum may be another wallet, on another account.
    let isRestoring = Boolean(localStorage.getItem(CHOSEN_WALLET_KEY));
    if (isRestoring)
      void import('../../lib/wallet-discovery')
        .then((m) => m.restoreChosenWallet())
        .finally(() => (isRestoring = false));
    const timer = setInterval(() => {
      const provider = getEthereum();
      if (isPolling || isRestoring || !provider || !isLoggedIn(session.getState())) return;
      isPolling = true;
      currentAccount(provider)
        .then((account) => {
          const state = session.getState();
          if (isLoggedIn(state) && isAccountSwitched(account, state.userinfo?.bsc ?? '')) signOut();
        })
        .catch(() => undefined)
        .finally(() => {
          isPolling = false;
        });
    }, WALLET_POLL_MS);
    return () => clearInterval(timer);
  }, []);
}
