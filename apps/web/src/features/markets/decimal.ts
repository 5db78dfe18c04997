/**
 * Exact arithmetic on the decimal strings of the API ('12.5', '0.05'): a value is a bigint and a
 * number of decimal places, so a price times a fee rate keeps every digit, as the server's NUMERIC
 * does. Never a JavaScript float.
 */
type Exact = { units: bigint; scale: number };

const decimalPattern = /^(\d+)(?:\.(\d+))?$/;

function parse(value: string): Exact | null {
  const match = decimalPattern.exec(value.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { units: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

function rescale(value: Exact, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

function toText({ units, scale }: Exact): string {
  if (scale === 0) return units.toString();
  const digits = units.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, -scale);
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** Is this a plain non-negative decimal ('12', '0.5')? Signs, exponents and separators are not. */
export function isDecimal(value: string): boolean {
  return decimalPattern.test(value.trim());
}

/** a × b, exactly: '0.123456' × '0.05' → '0.0061728'. Anything that is not a decimal counts as 0. */
export function times(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return '0';
  return toText({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** a + b, exactly. */
export function plus(a: string, b: string): string {
  const x = parse(a) ?? { units: 0n, scale: 0 };
  const y = parse(b) ?? { units: 0n, scale: 0 };
  const scale = Math.max(x.scale, y.scale);
  return toText({ units: rescale(x, scale) + rescale(y, scale), scale });
}

/** a − b, exactly; never below 0 (what a seller receives when a fee is at most the price). */
export function minus(a: string, b: string): string {
  const x = parse(a) ?? { units: 0n, scale: 0 };
  const y = parse(b) ?? { units: 0n, scale: 0 };
  const scale = Math.max(x.scale, y.scale);
  const difference = rescale(x, scale) - rescale(y, scale);
  return toText({ units: difference > 0n ? difference : 0n, scale });
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const x = parse(a) ?? { units: 0n, scale: 0 };
  const y = parse(b) ?? { units: 0n, scale: 0 };
  const scale = Math.max(x.scale, y.scale);
  const left = rescale(x, scale);
  const right = rescale(y, scale);
  return left === right ? 0 : left < right ? -1 : 1;
}

/** A fee rate as a percentage for labels: '0.05' → '5', '0.0125' → '1.25'. */
export function percent(rate: string): string {
  return times(rate, '100');
}
