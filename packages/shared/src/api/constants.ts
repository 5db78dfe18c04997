/**
 * Rules both sides check, as plain values: the web's forms import these without pulling zod into
 * a screen's bundle, and the schemas in `primitives.ts` are built from the same values.
 */

export const assets = ['USDT', 'WALLX'] as const;
export type Asset = (typeof assets)[number];

/** A BSC (EVM) address in any letter case. */
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
export const isAddress = (value: string): boolean => ADDRESS_PATTERN.test(value);

/** A whole amount greater than 0, as transfers and withdrawals take it (up to 20 digits). */
export const WHOLE_AMOUNT_PATTERN = /^[1-9]\d{0,19}$/;

/** Longest secret the API accepts (fund passwords); Argon2 cost must not grow with the input. */
export const SECRET_MAX_LENGTH = 128;
