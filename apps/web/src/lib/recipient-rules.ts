import { isAddress } from '@wallx/shared';
import type { MessageKey } from './message-key';

/**
 * What is wrong with a recipient typed for a transfer (of funds or of a miner), if anything. Whether
 * the address belongs to a registered account is the server's to say.
 */
export function recipientError(to: string, ownAddress: string): MessageKey | undefined {
  const address = to.trim();
  if (address === '') return 'funds.recipient_required';
  if (!isAddress(address)) return 'errors.invalid_wallet_account';
  if (address.toLowerCase() === ownAddress.toLowerCase()) return 'errors.transfer_to_self';
  return undefined;
}
