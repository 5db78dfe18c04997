/** Shipping, pick-up and write-off rules as plain values (no zod): shared by the schemas and the web's screens. */

/** Countries an address may be in; provinces come from `GET /api/regions`. */
export const countries = ['CN', 'JP', 'KR', 'ID', 'US'] as const;
export type Country = (typeof countries)[number];

/** Postcodes as each country's post writes them. */
export const POSTCODE_PATTERNS: Record<Country, RegExp> = {
  CN: /^\d{6}$/,
  JP: /^\d{3}-?\d{4}$/,
  KR: /^\d{5}$/,
  ID: /^\d{5}$/,
  US: /^\d{5}(-\d{4})?$/,
};

export const ADDRESS_LIMITS = { recipient: 64, phone: 32, postcode: 16, detail: 200 } as const;
/** Addresses one account may keep. */
export const ADDRESSES_MAX = 20;

export const shippingKinds = ['delivery', 'pickup'] as const;
export type ShippingKind = (typeof shippingKinds)[number];

/** Delivery: to ship → shipped (an operator sets the carrier and tracking number). Pick-up: pending → written off. */
export const shippingStatuses = ['to_ship', 'shipped', 'pending', 'written_off'] as const;
export type ShippingStatus = (typeof shippingStatuses)[number];

/**
 * What an operator types when a delivery ships, as the user then reads it: the carrier and the
 * tracking number, each counted trimmed (`lengthProblem` checks them in the console first).
 */
export const SHIP_CARRIER = { min: 1, max: 64 } as const;
export const SHIP_TRACKING_NO = { min: 1, max: 64 } as const;

/** Units of a product a pick-up point may keep. */
export const POINT_STOCK_MAX = 1_000_000;

/** What the user holds of a physical product: an unused order, or a miner in the mine. */
export const holdingKinds = ['order', 'miner'] as const;
export type HoldingKind = (typeof holdingKinds)[number];

/**
 * Write-off codes: 16 symbols of 32 (80 bits), without 0/O/1/I so a code read aloud or typed from a
 * screen is unambiguous; shown in groups of four.
 */
export const WRITEOFF_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const WRITEOFF_CODE_LENGTH = 16;
export const WRITEOFF_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{16}$/;

/** What a validator typed or scanned, as the code it names: case, spaces and dashes do not matter. */
export function normalizeWriteoffCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** 'ABCDEFGHJKLMNPQR' → 'ABCD-EFGH-JKLM-NPQR'. */
export function formatWriteoffCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}
