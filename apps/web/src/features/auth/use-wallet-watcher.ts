import { useEffect } from 'react';
import { useIsLoggedIn } from '../../lib/session-store';

export const WALLET_POLL_MS = 1000;

/**
 * While a session is open, the wallet is watched (wallet-watch.ts): its account every second, as
 * the spec says, and its own events where it has them. The watching code comes with the first poll,
 * a second after the screen, not with the home page.
 */
export function useWalletWatcher(): void {
  const isLoggedIn = useIsLoggedIn();
  useEffect(() => {
    if (!isLoggedIn) return;
    let stop: (() => void) | undefined;
    let isCurrent = true;
    const timer = setTimeout(() => {
      void import('./wallet-watch').then(({ watchWallet }) => {
        if (isCurrent) stop = watchWallet();
      });
    }, WALLET_POLL_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
      stop?.();
    };
  }, [isLoggedIn]);
}
