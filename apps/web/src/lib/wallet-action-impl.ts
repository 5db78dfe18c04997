import { stringToHex } from 'viem';
import { WALLET_ACTION_STATEMENTS, type LoginNonce, type WalletAction } from '@wallx/shared';
import { api } from './api';
import { getEthereum } from './ethereum';
import { NoWalletError } from './wallet-action';
import { restoreChosenWallet } from './wallet-discovery';
import { session } from './session-store';
import { signInMessage } from './sign-in-message';

/**
 * The logged-in wallet's confirmation of an action a session alone may not take: a message for this
 * site with a fresh nonce and the action's statement, signed with personal_sign.
 */
export async function signWalletAction(action: WalletAction): Promise<{ message: string; signature: string }> {
  // Right after a reload the chosen wallet (a WalletConnect session too) may still be on its way.
  await restoreChosenWallet();
  const provider = getEthereum();
  const address = session.getState().userinfo?.bsc;
  if (!provider || !address) throw new NoWalletError('No wallet to sign with');
  const nonce = await api.post<LoginNonce>('/api/web3/nonce', undefined, { auth: false });
  const message = signInMessage(nonce, address, window.location, WALLET_ACTION_STATEMENTS[action]);
  const signature = await provider.request({ method: 'personal_sign', params: [stringToHex(message), address] });
  if (typeof signature !== 'string') throw new Error('The wallet returned no signature');
  return { message, signature };
}
