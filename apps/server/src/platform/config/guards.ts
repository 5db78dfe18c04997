import net from 'node:net';
import { z } from 'zod';

/**
 * What config.ts refuses because it is unsafe rather than malformed: development defaults on a real
 * chain or in production, and proxy settings that would trust clients (decisions 31, 78 and 123).
 */

/** The widest network TRUST_PROXY may name per family, outside private IPv6 space (decision 123). */
export const WIDEST_TRUSTED_PREFIX = { ipv4: 8, ipv6: 24 } as const;

const subnet = (address: string, prefix: number) => {
  const list = new net.BlockList();
  list.addSubnet(address, prefix, 'ipv6');
  return list;
};
/** ::ffff:a.b.c.d — IPv4 clients as a dual-stack socket, and proxy-addr, see them. */
const IPV4_MAPPED = subnet('::ffff:0:0', 96);
/** Unique-local and link-local IPv6: no client on the internet comes from them, however wide the entry. */
const PRIVATE_IPV6 = [
  { list: subnet('fc00::', 7), prefix: 7 },
  { list: subnet('fe80::', 10), prefix: 10 },
];

function isIpOrCidr(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  if (rest.length > 0 || !address) return false;
  const version = net.isIP(address);
  if (version === 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * Why a TRUST_PROXY entry would take in clients rather than proxies (anyone inside it may write the
 * X-Forwarded-For the server believes), or null when it is narrow enough to name proxies.
 */
export function trustsClients(entry: string): string | null {
  const [address = '', bits] = entry.split('/');
  if (bits === undefined) return null;
  const prefix = Number(bits);
  const ipv4 = `wider than an IPv4 /${WIDEST_TRUSTED_PREFIX.ipv4}`;
  if (net.isIPv4(address)) return prefix < WIDEST_TRUSTED_PREFIX.ipv4 ? ipv4 : null;
  const isPrivate = PRIVATE_IPV6.some((p) => prefix >= p.prefix && p.list.check(address, 'ipv6'));
  if (prefix < WIDEST_TRUSTED_PREFIX.ipv6 && !isPrivate) return `wider than an IPv6 /${WIDEST_TRUSTED_PREFIX.ipv6}`;
  if (prefix <= 96 && subnet(address, prefix).check('::ffff:0:0', 'ipv6'))
    return 'holds every IPv4 address (as ::ffff:a.b.c.d)';
  // Inside the mapped block (prefix > 96 here): the IPv4 network it stands for.
  if (IPV4_MAPPED.check(address, 'ipv6')) return prefix - 96 < WIDEST_TRUSTED_PREFIX.ipv4 ? ipv4 : null;
  return null;
}

/** TRUST_PROXY: false, a hop count, or the proxies' own addresses; never a setting that trusts every client. */
export const trustProxySetting = z
  .string()
  .default('false')
  .transform((v, ctx) => {
    const value = v.trim();
    if (value === 'false') return false as const;
    if (/^([1-9]|10)$/.test(value)) return Number(value);
    const proxies = value.split(',').map((p) => p.trim());
    if (value === 'true' || !proxies.every((p) => isIpOrCidr(p))) {
      ctx.addIssue({
        code: 'custom',
        // "true" would take the client address from whatever X-Forwarded-For a client sends.
        message:
          'must be false, the number of proxies in front of the server (1-10), or their addresses (IPs or CIDRs, comma-separated); "true" would trust any client',
      });
      return z.NEVER;
    }
    const tooWide = proxies.flatMap((p) => {
      const why = trustsClients(p);
      return why ? [`"${p}" ${why}`] : [];
    });
    if (tooWide.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${tooWide.join('; ')}: it would trust clients to name their own address. List the proxies' own addresses or networks`,
      });
      return z.NEVER;
    }
    return proxies;
  });

/**
 * What development runs on by default and a real deployment must never: the local chain (its keys
 * come from a public mnemonic), JWT keys generated per instance, a console nobody can open, sign-in
 * messages checked against whatever Host a request names, and the embedded database. Refused with
 * NODE_ENV=production (decision 78) and on BSC and its testnet whatever NODE_ENV says (decision 123).
 * Read from the environment as given, so that these lines join the malformed values' in one message.
 */
export function developmentDefaultProblems(env: Record<string, string | undefined>): string[] {
  const isProduction = env.NODE_ENV === 'production';
  const isRealChain = env.CHAIN === 'bsc' || env.CHAIN === 'bsc-testnet';
  if (!isProduction && !isRealChain) return [];
  const when = isProduction ? 'NODE_ENV=production' : `CHAIN=${env.CHAIN}`;
  const hasOperator = (env.OPERATORS ?? '').split(',').some((entry) => entry.trim() !== '');
  return [
    !isRealChain && 'CHAIN: must be bsc or bsc-testnet when NODE_ENV=production (the local chain’s keys are public)',
    !env.JWT_PRIVATE_KEY &&
      `JWT_PRIVATE_KEY, JWT_PUBLIC_KEY: required when ${when} (generated keys differ per instance and live on its disk)`,
    !hasOperator && `OPERATORS: name at least one admin when ${when} (address:admin)`,
    !env.PUBLIC_APP_URL &&
      `PUBLIC_APP_URL: required when ${when} (sign-in messages must name the site, not the Host a request claims)`,
    !env.DATABASE_URL && `DATABASE_URL: required when ${when} (the embedded PGlite database is for development)`,
  ].filter((line): line is string => typeof line === 'string');
}
