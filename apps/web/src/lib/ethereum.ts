/** The EIP-1193 provider a wallet browser injects as window.ethereum. */
export type Eip1193Provider = {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
};

export function getEthereum(): Eip1193Provider | null {
  if (typeof window === 'undefined') return null;
  const provider = (window as { ethereum?: unknown }).ethereum;
  return typeof provider === 'object' && provider !== null && typeof (provider as Eip1193Provider).request === 'function'
    ? (provider as Eip1193Provider)
    : null;
}

/** Some wallets inject the provider after the page loaded and announce it with this event (EIP-1193 practice). */
export const ETHEREUM_INITIALIZED_EVENT = 'ethereum#initialized';

export async function currentAccount(provider: Eip1193Provider): Promise<string | null> {
  const accounts = await provider.request({ method: 'eth_accounts' });
  return Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
}

/** The EIP-1193 error code of a wallet failure, however the wallet nested it. */
export function walletErrorCode(error: unknown): number | null {
  const candidates = [
    error,
    (error as { data?: unknown } | null)?.data,
    (error as { error?: unknown } | null)?.error,
    (error as { cause?: unknown } | null)?.cause,
  ];
  for (const candidate of candidates) {
    const code = (candidate as { code?: unknown } | null | undefined)?.code;
    if (typeof code === 'number') return code;
  }
  return null;
}
