import {
  AMOUNT_SCALE,
  errorCatalog,
  fromUnits,
  toUnits,
  WITHDRAWAL_MULTIPLE,
  type Asset,
  type WithdrawalRequest,
} from '@wallx/shared';
import { balanceOf, insufficientKey } from '../../lib/balance';
import { fieldOfError, fundPasswordErrors, fundPasswordRefusals } from '../../lib/form-rules';
import type { MessageKey } from '../../lib/message-key';

export { balanceOf };

export type WithdrawalForm = { asset: Asset; amount: string; fundPassword: string };
/** Named as the request body names them. */
export type WithdrawalField = 'amount' | 'fund_password';
export type WithdrawalErrors = Partial<Record<WithdrawalField, MessageKey>>;
export type WithdrawalLimits = { min: string; fee: string; balance: string };

/**
 * The withdrawal amount rules (spec §5, DOMAIN.md), in this order: a whole positive multiple of 10,
 * at least the minimum, within the balance, and the fee on top within the balance too.
 */
export function withdrawAmountError(amount: string, asset: Asset, limits: WithdrawalLimits): MessageKey | undefined {
  const text = amount.trim();
  if (text === '') return 'funds.amount_required';
  if (toUnits(text) === null) return 'funds.amount_whole';
  if (!/^\d+$/.test(text)) return 'errors.withdrawal_not_multiple';
  const whole = BigInt(text);
  if (whole === 0n || whole % WITHDRAWAL_MULTIPLE !== 0n) return 'errors.withdrawal_not_multiple';
  const value = toUnits(text)!;
  const min = toUnits(limits.min) ?? 0n;
  const fee = toUnits(limits.fee) ?? 0n;
  const balance = toUnits(limits.balance) ?? 0n;
  if (value < min) return 'errors.withdrawal_too_small';
  if (value > balance) return insufficientKey[asset];
  if (value + fee > balance) return 'errors.insufficient_fee';
  return undefined;
}

export function validateWithdrawal(form: WithdrawalForm, limits: WithdrawalLimits): WithdrawalErrors {
  const errors: WithdrawalErrors = fundPasswordErrors(form.fundPassword);
  const amount = withdrawAmountError(form.amount, form.asset, limits);
  if (amount) errors.amount = amount;
  return errors;
}

/** Amount plus fee: what leaves the balance. Null while the amount is not a number. */
export function totalDebit(amount: string, fee: string): string | null {
  const value = toUnits(amount);
  const charge = toUnits(fee);
  return value === null || charge === null ? null : fromUnits(value + charge);
}

/** The largest valid amount the balance allows (a multiple of 10, fee included), or 0n. */
export function maxWithdrawal(limits: WithdrawalLimits): bigint {
  const balance = toUnits(limits.balance) ?? 0n;
  const fee = toUnits(limits.fee) ?? 0n;
  const spendable = balance - fee;
  if (spendable <= 0n) return 0n;
  const whole = spendable / 10n ** BigInt(AMOUNT_SCALE);
  const max = whole - (whole % WITHDRAWAL_MULTIPLE);
  return toUnits(max.toString())! >= (toUnits(limits.min) ?? 0n) ? max : 0n;
}

/** The request body of a valid form, the amount without leading zeros. */
export function toWithdrawalRequest(form: WithdrawalForm): WithdrawalRequest {
  return { asset: form.asset, amount: BigInt(form.amount.trim()).toString(), fund_password: form.fundPassword };
}

const fieldOfCode: ReadonlyArray<readonly [number, WithdrawalField]> = [
  [errorCatalog.insufficient_usdt.code, 'amount'],
  [errorCatalog.insufficient_wallx.code, 'amount'],
  [errorCatalog.insufficient_balance.code, 'amount'],
  [errorCatalog.insufficient_fee.code, 'amount'],
  [errorCatalog.withdrawal_too_small.code, 'amount'],
  [errorCatalog.withdrawal_not_multiple.code, 'amount'],
  ...fundPasswordRefusals,
];

/** The form field a refusal of the server is about, if any. */
export function withdrawalFieldOfError(error: {
  code: number;
  field?: string | undefined;
}): WithdrawalField | undefined {
  return fieldOfError(error, ['amount', 'fund_password'], fieldOfCode);
}
