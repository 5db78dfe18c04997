import { useEffect, useState } from 'react';
import { chosenWallet, CHOSEN_WALLET_KEY, injectedProvider, type Eip1193Provider } from './ethereum';
import { walletConnectSettings } from './walletconnect-settings';

/**
 * How long the connect sheet looks for a wallet before it says there is none: wallets' browsers
 * (MetaMask's among them) inject their provider a moment after the page loads.
 */
export const DISCOVERY_WAIT_MS = 2500;
const LOOK_AGAIN_MS = 200;
/** Some wallets inject their provider after the page loaded, and say so with this event. */
const ETHEREUM_INITIALIZED_EVENT = 'ethereum#initialized';
const ANNOUNCE = 'eip6963:announceProvider';
const REQUEST = 'eip6963:requestProvider';

/** A wallet's EIP-6963 announcement: its id (reverse DNS), name and icon, and its provider. */
export type WalletAnnouncement = {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: Eip1193Provider;
};

/** A wallet the user may log in with: `id` is its EIP-6963 reverse-DNS id, or 'injected' for window.ethereum. */
export type WalletChoice = { id: string; name: string; icon: string | null; provider: Eip1193Provider };

/**
 * Every wallet that announced itself, by id. EIP-6963 wallets announce again whenever a page asks, so
 * listening from the moment this module loads (the connect sheet, or a reload with a wallet chosen)
 * and asking once finds them all; the home page carries none of this.
 */
export const announcedWallets = new Map<string, WalletAnnouncement>();
window.addEventListener(ANNOUNCE, (event) => {
  const detail = (event as CustomEvent<WalletAnnouncement | undefined>).detail;
  if (detail?.info?.rdns && typeof detail.provider?.request === 'function')
    announcedWallets.set(detail.info.rdns, detail);
});
window.dispatchEvent(new Event(REQUEST));

/** An announced icon is shown only as an image data URI: nothing a wallet sends can become a script or a request. */
const imageOnly = (icon: string) => (/^data:image\/(svg\+xml|png|jpeg|webp|gif)[;,]/.test(icon) ? icon : null);

/** The wallets in this browser: every announced one, and window.ethereum when it is none of them. */
export function listWallets(): WalletChoice[] {
  const wallets: WalletChoice[] = [...announcedWallets.values()].map(({ info, provider }) => ({
    id: info.rdns,
    name: info.name,
    icon: imageOnly(info.icon),
    provider,
  }));
  const injected = injectedProvider();
  if (injected && !wallets.some((wallet) => wallet.provider === injected))
    wallets.unshift({ id: 'injected', name: '', icon: null, provider: injected });
  return wallets;
}

const sameWallets = (a: WalletChoice[], b: WalletChoice[]) =>
  a.length === b.length && a.every((wallet, i) => wallet.provider === b[i]!.provider && wallet.id === b[i]!.id);

/**
 * The wallets as they appear: announced (EIP-6963), injected with `ethereum#initialized`, or
 * injected silently (looked for a few times a second while the sheet is open), so one that comes
 * late works without a reload. `isSearching` holds for DISCOVERY_WAIT_MS while none has come.
 */
export function useWallets(): { wallets: WalletChoice[]; isSearching: boolean } {
  const [wallets, setWallets] = useState(listWallets);
  const [hasWaited, setWaited] = useState(false);
  useEffect(() => {
    const refresh = () =>
      setWallets((before) => {
        const now = listWallets();
        return sameWallets(before, now) ? before : now;
      });
    window.addEventListener(ANNOUNCE, refresh);
    window.addEventListener(ETHEREUM_INITIALIZED_EVENT, refresh);
    window.dispatchEvent(new Event(REQUEST));
    const lookAgain = setInterval(refresh, LOOK_AGAIN_MS);
    const waited = setTimeout(() => setWaited(true), DISCOVERY_WAIT_MS);
    return () => {
      window.removeEventListener(ANNOUNCE, refresh);
      window.removeEventListener(ETHEREUM_INITIALIZED_EVENT, refresh);
      clearInterval(lookAgain);
      clearTimeout(waited);
    };
  }, []);
  return { wallets, isSearching: wallets.length === 0 && !hasWaited };
}

/** The wallet chosen: the account watcher, signing and deposits use it from now on, and after a reload. */
export function chooseWallet(wallet: WalletChoice): void {
  chosenWallet.provider = wallet.provider;
  try {
    localStorage.setItem(CHOSEN_WALLET_KEY, wallet.id);
  } catch {
    // Storage refused (a private window): the choice holds until the page closes.
  }
}

let restored: Promise<void> | null = null;

/**
 * After a reload, the wallet chosen on an earlier visit: found again among those announcing (they
 * announce when asked, at once, and when they load, later), or WalletConnect's session resumed.
 * Once per page: the watcher starts it, and signing and deposits wait for the same.
 */
export function restoreChosenWallet(): Promise<void> {
  restored ??= restore();
  return restored;
}

async function restore(): Promise<void> {
  const id = localStorage.getItem(CHOSEN_WALLET_KEY);
  const settings = walletConnectSettings();
  if (id === 'walletconnect' && settings) {
    const { restoreWalletConnect } = await import('./walletconnect');
    chosenWallet.provider = (await restoreWalletConnect(settings)) ?? chosenWallet.provider;
    return;
  }
  const take = () => {
    const found = announcedWallets.get(id ?? '');
    if (found) chosenWallet.provider = found.provider;
  };
  window.addEventListener(ANNOUNCE, take);
  take();
}
