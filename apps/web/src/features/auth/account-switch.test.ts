import { describe, expect, it } from 'vitest';
import { isAccountSwitched } from './account-switch';

describe('isAccountSwitched', () => {
  const address = '0xAbC0000000000000000000000000000000000001';

  it('compares addresses without regard to case', () => {
    expect(isAccountSwitched(address.toLowerCase(), address)).toBe(false);
    expect(isAccountSwitched(address.toUpperCase().replace('0X', '0x'), address.toLowerCase())).toBe(false);
  });

  it('sees another account as a switch', () => {
    expect(isAccountSwitched('0xabc0000000000000000000000000000000000002', address)).toBe(true);
  });

  it('does not treat a wallet showing no account as a switch', () => {
    expect(isAccountSwitched(null, address)).toBe(false);
  });
});
