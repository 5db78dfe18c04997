import { formatNumber } from '@wallx/shared';

export type Flow = 'in' | 'out';

/** Records show up to 6 decimals (truncated, never rounded up); balances on the user centre show 2. */
export const RECORD_FRACTION_DIGITS = 6;

/**
 * An amount as a list shows it: '+1,234.5' coming in, '−12' (a real minus sign) going out. The flow
 * is the transfer's direction, or else the sign of the ledger amount. Strings all the way: amounts
 * are never turned into floats.
 */
export function signedAmount(amount: string, direction?: Flow): { text: string; flow: Flow } {
  const trimmed = amount.trim();
  const flow: Flow = direction ?? (trimmed.startsWith('-') ? 'out' : 'in');
  const magnitude = formatNumber(trimmed.replace(/^[+-]/, ''), RECORD_FRACTION_DIGITS);
  return { text: `${flow === 'in' ? '+' : '\u2212'}${magnitude}`, flow };
}
