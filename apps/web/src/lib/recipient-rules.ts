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

/**
 * The wallet address a scanned or pasted text names, if it names one: the address itself, or an
 * EIP-681 payment link (`ethereum:0x…@56`, or a token transfer's `…/transfer?address=0x…`) as wallet
 * apps show in their receive QR codes.
 */
export function addressFromText(text: string): string | null {
  const value = text.trim();
  if (isAddress(value)) return value;
  const link = /^ethereum:(?:pay-)?(0x[0-9a-fA-F]{40})(?:@\d+)?(\/[a-zA-Z]+)?(?:\?(.*))?$/.exec(value);
  if (!link) return null;
  const [, target, action, query] = link;
  const recipient = action === '/transfer' ? new URLSearchParams(query ?? '').get('address') : target;
  return recipient && isAddress(recipient) ? recipient : null;
}
