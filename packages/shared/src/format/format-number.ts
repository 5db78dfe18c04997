/**
 * Plain decimal notation with an optional exponent ('1e3', '-2.5E-7'). No hex/binary/octal, no 'NaN'
 * or 'Infinity'.
 */
const decimalPattern = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
/** Beyond this exponent a value is no amount anyone holds; it formats as invalid input does. */
const MAX_EXPONENT = 10_000;

/** sign, digits and decimal places of a number written in plain or exponent notation. */
function parse(text: string): { negative: boolean; digits: string; scale: number } | null {
  const match = decimalPattern.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = '', exponentText] = match;
  if (whole === '' && fraction === '') return null;
  const exponent = exponentText === undefined ? 0 : Number.parseInt(exponentText, 10);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  let digits = `${whole}${fraction}`;
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  return { negative: sign === '-', digits, scale };
}

/**
 * Formats an amount en-US style: '1234567.891' → '1,234,567.89'.
 *
 * Money arrives as decimal strings and is formatted exactly, digit by digit (never through a JS
 * float), so '12345678901234567890.123456789012345678' keeps every digit. Digits beyond
 * `maxFractionDigits` are truncated toward zero, not rounded, as wallets do for balances: a
 * displayed balance must never be more than what is actually there. Trailing fractional zeros are
 * dropped; a negative sign is kept unless the shown value is zero. Invalid input gives '0'.
 * A number is read from its shortest round-trip text, as `String(n)` gives it.
 *
 * `maxFractionDigits` must be an integer from 0 to 100 (as with Intl.NumberFormat), else RangeError.
 */
export function formatNumber(value: string | number | bigint, maxFractionDigits = 2): string {
  if (!Number.isInteger(maxFractionDigits) || maxFractionDigits < 0 || maxFractionDigits > 100) {
    throw new RangeError(`maxFractionDigits must be an integer from 0 to 100, got ${maxFractionDigits}`);
  }
  let text: string;
  if (typeof value === 'bigint') text = value.toString();
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '0';
    text = String(value);
  } else if (typeof value === 'string') text = value;
  else return '0';

  const parsed = parse(text);
  if (!parsed) return '0';
  const padded = parsed.digits.padStart(parsed.scale + 1, '0');
  const integer = padded.slice(0, padded.length - parsed.scale).replace(/^0+(?=\d)/, '');
  const fraction = padded
    .slice(padded.length - parsed.scale, padded.length - parsed.scale + maxFractionDigits)
    .replace(/0+$/, '');
  if (/^0*$/.test(integer) && fraction === '') return '0';
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = parsed.negative ? '-' : '';
  return fraction ? `${sign}${grouped}.${fraction}` : `${sign}${grouped}`;
}
