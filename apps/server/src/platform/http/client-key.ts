import net from 'node:net';

/**
 * What per-IP limits count by: an IPv4 address as it is, an IPv6 address by its /64 network. One
 * subscriber, or one server, is given a whole /64, so counting each IPv6 address apart would give a
 * single client 2⁶⁴ budgets.
 */
export function clientKey(ip: string): string {
  if (!net.isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::') as [string, string?];
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) is the last 32 bits; only the first 64 matter here.
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** A network to show a user beside a session: an IPv4 address's /24, an IPv6 address's /48. */
export function coarseNetwork(ip: string): string {
  // An IPv4 address mapped into IPv6 comes back from clientKey as itself.
  const key = clientKey(ip);
  if (net.isIPv4(key)) return `${key.split('.').slice(0, 3).join('.')}.0/24`;
  if (!key.endsWith('::/64')) return '';
  return `${key.slice(0, -'::/64'.length).split(':').slice(0, 3).join(':')}::/48`;
}
