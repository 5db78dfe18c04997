/** The EIP-1193 provider a wallet browser injects as window.ethereum. */
export type Eip1193Provider = {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
};

/** The id of the wallet the user chose among several ('injected' for window.ethereum), kept across visits. */
export const CHOSEN_WALLET_KEY = 'wallx_wallet';

/** The wallet chosen in the connect sheet (features/auth/wallet-discovery), or found again after a reload. */
export const chosenWallet: { provider: Eip1193Provider | null } = { provider: null };

/** The provider the browser injected as window.ethereum, if any. */
export function injectedProvider(): Eip1193Provider | null {
  const provider = (window as { ethereum?: Eip1193Provider }).ethereum;
  return typeof provider?.request === 'function' ? provider : null;
}

/** The wallet the app talks to (login, the account watcher, signing, deposits): the one chosen, else window.ethereum. */
export function getEthereum(): Eip1193Provider | null {
  return chosenWallet.provider ?? injectedProvider();
}

export async function currentAccount(provider: Eip1193Provider): Promise<string | null> {
  const accounts = await provider.request({ method: 'eth_accounts' });
  return Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
}
