import { buyMinerRequestRules, fromUnits, toUnits, type Asset, type Balance, type MinerProduct } from '@wallx/shared';
import { balanceOf, insufficientKey } from '../../lib/balance';
import type { MessageKey } from '../../lib/message-key';

export { balanceOf };

/** The request's own cap on units (buyMinerRequestSchema's, as plain values: /mines downloads no zod). */
export const BUY_MAX_QUANTITY = buyMinerRequestRules.quantity.max;

/** The assets a product can be paid with: those it has a price in, USDT first. */
export function payAssetsOf(product: Pick<MinerProduct, 'price_usdt' | 'price_wallx'>): Asset[] {
  const assets: Asset[] = [];
  if (product.price_usdt !== null) assets.push('USDT');
  if (product.price_wallx !== null) assets.push('WALLX');
  return assets;
}

export function priceOf(product: Pick<MinerProduct, 'price_usdt' | 'price_wallx'>, asset: Asset): string | null {
  return asset === 'USDT' ? product.price_usdt : product.price_wallx;
}

/** Price × quantity, exactly; null when the price is not a decimal. */
export function totalPrice(price: string, quantity: number): string | null {
  const units = toUnits(price);
  if (units === null || !Number.isInteger(quantity) || quantity < 0) return null;
  return fromUnits(units * BigInt(quantity));
}

/** Price × days: what one miner produces over its whole output period. */
export function totalOutput(dailyOutput: string, days: number): string {
  return totalPrice(dailyOutput, Math.max(0, days)) ?? '0';
}

/**
 * The most units one purchase may ask for: the request's own cap, the stock left and the per-user
 * limit (which counts what the user already holds too, so the server may still refuse less).
 */
export function maxQuantity(product: Pick<MinerProduct, 'stock' | 'per_user_limit'>): number {
  const caps = [BUY_MAX_QUANTITY, product.stock];
  if (product.per_user_limit !== null) caps.push(product.per_user_limit);
  return Math.max(0, Math.min(...caps));
}

export function clampQuantity(quantity: number, max: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(Math.max(1, Math.trunc(quantity)), Math.max(1, max));
}

export function isSoldOut(product: Pick<MinerProduct, 'stock'>): boolean {
  return product.stock <= 0;
}

/** Why this purchase cannot be sent as it stands, or undefined. The server judges the rest. */
export function buyError(
  product: MinerProduct,
  order: { asset: Asset; quantity: number },
  balance: Balance,
): MessageKey | undefined {
  if (isSoldOut(product)) return 'errors.product_sold_out';
  const price = priceOf(product, order.asset);
  if (price === null) return 'errors.pay_asset_unavailable';
  const total = totalPrice(price, order.quantity);
  const available = toUnits(balanceOf(balance, order.asset)) ?? 0n;
  if (total === null || toUnits(total)! > available) return insufficientKey[order.asset];
  return undefined;
}
