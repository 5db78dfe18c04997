import type { WalletAction } from '@wallx/shared';

/** No wallet in this browser to sign with. */
export class NoWalletError extends Error {
  override name = 'NoWalletError';
}

// The signing code (viem's message and address helpers, the wallet's restore) is about 8 KB gzip:
// it loads when the user is about to sign, not with the screens that may ask for a signature.
const loadSigning = () => import('./wallet-action-impl');

/** Fetches the signing code ahead, once the user starts on a form that will sign. */
export function preloadWalletAction(): void {
  void loadSigning().catch(() => undefined);
}

/**
 * The logged-in wallet's confirmation of an action a session alone may not take: a message for this
 * site with a fresh nonce and the action's statement, signed with personal_sign.
 */
export async function confirmWithWallet(action: WalletAction): Promise<{ message: string; signature: string }> {
  const { signWalletAction } = await loadSigning();
  return signWalletAction(action);
}
