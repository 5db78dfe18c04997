import { stringToHex } from 'viem';
import { buildLoginMessage, type LoginRequest, type LoginResult } from '@wallx/shared';
import { api } from '../../lib/api';
import type { Eip1193Provider } from '../../lib/ethereum';

/** The wallet gave no account to sign with. */
export class NoAccountError extends Error {
  override name = 'NoAccountError';
}

/**
 * Logs in by signature: the wallet signs the spec's fixed message with a millisecond nonce and the
 * server checks that the signature recovers to the address.
 */
export async function loginWithWallet(provider: Eip1193Provider, referee: string | null): Promise<LoginResult> {
  const accounts = await provider.request({ method: 'eth_requestAccounts' });
  const address = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
  if (!address) throw new NoAccountError('The wallet returned no account');

  const message = buildLoginMessage(Date.now());
  // personal_sign takes the message as hex (EIP-1193 wallets also accept UTF-8, but not all).
  const signature = await provider.request({ method: 'personal_sign', params: [stringToHex(message), address] });
  if (typeof signature !== 'string') throw new Error('The wallet returned no signature');

  const body: LoginRequest = { address, signature, message, ...(referee && { referee }) };
  return api.post<LoginResult>('/api/web3/verify', body, { auth: false });
}
