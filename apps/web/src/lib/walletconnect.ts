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
  return providerOf(client, await approval(), settings.chainId);
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
      icons: [`${window.location.origin}/favicon.svg`],
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
  return session ? providerOf(client, session, settings.chainId) : null;
}

/** An EIP-1193 provider over a session: accounts and chain from the session, every other call to the wallet. */
function providerOf(client: Client, session: Session, chainId: number): Eip1193Provider {
  const accounts = (session.namespaces.eip155?.accounts ?? []).map((account: string) =>
    account.split(':')[2]!.toLowerCase(),
  );
  return {
    async request({ method, params }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return accounts;
      if (method === 'eth_chainId') return `0x${chainId.toString(16)}`;
      return client.request({ topic: session.topic, chainId: `eip155:${chainId}`, request: { method, params } });
    },
  };
}
