/**
 * Exact arithmetic on the API's decimal strings ('12.5', '0.05'): a value is a bigint of units and a
 * number of decimal places, so a price times a fee rate keeps every digit, as PostgreSQL's NUMERIC
 * does. Never a JavaScript float. Small on purpose: the web app ships it instead of a decimal library.
 */
type Exact = { units: bigint; scale: number };

const plainDecimal = /^(\d+)(?:\.(\d+))?$/;

function parse(value: string): Exact | null {
  const match = plainDecimal.exec(value.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { units: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

const zero: Exact = { units: 0n, scale: 0 };
const rescale = (value: Exact, scale: number) => value.units * 10n ** BigInt(scale - value.scale);

function toText({ units, scale }: Exact): string {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString();
  if (scale === 0) return `${sign}${digits}`;
  const padded = digits.padStart(scale + 1, '0');
  const fraction = padded.slice(-scale).replace(/0+$/, '');
  const whole = padded.slice(0, -scale);
  return `${sign}${fraction === '' ? whole : `${whole}.${fraction}`}`;
}

function aligned(a: string, b: string): [bigint, bigint, number] {
  const x = parse(a) ?? zero;
  const y = parse(b) ?? zero;
  const scale = Math.max(x.scale, y.scale);
  return [rescale(x, scale), rescale(y, scale), scale];
}

/** Is this a plain non-negative decimal ('12', '0.5')? Signs, exponents and separators are not. */
export function isDecimal(value: string): boolean {
  return plainDecimal.test(value.trim());
}

/** a × b, exactly: '0.123456' × '0.05' → '0.0061728'. What is not a decimal counts as 0. */
export function times(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return '0';
  return toText({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** a + b, exactly. */
export function plus(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b);
  return toText({ units: x + y, scale });
}

/** a − b, exactly; never below 0 (what is left of an amount after a fee). */
export function minus(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b);
  return toText({ units: x > y ? x - y : 0n, scale });
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = aligned(a, b);
  return x === y ? 0 : x < y ? -1 : 1;
}

/** A rate as a percentage for labels: '0.05' → '5', '0.0125' → '1.25'. */
export function percent(rate: string): string {
  return times(rate, '100');
}

/** Amounts carry at most 18 decimals (NUMERIC(38,18), the tokens' decimals). */
export const AMOUNT_SCALE = 18;
const ONE = 10n ** BigInt(AMOUNT_SCALE);
const amountPattern = /^(\d+)(?:\.(\d{1,18}))?$/;

/** '12.5' → 12500000000000000000n. Null when the text is not a plain decimal of at most 18 places. */
export function toUnits(value: string): bigint | null {
  const match = amountPattern.exec(value.trim());
  if (!match) return null;
  return BigInt(match[1]!) * ONE + BigInt((match[2] ?? '').padEnd(AMOUNT_SCALE, '0'));
}

/** 12500000000000000000n → '12.5'. */
export function fromUnits(units: bigint): string {
  return toText({ units, scale: AMOUNT_SCALE });
}
