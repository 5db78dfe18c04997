import type { GiftGrantRequest } from '@wallx/shared';
import type { Problems } from '../../lib/use-form';

export type StockValues = { change: string };

/** A change of stock as typed: '+50', '-10' or '7'; null when it is not a whole number other than 0. */
export function stockChangeOf(text: string): number | null {
  const value = text.trim();
  return /^[+-]?\d+$/.test(value) && Number(value) !== 0 ? Number(value) : null;
}

/** Stock moves by a whole number other than 0 (the server adds it to what is left). */
export function stockProblems(values: StockValues): Problems<keyof StockValues> {
  return stockChangeOf(values.change) === null ? { change: 'catalog.stock_change_invalid' } : {};
}

export type GrantValues = { address: string; product_id: string; quantity: string; reason: string };

/**
 * The grant as sent: trimmed, and a quantity that is not a whole number sent as 0 so that the
 * server's refusal (with its bounds) lands on the quantity field.
 */
export function grantInputOf(values: GrantValues, productId: string): GiftGrantRequest {
  const quantity = values.quantity.trim();
  return {
    address: values.address.trim(),
    product_id: productId,
    quantity: /^\d+$/.test(quantity) ? Number(quantity) : 0,
    reason: values.reason.trim(),
  };
}
