import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { LOGIN_STATEMENT, type LoginNonce } from '@wallx/shared';

/**
 * The sign-in message (EIP-4361) for the page as it is served: its host and origin, so a wallet that
 * reads the standard can tell the user which site asks; the server's nonce, times and chain. The
 * statement is the sign-in's, or an action's the wallet confirms (WALLET_ACTION_STATEMENTS); the URI
 * is the site's origin, or a path on it (the console's, for the browser tests that sign in there).
 */
export function signInMessage(
  nonce: LoginNonce,
  address: string,
  site: { host: string; origin: string },
  statement: string = LOGIN_STATEMENT,
  path = '',
): string {
  return createSiweMessage({
    domain: site.host,
    address: getAddress(address),
    statement,
    uri: `${site.origin}${path}`,
    version: '1',
    chainId: nonce.chain_id,
    nonce: nonce.nonce,
    issuedAt: new Date(nonce.issued_at),
    expirationTime: new Date(nonce.expiration_time),
  });
}
