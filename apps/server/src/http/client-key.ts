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
