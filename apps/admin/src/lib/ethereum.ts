/** The EIP-1193 provider a wallet extension injects as window.ethereum. */
export type Eip1193Provider = {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
};

export function getEthereum(): Eip1193Provider | null {
  const provider = (window as { ethereum?: unknown }).ethereum;
  return typeof provider === 'object' &&
    provider !== null &&
    typeof (provider as Eip1193Provider).request === 'function'
    ? (provider as Eip1193Provider)
    : null;
}

/** The EIP-1193 error code of a wallet failure, however the wallet nested it (4001: the user declined). */
export function walletErrorCode(error: unknown): number | null {
  for (const candidate of [
    error,
    (error as { data?: unknown } | null)?.data,
    (error as { cause?: unknown } | null)?.cause,
  ]) {
    const code = (candidate as { code?: unknown } | null | undefined)?.code;
    if (typeof code === 'number') return code;
  }
  return null;
}

/** personal_sign takes the message as hex: every wallet accepts that, not every one takes UTF-8. */
export function utf8ToHex(text: string): string {
  return `0x${[...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
