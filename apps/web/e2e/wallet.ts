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
};

export const BSC_CHAIN_ID = '0x38';

type WalletOptions = {
  accountCount?: number;
  /** Accounts to use instead of fresh random ones (e.g. the local chain's funded dev accounts). */
  accounts?: readonly LocalAccount[];
};

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
export async function installWallet(page: Page, { accountCount = 2, accounts: given }: WalletOptions = {}): Promise<TestWallet> {
  const accounts: readonly LocalAccount[] = given ?? Array.from({ length: accountCount }, () => privateKeyToAccount(generatePrivateKey()));
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
    if (tx.from?.toLowerCase() !== currentAccount().address.toLowerCase()) return error(4100, 'The requested account has not been authorized');
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
      const hash = await client.sendTransaction({ to: tx.to ?? null, data: tx.data, value: tx.value ? BigInt(tx.value) : 0n });
      return { result: hash };
    } catch (cause) {
      return error(-32603, cause instanceof Error ? cause.message : String(cause));
    }
  }

  async function handle(method: string, params: unknown): Promise<Answer> {
    requests.push({ method, params });
    const list = Array.isArray(params) ? params : [];
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
      case 'eth_sendTransaction':
        return sendTransaction((list[0] ?? {}) as Parameters<typeof sendTransaction>[0]);
      case 'eth_accounts':
        return { result: isConnected ? [currentAccount().address.toLowerCase()] : [] };
      case 'eth_requestAccounts':
        isConnected = true;
        return { result: [currentAccount().address.toLowerCase()] };
      case 'personal_sign': {
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

  await page.exposeFunction('__wallxTestWallet', handle);
  await page.addInitScript(() => {
    type Bridge = (method: string, params: unknown) => Promise<Answer>;
    const bridge = (window as unknown as { __wallxTestWallet: Bridge }).__wallxTestWallet;
    const provider = {
      isMetaMask: true,
      async request({ method, params }: { method: string; params?: unknown }) {
        const answer = await bridge(method, params ?? []);
        if ('error' in answer) {
          throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
        }
        return answer.result;
      },
      on() {},
      removeListener() {},
    };
    Object.defineProperty(window, 'ethereum', { value: provider, configurable: true });
  });

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
  };
}
