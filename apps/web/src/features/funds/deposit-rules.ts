import { parseUnits } from 'viem';

/** A plain decimal: digits, then optionally a point and more digits. No signs, exponents or separators. */
const decimalPattern = /^(\d+)(?:\.(\d+))?$/;

/**
 * What is wrong with a deposit amount, if anything: required, a plain decimal with at most the
 * token's decimals, greater than 0. 'chain.amount_too_precise' takes `{ decimals }`.
 */
export type DepositAmountError = 'funds.amount_required' | 'chain.amount_invalid' | 'chain.amount_too_precise';

export function depositAmountError(amount: string, decimals: number): DepositAmountError | undefined {
  const text = amount.trim();
  if (text === '') return 'funds.amount_required';
  const match = decimalPattern.exec(text);
  if (!match) return 'chain.amount_invalid';
  if ((match[2]?.length ?? 0) > decimals) return 'chain.amount_too_precise';
  if (parseUnits(text, decimals) === 0n) return 'chain.amount_invalid';
  return undefined;
}

/** A valid amount in the token's base units ('1.5', 18 → 1500000000000000000n), exactly. */
export function toBaseUnits(amount: string, decimals: number): bigint {
  const text = amount.trim();
  if (depositAmountError(text, decimals) !== undefined) throw new RangeError('toBaseUnits needs a validated amount');
  return parseUnits(text, decimals);
}
