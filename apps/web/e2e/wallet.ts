import type { Page } from '@playwright/test';
import { createWalletClient, defineChain, http, isHex, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type LocalAccount } from 'viem/accounts';

type Answer = { result: unknown } | { error: { code: number; message: string } };

/**
 * An EIP-1193 wallet injected as window.ethereum. Requests cross into the test process, where a
 * viem account signs for real, so the server verifies genuine signatures.
 */
export type TestWallet = {
  readonly accounts: readonly LocalAccount[];
  /** The address the wallet shows, lower-case as MetaMask answers it. */
  readonly address: string;
  /** Switches the wallet's current account, as a user would in the wallet app. */
  switchAccount(index: number): void;
  /** Authorises the app's site, as a wallet that was connected on an earlier visit is. */
  connect(): void;
  /** Every request the page made, oldest first. */
  readonly requests: ReadonlyArray<{ method: string; params: unknown }>;
  /** The chain the wallet is on, as a 0x-prefixed hex id. */
  readonly chainId: string;
  /** How many listeners the page holds on the wallet's `event` (EIP-1193 `on`). */
  listenerCount(event: string): Promise<number>;
  /**
   * The wallet says its accounts changed (`accountsChanged`) to `accounts`, and answers, in the page,
   * how many milliseconds later the app's session was gone from storage (null if not within 2 s).
   */
  emitAccountsChanged(accounts: string[]): Promise<number | null>;
};

export const BSC_CHAIN_ID = '0x38';

type WalletOptions = {
  accountCount?: number;
  /** Accounts to use instead of fresh random ones (e.g. the local chain's funded dev accounts). */
  accounts?: readonly LocalAccount[];
  /** Announces itself as an EIP-6963 wallet with this id and name (at load, and whenever asked). */
  announce?: { rdns: string; name: string };
  /** Whether it is also window.ethereum (as most wallets make themselves); another wallet's stays. */
  injected?: boolean;
  /** Appears only this long after the page loaded, with `ethereum#initialized` (as MetaMask's browser does). */
  delayMs?: number;
  /** Adds tokens on `wallet_watchAsset` (EIP-747); without it, the method is unsupported (4200). */
  watchesAssets?: boolean;
  /** Switches and adds networks when asked (EIP-3326, EIP-3085); without it, both are unsupported (4200). */
  switchesChains?: boolean;
  /** Refuses every personal_sign with this EIP-1193 error code (4100, 4900, 4901…). */
  signError?: number;
};

// Several wallets on one page each cross into the test process by a bridge of their own.
let bridges = 0;

/** Every account of every wallet installed by this test process, by lower-case address. */
const installedAccounts = new Map<string, LocalAccount>();

/** The installed test wallet's account holding this address (to sign as the app has it sign). */
export function walletAccount(address: string): LocalAccount {
  const account = installedAccounts.get(address.toLowerCase());
  if (!account) throw new Error(`No installed test wallet holds ${address}`);
  return account;
}

/**
 * A wallet that knows BSC only, like a fresh MetaMask: other chains must be added
 * (wallet_addEthereumChain) before it switches to them, and transactions are signed with the
 * current account and sent to the current chain's RPC URL, as given when the chain was added.
 */
export async function installWallet(
  page: Page,
  {
    accountCount = 2,
    accounts: given,
    announce,
    injected = true,
    delayMs = 0,
    watchesAssets = true,
    switchesChains = true,
    signError,
  }: WalletOptions = {},
): Promise<TestWallet> {
  const accounts: readonly LocalAccount[] =
    given ?? Array.from({ length: accountCount }, () => privateKeyToAccount(generatePrivateKey()));
  for (const account of accounts) installedAccounts.set(account.address.toLowerCase(), account);
  const requests: Array<{ method: string; params: unknown }> = [];
  const chains = new Map<string, { rpcUrl: string | null }>([[BSC_CHAIN_ID, { rpcUrl: null }]]);
  let chainId = BSC_CHAIN_ID;
  let current = 0;
  let isConnected = false;

  const currentAccount = () => accounts[current]!;
  const error = (code: number, message: string): Answer => ({ error: { code, message } });
  const hexId = (id: unknown) => (typeof id === 'string' ? `0x${BigInt(id).toString(16)}` : '');

  async function sendTransaction(tx: { from?: string; to?: Address; data?: Hex; value?: Hex }): Promise<Answer> {
    if (tx.from?.toLowerCase() !== currentAccount().address.toLowerCase())
      return error(4100, 'The requested account has not been authorized');
    const rpcUrl = chains.get(chainId)?.rpcUrl;
    if (!rpcUrl) return error(-32603, `The test wallet cannot send on chain ${chainId}`);
    const chain = defineChain({
      id: Number(chainId),
      name: `Chain ${Number(chainId)}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    const client = createWalletClient({ account: currentAccount(), chain, transport: http(rpcUrl) });
    try {
      const hash = await client.sendTransaction({
        to: tx.to ?? null,
        data: tx.data,
        value: tx.value ? BigInt(tx.value) : 0n,
      });
      return { result: hash };
    } catch (cause) {
      return error(-32603, cause instanceof Error ? cause.message : String(cause));
    }
  }

  async function handle(method: string, params: unknown): Promise<Answer> {
    requests.push({ method, params });
    const list = Array.isArray(params) ? params : [];
    if (!switchesChains && (method === 'wallet_switchEthereumChain' || method === 'wallet_addEthereumChain'))
      return error(4200, `Unsupported method ${method}`);
    switch (method) {
      case 'eth_chainId':
        return { result: chainId };
      case 'wallet_switchEthereumChain': {
        const wanted = hexId((list[0] as { chainId?: unknown } | undefined)?.chainId);
        if (!chains.has(wanted)) return error(4902, `Unrecognized chain ID "${wanted}"`);
        chainId = wanted;
        return { result: null };
      }
      case 'wallet_addEthereumChain': {
        const added = list[0] as { chainId?: unknown; rpcUrls?: unknown } | undefined;
        const id = hexId(added?.chainId);
        const rpcUrl = Array.isArray(added?.rpcUrls) && typeof added.rpcUrls[0] === 'string' ? added.rpcUrls[0] : null;
        if (!id || !rpcUrl) return error(-32602, 'Invalid chain parameters');
        chains.set(id, { rpcUrl });
        return { result: null };
      }
      case 'wallet_watchAsset':
        return watchesAssets ? { result: true } : error(4200, 'Unsupported method wallet_watchAsset');
      case 'eth_sendTransaction':
        return sendTransaction((list[0] ?? {}) as Parameters<typeof sendTransaction>[0]);
      case 'eth_accounts':
        return { result: isConnected ? [currentAccount().address.toLowerCase()] : [] };
      case 'eth_requestAccounts':
        isConnected = true;
        return { result: [currentAccount().address.toLowerCase()] };
      case 'personal_sign': {
        if (signError !== undefined) return error(signError, `The test wallet refuses to sign (${signError})`);
        const [message, address] = list as [string, string];
        if (typeof address !== 'string' || address.toLowerCase() !== currentAccount().address.toLowerCase()) {
          return error(4100, 'The requested account has not been authorized');
        }
        const signature = isHex(message)
          ? await currentAccount().signMessage({ message: { raw: message as Hex } })
          : await currentAccount().signMessage({ message });
        return { result: signature };
      }
      default:
        return error(4200, `Unsupported method ${method}`);
    }
  }

  const bridgeName = `__wallxTestWallet${bridges++}`;
  await page.exposeFunction(bridgeName, handle);
  await page.addInitScript(
    ({ bridgeName, announce, injected, delayMs }) => {
      type Bridge = (method: string, params: unknown) => Promise<Answer>;
      const bridge = (window as unknown as Record<string, Bridge>)[bridgeName]!;
      type Listener = (...args: unknown[]) => void;
      const listeners = new Map<string, Set<Listener>>();
      const provider = {
        isMetaMask: true,
        async request({ method, params }: { method: string; params?: unknown }) {
          const answer = await bridge(method, params ?? []);
          if ('error' in answer) {
            throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
          }
          return answer.result;
        },
        on(event: string, listener: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(listener);
        },
        removeListener(event: string, listener: Listener) {
          listeners.get(event)?.delete(listener);
        },
      };
      // The test's handle on the wallet's events, beside its bridge.
      (window as unknown as Record<string, unknown>)[`${bridgeName}Events`] = {
        count: (event: string) => listeners.get(event)?.size ?? 0,
        emit: (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args)),
      };
      const install = () => {
        if (injected) Object.defineProperty(window, 'ethereum', { value: provider, configurable: true });
        if (announce) {
          const icon = `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#6366f1"/><text x="16" y="22" font-size="16" text-anchor="middle" fill="#fff">${announce.name[0]}</text></svg>`)}`;
          const detail = Object.freeze({
            info: Object.freeze({ uuid: crypto.randomUUID(), name: announce.name, icon, rdns: announce.rdns }),
            provider,
          });
          const send = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
          window.addEventListener('eip6963:requestProvider', send);
          send();
        }
        if (delayMs > 0) window.dispatchEvent(new Event('ethereum#initialized'));
      };
      if (delayMs > 0) setTimeout(install, delayMs);
      else install();
    },
    { bridgeName, announce: announce ?? null, injected, delayMs },
  );

  return {
    accounts,
    get address() {
      return currentAccount().address.toLowerCase();
    },
    switchAccount(index: number) {
      if (!accounts[index]) throw new Error(`The wallet has no account ${index}`);
      current = index;
    },
    connect() {
      isConnected = true;
    },
    requests,
    get chainId() {
      return chainId;
    },
    listenerCount(event: string) {
      return page.evaluate(
        ([name, event]) => (window as unknown as Record<string, { count(event: string): number }>)[name]!.count(event),
        [`${bridgeName}Events`, event] as const,
      );
    },
    emitAccountsChanged(accounts: string[]) {
      return page.evaluate(
        ([name, accounts]) =>
          new Promise<number | null>((resolve) => {
            const events = (window as unknown as Record<string, { emit(event: string, ...args: unknown[]): void }>)[
              name
            ]!;
            const start = performance.now();
            events.emit('accountsChanged', accounts);
            const look = () => {
              const elapsed = performance.now() - start;
              if (!localStorage.getItem('wallx_user')?.includes('access_token')) resolve(elapsed);
              else if (elapsed > 2000) resolve(null);
              else setTimeout(look, 5);
            };
            look();
          }),
        [`${bridgeName}Events`, accounts] as const,
      );
    },
  };
}
