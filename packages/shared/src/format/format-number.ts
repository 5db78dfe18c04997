import { Decimal } from 'decimal.js';

/**
 * Plain decimal notation with an optional exponent ('1e3', '-2.5E-7'), as decimal.js parses it.
 * Deliberately narrower than decimal.js itself: no hex/binary/octal, no 'NaN' or 'Infinity'.
 */
const decimalPattern = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Formats an amount en-US style: '1234567.891' → '1,234,567.89'.
 *
 * Money arrives as decimal strings and is formatted exactly (decimal.js, never a JS float), so
 * '12345678901234567890.123456789012345678' keeps every digit. Digits beyond `maxFractionDigits`
 * are truncated toward zero, not rounded, as wallets do for balances: a displayed balance must
 * never be more than what is actually there. Trailing fractional zeros are dropped; a negative
 * sign is kept unless the shown value is zero. Invalid input gives '0'.
 *
 * `maxFractionDigits` must be an integer from 0 to 100 (as with Intl.NumberFormat), else RangeError.
 */
export function formatNumber(value: string | number | bigint, maxFractionDigits = 2): string {
  if (!Number.isInteger(maxFractionDigits) || maxFractionDigits < 0 || maxFractionDigits > 100) {
    throw new RangeError(`maxFractionDigits must be an integer from 0 to 100, got ${maxFractionDigits}`);
  }

  let decimal: Decimal;
  if (typeof value === 'bigint') {
    decimal = new Decimal(value.toString());
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '0';
    decimal = new Decimal(value); // decimal.js reads the number's shortest round-trip string
  } else if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!decimalPattern.test(trimmed)) return '0';
    decimal = new Decimal(trimmed);
  } else {
    return '0';
  }
  if (!decimal.isFinite()) return '0'; // exponent beyond decimal.js's range

  const truncated = decimal.toDecimalPlaces(maxFractionDigits, Decimal.ROUND_DOWN);
  if (truncated.isZero()) return '0';

  const fixed = truncated.abs().toFixed(); // never exponent notation, no trailing zeros
  const [integer = '0', fraction] = fixed.split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = truncated.isNegative() ? '-' : '';
  return fraction ? `${sign}${grouped}.${fraction}` : `${sign}${grouped}`;
}
