import { buildOperatorLoginMessage, type OperatorLoginRequest, type OperatorSession } from '@wallx/shared';
import { api } from '../../../lib/api';
import { utf8ToHex, type Eip1193Provider } from '../../../lib/ethereum';

/** The wallet gave no account to sign with. */
export class NoAccountError extends Error {
  override name = 'NoAccountError';
}

/**
 * Opens a console session by signature: the wallet signs the console's own message (never the
 * app's, so an app login signature cannot open the console) and the server checks that it recovers
 * to an operator's address.
 */
export async function loginWithWallet(provider: Eip1193Provider, now: number = Date.now()): Promise<OperatorSession> {
  const accounts = await provider.request({ method: 'eth_requestAccounts' });
  const address = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
  if (!address) throw new NoAccountError('The wallet returned no account');
  const message = buildOperatorLoginMessage(now);
  const signature = await provider.request({ method: 'personal_sign', params: [utf8ToHex(message), address] });
  if (typeof signature !== 'string') throw new Error('The wallet returned no signature');
  const body: OperatorLoginRequest = { address, message, signature };
  return api.post<OperatorSession>('/api/admin/auth/login', body, { auth: false });
}
