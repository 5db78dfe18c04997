import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import {
  OPERATOR_CONSOLE_PATH,
  OPERATOR_LOGIN_STATEMENT,
  type LoginNonce,
  type OperatorLoginRequest,
  type OperatorSession,
} from '@wallx/shared';
import { api } from '../../../lib/api';
import { utf8ToHex, type Eip1193Provider } from '../../../lib/ethereum';

/** The wallet gave no account to sign with. */
export class NoAccountError extends Error {
  override name = 'NoAccountError';
}

/**
 * The console's sign-in message (EIP-4361): this page's host, the console's URI on this origin, the
 * server's nonce, times and chain, and the console's own statement, so a wallet that reads the
 * standard names the site asking, and neither the app's sign-in nor a look-alike console's opens it.
 */
export function consoleSignInMessage(
  nonce: LoginNonce,
  address: string,
  site: { host: string; origin: string },
): string {
  return createSiweMessage({
    domain: site.host,
    address: getAddress(address),
    statement: OPERATOR_LOGIN_STATEMENT,
    uri: `${site.origin}${OPERATOR_CONSOLE_PATH}`,
    version: '1',
    chainId: nonce.chain_id,
    nonce: nonce.nonce,
    issuedAt: new Date(nonce.issued_at),
    expirationTime: new Date(nonce.expiration_time),
  });
}

/** Opens a console session by signature: a nonce from the server, the console's message, the wallet's signature of it. */
export async function loginWithWallet(
  provider: Eip1193Provider,
  site: { host: string; origin: string } = window.location,
): Promise<OperatorSession> {
  const accounts = await provider.request({ method: 'eth_requestAccounts' });
  const address = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
  if (!address) throw new NoAccountError('The wallet returned no account');
  const nonce = await api.post<LoginNonce>('/api/web3/nonce', undefined, { auth: false });
  const message = consoleSignInMessage(nonce, address, site);
  const signature = await provider.request({ method: 'personal_sign', params: [utf8ToHex(message), address] });
  if (typeof signature !== 'string') throw new Error('The wallet returned no signature');
  const body: OperatorLoginRequest = { address, message, signature };
  return api.post<OperatorSession>('/api/admin/auth/login', body, { auth: false });
}
