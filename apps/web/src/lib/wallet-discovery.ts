import { useEffect, useState } from 'react';
import { chosenWallet, CHOSEN_WALLET_KEY, injectedProvider, type Eip1193Provider } from './ethereum';
import { isLoggedIn, session } from './session-store';
import { signOut } from './sign-out';
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

/**
 * A wallet's EIP-6963 announcement: its uuid (new every page load), name, icon and reverse-DNS id
 * (which any extension may claim: the standard warns it can be imitated), and its provider.
 */
export type WalletAnnouncement = {
  info: { uuid: string; name: string; icon: string; rdns?: string };
  provider: Eip1193Provider;
};

/** A wallet the user may log in with: `id` is its EIP-6963 uuid, 'injected' for window.ethereum, or 'walletconnect'. */
export type WalletChoice = {
  id: string;
  name: string;
  icon: string | null;
  provider: Eip1193Provider;
  rdns?: string;
};

/**
 * Every wallet that announced itself, by uuid, as `mipd` keeps them: a second announcement with the
 * same rdns is another wallet (both are listed), one without rdns is kept, and a uuid seen already
 * keeps its first provider. EIP-6963 wallets announce again whenever a page asks, so listening from
 * the moment this module loads (the connect sheet, or a reload with a wallet chosen) and asking once
 * finds them all; the home page carries none of this.
 */
export const announcedWallets = new Map<string, WalletAnnouncement>();
window.addEventListener(ANNOUNCE, (event) => {
  const detail = (event as CustomEvent<WalletAnnouncement | undefined>).detail;
  const uuid = detail?.info?.uuid;
  if (
    typeof uuid === 'string' &&
    uuid &&
    !announcedWallets.has(uuid) &&
    typeof detail?.provider?.request === 'function'
  )
    announcedWallets.set(uuid, detail);
});
window.dispatchEvent(new Event(REQUEST));

/** An announced icon is shown only as an image data URI: nothing a wallet sends can become a script or a request. */
const imageOnly = (icon: string) => (/^data:image\/(svg\+xml|png|jpeg|webp|gif)[;,]/.test(icon) ? icon : null);

/** The wallets in this browser: every announced one, and window.ethereum when it is none of them. */
export function listWallets(): WalletChoice[] {
  const wallets: WalletChoice[] = [...announcedWallets.values()].map(({ info, provider }) => ({
    id: info.uuid,
    name: typeof info.name === 'string' ? info.name : '',
    icon: typeof info.icon === 'string' ? imageOnly(info.icon) : null,
    provider,
    rdns: typeof info.rdns === 'string' ? info.rdns : '',
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

/**
 * What is kept of the wallet chosen, to find it again after a reload: its uuid changes with every
 * page load, so its rdns and name (decision 165); 'injected' and 'walletconnect' by their ids.
 */
type RememberedWallet = { id: 'injected' | 'walletconnect' } | { id: 'announced'; rdns: string; name: string };

function remembered(): RememberedWallet | null {
  const raw = localStorage.getItem(CHOSEN_WALLET_KEY);
  if (!raw) return null;
  if (raw === 'injected' || raw === 'walletconnect') return { id: raw };
  try {
    const value = JSON.parse(raw) as Partial<{ rdns: unknown; name: unknown }>;
    if (typeof value.rdns === 'string' && typeof value.name === 'string')
      return { id: 'announced', rdns: value.rdns, name: value.name };
  } catch {
    // A choice kept before decision 165: the rdns alone.
  }
  return { id: 'announced', rdns: raw, name: '' };
}

/** The wallet chosen: the account watcher, signing and deposits use it from now on, and after a reload. */
export function chooseWallet(wallet: WalletChoice): void {
  chosenWallet.provider = wallet.provider;
  const kept =
    wallet.id === 'injected' || wallet.id === 'walletconnect'
      ? wallet.id
      : JSON.stringify({ rdns: wallet.rdns ?? '', name: wallet.name });
  try {
    localStorage.setItem(CHOSEN_WALLET_KEY, kept);
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
  const choice = remembered();
  const settings = walletConnectSettings();
  if (choice?.id === 'walletconnect' && settings) {
    const { restoreWalletConnect } = await import('./walletconnect');
    chosenWallet.provider = (await restoreWalletConnect(settings)) ?? chosenWallet.provider;
    return;
  }
  if (choice?.id !== 'announced') return;
  // The first wallet to announce the remembered rdns and name is taken; a second one (another uuid:
  // an imitator, or the same wallet twice) makes the choice ambiguous, and the user is asked again.
  let taken: string | null = null;
  const take = () => {
    const matching = [...announcedWallets.values()].filter(
      ({ info }) => (info.rdns ?? '') === choice.rdns && (!choice.name || info.name === choice.name),
    );
    if (matching.length === 0 || taken === 'ambiguous') return;
    if (matching.length === 1 && taken === null) {
      taken = matching[0]!.info.uuid;
      chosenWallet.provider = matching[0]!.provider;
    } else if (matching.length > 1) {
      taken = 'ambiguous';
      window.removeEventListener(ANNOUNCE, take);
      askAgain();
    }
  };
  window.addEventListener(ANNOUNCE, take);
  take();
}

/**
 * Two wallets claim the remembered one: neither is trusted. The choice is forgotten, the session
 * ended (it was the other wallet's to confirm), and the sheet opens with every wallet listed.
 */
function askAgain(): void {
  chosenWallet.provider = null;
  try {
    localStorage.removeItem(CHOSEN_WALLET_KEY);
  } catch {
    // Storage refused: nothing was kept to forget.
  }
  if (isLoggedIn(session.getState())) signOut();
  session.openConnectBox();
}
