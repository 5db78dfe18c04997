import { describe, expect, it } from 'vitest';
import { clientKey, coarseNetwork } from './client-key.js';

describe('clientKey', () => {
  it('keeps an IPv4 address, and reads one mapped into IPv6 as itself', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys every address of one IPv6 /64 alike, however it is written, and other /64s apart', () => {
    const net = '2001:db8:85a3:42::/64';
    for (const ip of [
      '2001:db8:85a3:42::1',
      '2001:0db8:85a3:0042:ffff:ffff:ffff:ffff',
      '2001:DB8:85A3:42:1:2:3:4',
      '2001:db8:85a3:42::1.2.3.4',
      '2001:db8:85a3:42::9%eth0',
    ]) {
      expect(clientKey(ip)).toBe(net);
    }
    expect(clientKey('2001:db8:85a3:43::1')).toBe('2001:db8:85a3:43::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});

describe('coarseNetwork', () => {
  it('shows an IPv4 address by its /24 and an IPv6 one by its /48, never whole', () => {
    expect(coarseNetwork('203.0.113.77')).toBe('203.0.113.0/24');
    expect(coarseNetwork('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(coarseNetwork('2001:db8:85a3:42::1')).toBe('2001:db8:85a3::/48');
  });
});
