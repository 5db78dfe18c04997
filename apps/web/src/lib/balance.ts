import type { Asset, Balance } from '@wallx/shared';
import type { MessageKey } from './message-key';

/** The money forms' balance of an asset and its refusal (kept apart from form-rules: no error catalog for /mines). */
export function balanceOf(balance: Balance, asset: Asset): string {
  return asset === 'USDT' ? balance.usdt : balance.wallx;
}

export const insufficientKey: Record<Asset, MessageKey> = {
  USDT: 'errors.insufficient_usdt',
  WALLX: 'errors.insufficient_wallx',
};
