import {
  errorCatalog,
  fromUnits,
  isAddress,
  toUnits,
  transferRequestRules,
  type Asset,
  type Balance,
  type TransferRequest,
} from '@wallx/shared';
import { balanceOf, insufficientKey } from '../../lib/balance';
import { fieldOfError, fundPasswordErrors, fundPasswordRefusals } from '../../lib/form-rules';
import type { MessageKey } from '../../lib/message-key';
import { recipientError } from '../../lib/recipient-rules';

export { balanceOf };

export type TransferForm = { asset: Asset; to: string; amount: string; fundPassword: string };

/** Named as the request body names them, so a field the server names maps straight onto the form. */
export type TransferField = 'to' | 'amount' | 'fund_password';
export type TransferErrors = Partial<Record<TransferField, MessageKey>>;

export const transferFields: readonly TransferField[] = ['to', 'amount', 'fund_password'];

export function isWalletAddress(value: string): boolean {
  return isAddress(value.trim());
}

/**
 * A transfer amount as the server takes it: whole units greater than 0 ('0042' → 42n). Anything
 * else (decimals, signs, exponents, separators, 0) is null. Never goes through a float.
 */
export function parseWholeAmount(input: string): bigint | null {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return null;
  const value = BigInt(text);
  // The schema's rule, on the number without its leading zeros (too many digits is refused too).
  return transferRequestRules.amount.pattern.test(value.toString()) ? value : null;
}

/** The whole units of a balance ('12.75' → 12n): all a whole-unit transfer can spend. */
export function wholeUnits(balance: string): bigint {
  const integer = /^(\d+)(\.\d*)?$/.exec(balance.trim())?.[1];
  return integer === undefined ? 0n : BigInt(integer);
}

/** Exact: a whole amount fits a decimal balance when it is at most the balance's whole units. */
export function isWithinBalance(amount: bigint, balance: string): boolean {
  return amount <= wholeUnits(balance);
}

function amountError(amount: string, available: string, asset: Asset): MessageKey | undefined {
  if (amount.trim() === '') return 'funds.amount_required';
  const value = parseWholeAmount(amount);
  if (value === null) return 'funds.amount_whole';
  if (!isWithinBalance(value, available)) return insufficientKey[asset];
  return undefined;
}

/**
 * The transfer rules of the spec (§5) and DOMAIN.md, checked before sending. Whether the recipient
 * is a registered account, the fund password and the balance at the moment of the transfer are the
 * server's to judge.
 */
export function validateTransfer(
  form: TransferForm,
  context: { ownAddress: string; balance: Balance },
): TransferErrors {
  const errors: TransferErrors = fundPasswordErrors(form.fundPassword);
  const to = recipientError(form.to, context.ownAddress);
  if (to) errors.to = to;
  const amount = amountError(form.amount, balanceOf(context.balance, form.asset), form.asset);
  if (amount) errors.amount = amount;
  return errors;
}

/** The request body of a valid form, the amount without leading zeros ('007' → '7'). */
export function toTransferRequest(form: TransferForm): TransferRequest {
  const amount = parseWholeAmount(form.amount);
  if (amount === null) throw new RangeError('toTransferRequest needs a validated form');
  return { to: form.to.trim(), asset: form.asset, amount: amount.toString(), fund_password: form.fundPassword };
}

/** Transfers between accounts are free: the server posts the amount alone, with no fee entry. */
export const TRANSFER_FEE = '0';

/** What the recipient gets of an amount: the amount less the fee, in exact decimal units. */
export function transferArrives(amount: string, fee: string = TRANSFER_FEE): string | null {
  const value = toUnits(amount);
  const charge = toUnits(fee);
  if (value === null || charge === null || charge > value) return null;
  return fromUnits(value - charge);
}

/** Errors the server answers without naming a field, placed on the field they are about. */
const fieldOfCode: ReadonlyArray<readonly [number, TransferField]> = [
  [errorCatalog.insufficient_usdt.code, 'amount'],
  [errorCatalog.insufficient_wallx.code, 'amount'],
  [errorCatalog.insufficient_balance.code, 'amount'],
  [errorCatalog.invalid_wallet_account.code, 'to'],
  [errorCatalog.transfer_to_self.code, 'to'],
  ...fundPasswordRefusals,
];

/** The form field a refusal of the server is about, if any. */
export function transferFieldOfError(error: { code: number; field?: string | undefined }): TransferField | undefined {
  return fieldOfError(error, transferFields, fieldOfCode);
}
