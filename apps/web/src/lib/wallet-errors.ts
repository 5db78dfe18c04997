// Apart from lib/ethereum (on the home page): only screens that talk to a wallet read its errors.

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
