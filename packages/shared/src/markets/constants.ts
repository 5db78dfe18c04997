/** The markets' rules as plain values (no zod): shared by the schemas and the web's forms. */

/** Sell-order lifetimes (spec §9); the Chinese list shows only the first six. */
export const orderExpiries = ['4H', '6H', '12H', '1D', '3D', '7D', '14D', '1M'] as const;
export type OrderExpiry = (typeof orderExpiries)[number];

/** Milliseconds each expiry lasts; 1M is 30 days. */
export const expiryMs: Record<OrderExpiry, number> = {
  '4H': 4 * 3_600_000,
  '6H': 6 * 3_600_000,
  '12H': 12 * 3_600_000,
  '1D': 86_400_000,
  '3D': 3 * 86_400_000,
  '7D': 7 * 86_400_000,
  '14D': 14 * 86_400_000,
  '1M': 30 * 86_400_000,
};

export const marketOrderStatuses = ['pending', 'filled', 'cancelled'] as const;
export type MarketOrderStatus = (typeof marketOrderStatuses)[number];

export const marketSorts = ['newest', 'expiring', 'price_asc', 'price_desc'] as const;
export type MarketSort = (typeof marketSorts)[number];

/** Why an order was cancelled: by its seller, by the expiry sweeper, or by an operator (with a note the seller sees). */
export const cancelReasons = ['seller', 'expired', 'operator'] as const;
export type CancelReason = (typeof cancelReasons)[number];

/** The markets an operator can list and cancel in, as they appear in /api/admin/markets/{market}/…. */
export const marketKinds = ['mtrade', 'c2c'] as const;
export type Market = (typeof marketKinds)[number];

/** Which side of their own orders a user lists: those they sell, or those they bought. */
export const orderRoles = ['sell', 'buy'] as const;
export type OrderRole = (typeof orderRoles)[number];

/** A USDT price's text: at most 12 whole digits and 6 decimals (so amount × price stays exact in NUMERIC(38,18)). */
export const PRICE_PATTERN = /^\d{1,12}(\.\d{1,6})?$/;

/** An operator's cancel note: long enough to say something, short enough for a card. */
export const CANCEL_NOTE_MIN = 3;
export const CANCEL_NOTE_MAX = 500;
export const CANCEL_NOTE = { min: CANCEL_NOTE_MIN, max: CANCEL_NOTE_MAX } as const;
