// Apart from lib/ethereum (on the home page): only screens that talk to a wallet read its errors.
import type { MessageKey } from './message-key';

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

/**
 * Wallet (EIP-1193) errors the user can act on, in words: cancelled, a request open already, the
 * account not authorised for this site (4100), the wallet disconnected (4900) or not on this chain
 * (4901). The last three are wallet texts (lib/wallet-texts): a screen that shows them loads those.
 */
const walletErrorKeys: Readonly<Record<number, MessageKey>> = {
  4001: 'auth.rejected',
  [-32002]: 'auth.pending',
  4100: 'wallets.unauthorized',
  4900: 'wallets.disconnected',
  4901: 'wallets.chain_disconnected',
};

/** What to tell the user of a wallet failure, or `fallback` when it is none of those. */
export function walletErrorKey(error: unknown, fallback: MessageKey): MessageKey {
  return walletErrorKeys[walletErrorCode(error) ?? 0] ?? fallback;
}
