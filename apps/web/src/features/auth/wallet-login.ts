import { stringToHex } from 'viem';
import type { LoginNonce, LoginRequest, LoginResult } from '@wallx/shared';
import { api } from '../../lib/api';
import type { Eip1193Provider } from '../../lib/ethereum';
import { signInMessage } from '../../lib/sign-in-message';
import { NoAccountError } from './no-account-error';

/**
 * Logs in by signature: the wallet signs a sign-in message (EIP-4361) for this site, carrying a nonce
 * the server issued just now, and the server checks every field and that the signature recovers to
 * the address.
 */
export async function loginWithWallet(provider: Eip1193Provider, referee: string | null): Promise<LoginResult> {
  const accounts = await provider.request({ method: 'eth_requestAccounts' });
  const address = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
  if (!address) throw new NoAccountError('The wallet returned no account');

  const nonce = await api.post<LoginNonce>('/api/web3/nonce', undefined, { auth: false });
  const message = signInMessage(nonce, address, window.location);
  // personal_sign takes the message as hex (EIP-1193 wallets also accept UTF-8, but not all).
  const signature = await provider.request({ method: 'personal_sign', params: [stringToHex(message), address] });
  if (typeof signature !== 'string') throw new Error('The wallet returned no signature');

  const body: LoginRequest = { address, signature, message, ...(referee && { referee }) };
  return api.post<LoginResult>('/api/web3/verify', body, { auth: false });
}
