import { SignClient } from '@walletconnect/sign-client';
import type { Eip1193Provider } from './ethereum';
import type { WalletConnectSettings } from './walletconnect-settings';

type Client = Awaited<ReturnType<typeof SignClient.init>>;
type Session = Awaited<ReturnType<Awaited<ReturnType<Client['connect']>>['approval']>>;

/** What the app asks a WalletConnect wallet to do: sign in, send deposits, and the chain and token calls around them. */
const METHODS = [
  'personal_sign',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
];

/**
 * Pairs with a wallet over WalletConnect v2: `onUri` receives the pairing URI (for a QR code on another
 * phone, or a link into a wallet on this one); resolves once the wallet approved the session, with an
 * EIP-1193 provider that the login, the account watcher and deposits use as any other wallet's.
 */
export async function connectWalletConnect(
  settings: WalletConnectSettings,
  onUri: (uri: string) => void,
): Promise<Eip1193Provider> {
  const client = await clientOf(settings);
  const chain = `eip155:${settings.chainId}`;
  const { uri, approval } = await client.connect({
    optionalNamespaces: { eip155: { chains: [chain], methods: METHODS, events: ['accountsChanged', 'chainChanged'] } },
  });
  if (uri) onUri(uri);
  return providerOf(client, (await approval()).topic, settings.chainId);
}

let started: Promise<Client> | null = null;

/**
 * The page's one client (a second init would start a second core on the same storage), its sessions
 * kept in this page's storage so that they outlive a reload. A failed start is tried again next time.
 */
function clientOf(settings: WalletConnectSettings): Promise<Client> {
  started ??= SignClient.init({
    projectId: settings.projectId,
    relayUrl: settings.relayUrl,
    telemetryEnabled: false,
    metadata: {
      name: 'WALLX',
      description: 'WALLX',
      url: window.location.origin,
      // A PNG: many native wallets draw no SVG icon.
      icons: [`${window.location.origin}/icons/icon-192.png`],
    },
  }).catch((error: unknown) => {
    started = null;
    throw error;
  });
  return started;
}

/**
 * After a reload, the session paired on an earlier visit, if the wallet has not ended it: its
 * provider, or null (the user then connects again).
 */
export async function restoreWalletConnect(settings: WalletConnectSettings): Promise<Eip1193Provider | null> {
  const client = await clientOf(settings);
  const session = client.session
    .getAll()
    .filter((candidate) => candidate.expiry * 1000 > Date.now())
    .at(-1);
  return session ? providerOf(client, session.topic, settings.chainId) : null;
}

type Listener = (...args: unknown[]) => void;

/** The EIP-1193 error a request gets once the session is over: the wallet is disconnected (4900). */
function disconnected(): Error {
  return Object.assign(new Error('The WalletConnect session has ended'), { code: 4900 });
}

/** A CAIP-10 account (`eip155:56:0xAbc…`) or a bare address, as the lower-case address. */
const addressOf = (account: string) => account.split(':').at(-1)!.toLowerCase();

/**
 * An EIP-1193 provider over a session, kept live: accounts and chain are read from the session as it
 * is now (the wallet may update it), and the session's own events become the provider's, so that
 * the account watcher hears them as any wallet's. `session_event` passes on the wallet's
 * `accountsChanged` and `chainChanged`; `session_update` a change of accounts; `session_delete` or
 * `session_expire` (the user ended it in the wallet, or it lapsed) are `accountsChanged` to none and
 * `disconnect`, and every request after them is refused with 4900.
 */
function providerOf(client: Client, topic: string, firstChainId: number): Eip1193Provider {
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) =>
    listeners.get(event)?.forEach((listener) => {
      try {
        listener(...args);
      } catch (error) {
        console.error(`A WalletConnect ${event} listener failed`, error);
      }
    });
  let chainId = firstChainId;
  let isEnded = false;
  const live = (): Session | null => client.session.getAll().find((session) => session.topic === topic) ?? null;
  // The wallet's last `accountsChanged` event, which holds over the session's list until its next update.
  let announced: string[] | null = null;
  /**
   * The accounts now: as the wallet last announced them, else the session's on the chain in use
   * (else on any of its chains), each once.
   */
  const accounts = (): string[] => {
    if (announced) return announced;
    const all = live()?.namespaces.eip155?.accounts ?? [];
    const onChain = all.filter((account: string) => account.startsWith(`eip155:${chainId}:`));
    return [...new Set((onChain.length > 0 ? onChain : all).map(addressOf))];
  };
  let lastAccounts = accounts();
  const accountsNow = () => {
    const now = accounts();
    if (now.join() === lastAccounts.join()) return;
    lastAccounts = now;
    emit('accountsChanged', now);
  };

  const onEvent = ({ topic: of, params }: { topic: string; params: { event: { name: string; data: unknown } } }) => {
    if (of !== topic || isEnded) return;
    const { name, data } = params.event;
    if (name === 'accountsChanged' && Array.isArray(data)) {
      announced = [...new Set(data.filter((account): account is string => typeof account === 'string').map(addressOf))];
      accountsNow();
    }
    if (name === 'chainChanged' && (typeof data === 'number' || typeof data === 'string')) {
      const next = Number(data);
      if (!Number.isSafeInteger(next) || next === chainId) return;
      chainId = next;
      emit('chainChanged', `0x${next.toString(16)}`);
      accountsNow();
    }
  };
  const onUpdate = ({ topic: of }: { topic: string }) => {
    if (of !== topic || isEnded) return;
    announced = null;
    accountsNow();
  };
  const onEnd = ({ topic: of }: { topic: string }) => {
    if (of !== topic || isEnded) return;
    isEnded = true;
    client.off('session_event', onEvent);
    client.off('session_update', onUpdate);
    client.off('session_delete', onEnd);
    client.off('session_expire', onEnd);
    lastAccounts = [];
    emit('accountsChanged', []);
    emit('disconnect', disconnected());
  };
  client.on('session_event', onEvent);
  client.on('session_update', onUpdate);
  client.on('session_delete', onEnd);
  client.on('session_expire', onEnd);

  return {
    async request({ method, params }) {
      if (method === 'eth_accounts') return isEnded ? [] : accounts();
      if (isEnded) throw disconnected();
      if (method === 'eth_requestAccounts') return accounts();
      if (method === 'eth_chainId') return `0x${chainId.toString(16)}`;
      return client.request({ topic, chainId: `eip155:${chainId}`, request: { method, params } });
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
  };
}
