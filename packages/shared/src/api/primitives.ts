import { z } from 'zod';
import { ADDRESS_PATTERN, assets } from './constants.js';

export const assetSchema = z.enum(assets);

/** A BSC (EVM) address; the API always answers it lower-cased. */
export const addressSchema = z
  .string()
  .max(42)
  .regex(ADDRESS_PATTERN, 'must be a 0x-prefixed 20-byte hex address')
  .transform((a) => a.toLowerCase());

/** A wallet's personal_sign signature: 65 bytes as 0x-hex. */
export const signatureSchema = z
  .string()
  .max(132)
  .regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte hex signature');

/** Exact decimal amount as a string, up to 18 decimals; never a float. */
export const decimalString = z
  .string()
  .max(39)
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a decimal string');

export const isoTime = z.string();

/** The largest PostgreSQL bigint: an id past it cannot exist, and casting it would fail in SQL. */
const MAX_ID = 9_223_372_036_854_775_807n;
export const isIdText = (value: string) => /^[1-9]\d{0,18}$/.test(value) && BigInt(value) <= MAX_ID;

/**
 * A row id: a positive bigint as digits (ids travel as strings so they never lose precision). The
 * length and pattern restate isIdText's for the contract (so clients see the bound); the refinement
 * keeps the bigint's upper bound.
 */
export const idString = z
  .string()
  .max(19)
  .regex(/^[1-9]\d{0,18}$/, 'must be a positive integer id')
  .refine(isIdText, 'must be a positive integer id');

/** The `{id}` of a path. */
export const idParamSchema = z.object({ id: idString });

/** A calendar date, YYYY-MM-DD (a real one: 2026-02-30 is refused). */
export const dayString = z.iso.date().max(10);
