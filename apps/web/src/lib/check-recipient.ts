import type { RecipientCheck } from '@wallx/shared';
import { api } from './api';

/**
 * Whether a transfer (of funds or of a miner) could reach the address, asked before the review
 * sheet opens: refused as the transfer would refuse it (`invalid_wallet_account`, `transfer_to_self`,
 * on the field `to`), so the refusal lands on the form before anything is confirmed.
 */
export function checkRecipient(to: string, signal?: AbortSignal): Promise<RecipientCheck> {
  return api.get<RecipientCheck>('/api/recipients/check', { query: { to: to.trim() }, ...(signal && { signal }) });
}
