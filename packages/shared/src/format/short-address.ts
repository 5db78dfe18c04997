/**
 * Shortens an address to `length` characters around '...':
 * '0x1234567890abcdef1234567890abcdef12345678' → '0x123...45678'.
 * The head keeps ceil(length / 2) characters, the tail floor(length / 2). An address not longer
 * than length + 3 is returned unchanged, since shortening it would not make it shorter.
 * `length` must be a non-negative integer, else RangeError.
 */
export function shortAddress(address: string, length = 10): string {
  if (!Number.isInteger(length) || length < 0) {
    throw new RangeError(`length must be a non-negative integer, got ${length}`);
  }
  if (address.length <= length + 3) return address;
  const head = Math.ceil(length / 2);
  const tail = Math.floor(length / 2);
  // slice(-0) would be the whole string, hence the explicit tail === 0 case.
  return `${address.slice(0, head)}...${tail === 0 ? '' : address.slice(-tail)}`;
}
