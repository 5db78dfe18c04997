import {
  c2cPublishRequestRules,
  compare,
  errorCatalog,
  fieldProblem,
  minus,
  plus,
  times,
  type C2cPublishRequest,
  type MtradePublishRequest,
  type OrderExpiry,
} from '@wallx/shared';
import { fieldOfError, fundPasswordErrors, fundPasswordRefusals } from '../../lib/form-rules';
import type { MessageKey } from '../../lib/message-key';

/** Named as the request bodies name them, so a field the server names maps straight onto the form. */
export type PublishField = 'miner_id' | 'amount' | 'unit_price' | 'expiry' | 'fund_password';
export type PublishErrors = Partial<Record<PublishField, MessageKey>>;

export type MtradePublishForm = {
  minerId: string | null;
  unitPrice: string;
  expiry: OrderExpiry | null;
  fundPassword: string;
};
export type C2cPublishForm = { amount: string; unitPrice: string; expiry: OrderExpiry | null; fundPassword: string };

/** The schema's price (priceString): its pattern here, its refinement (greater than 0) beside it. */
export function priceError(unitPrice: string): MessageKey | undefined {
  const text = unitPrice.trim();
  if (text === '') return 'markets.price_required';
  if (fieldProblem(text, c2cPublishRequestRules.unit_price) || compare(text, '0') === 0) return 'markets.price_invalid';
  return undefined;
}

/** A valid price without redundant zeros ('007.50' → '7.5'), as the request carries it. */
export function normalizePrice(unitPrice: string): string {
  return plus(unitPrice.trim(), '0');
}

/** A whole amount greater than 0 (c2cAmountSchema), or null; leading zeros are forgiven and dropped. */
export function parseAmount(amount: string): string | null {
  const text = amount.trim();
  if (!/^\d+$/.test(text) || text.length > c2cPublishRequestRules.amount.maxLength) return null;
  const value = BigInt(text).toString();
  return fieldProblem(value, c2cPublishRequestRules.amount) ? null : value;
}

/**
 * Publishing a machine (spec §5: a sell order needs an expiry and a selected miner): each missing
 * part named on its own field, so a chosen expiry is never blamed (issue 45); and a price the server
 * will take. Whether the miner is still off, the fund password and the account are the server's to judge.
 */
export function validateMtradePublish(form: MtradePublishForm): PublishErrors {
  const errors: PublishErrors = fundPasswordErrors(form.fundPassword);
  if (form.minerId === null) errors.miner_id = 'markets.miner_required';
  const price = priceError(form.unitPrice);
  if (price) errors.unit_price = price;
  if (form.expiry === null) errors.expiry = 'markets.expiry_required';
  return errors;
}

export type MtradeQuote = { fee: string; receive: string };

/** The fee the seller pays when the machine sells (price × rate), and what is left for them. */
export function mtradeQuote(unitPrice: string, feeRate: string): MtradeQuote | null {
  if (priceError(unitPrice)) return null;
  const fee = times(normalizePrice(unitPrice), feeRate);
  return { fee, receive: minus(normalizePrice(unitPrice), fee) };
}

export type C2cQuote = { total: string | null; fee: string; held: string };

/** What a C2C order means in money: the buyer's total (USDT), the fee and the escrow (WALLX). */
export function c2cQuote(amount: string, unitPrice: string, feeRate: string): C2cQuote | null {
  const whole = parseAmount(amount);
  if (whole === null) return null;
  const fee = times(whole, feeRate);
  const total = priceError(unitPrice) ? null : times(whole, normalizePrice(unitPrice));
  return { total, fee, held: plus(whole, fee) };
}

function c2cAmountError(amount: string, context: { wallx: string; feeRate: string }): MessageKey | undefined {
  if (amount.trim() === '') return 'markets.amount_required';
  const whole = parseAmount(amount);
  if (whole === null) return 'markets.amount_whole';
  if (compare(whole, context.wallx) > 0) return 'errors.insufficient_wallx';
  // Amount and fee both go to escrow (DOMAIN.md): the fee on top must fit as well.
  if (compare(plus(whole, times(whole, context.feeRate)), context.wallx) > 0) return 'errors.insufficient_fee';
  return undefined;
}

/** Publishing WALLX: a whole amount that, with its fee, fits the balance; a price; an expiry. */
export function validateC2cPublish(form: C2cPublishForm, context: { wallx: string; feeRate: string }): PublishErrors {
  const errors: PublishErrors = fundPasswordErrors(form.fundPassword);
  const amount = c2cAmountError(form.amount, context);
  if (amount) errors.amount = amount;
  const price = priceError(form.unitPrice);
  if (price) errors.unit_price = price;
  if (form.expiry === null) errors.expiry = 'markets.expiry_required';
  return errors;
}

export function toMtradeRequest(form: MtradePublishForm): MtradePublishRequest {
  if (form.minerId === null || form.expiry === null) throw new RangeError('toMtradeRequest needs a validated form');
  return {
    miner_id: form.minerId,
    unit_price: normalizePrice(form.unitPrice),
    expiry: form.expiry,
    fund_password: form.fundPassword,
  };
}

export function toC2cRequest(form: C2cPublishForm): C2cPublishRequest {
  const amount = parseAmount(form.amount);
  if (amount === null || form.expiry === null) throw new RangeError('toC2cRequest needs a validated form');
  return { amount, unit_price: normalizePrice(form.unitPrice), expiry: form.expiry, fund_password: form.fundPassword };
}

const publishFields: readonly PublishField[] = ['miner_id', 'amount', 'unit_price', 'expiry', 'fund_password'];

/** Refusals the server answers without naming a field, placed on the field they are about. */
const fieldOfCode: ReadonlyArray<readonly [number, PublishField]> = [
  [errorCatalog.insufficient_wallx.code, 'amount'],
  [errorCatalog.insufficient_fee.code, 'amount'],
  [errorCatalog.gift_not_transferable.code, 'miner_id'],
  [errorCatalog.miner_is_on.code, 'miner_id'],
  [errorCatalog.miner_is_selling.code, 'miner_id'],
  [errorCatalog.miner_is_expired.code, 'miner_id'],
  [errorCatalog.miner_not_found.code, 'miner_id'],
  ...fundPasswordRefusals,
];

/** The form field a refusal of the server is about, if any. */
export function publishFieldOfError(error: { code: number; field?: string | undefined }): PublishField | undefined {
  return fieldOfError(error, publishFields, fieldOfCode);
}
