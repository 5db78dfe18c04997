import { getAddress, isAddress } from 'viem';

/**
 * An EIP-4361 (Sign-In with Ethereum) message read into its fields, as any client may spell it: with
 * or without the `scheme://` before the domain, times in any RFC 3339 form (with or without a
 * fraction of a second, `Z` or an offset). The optional fields we never ask for (not-before, request
 * id, resources) are read too, so that the caller refuses them by name rather than by a mismatch.
 */
export type SignInFields = {
  scheme: string | null;
  domain: string;
  address: string;
  statement: string | null;
  uri: string;
  version: string;
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date | null;
  notBefore: Date | null;
  requestId: string | null;
  resources: string[] | null;
};

// The whole message, anchored at both ends, in the ABNF's order and line breaks (LF only): nothing
// before, after or between the fields. A line may not hold another (no `\n` inside a value).
const MESSAGE = new RegExp(
  [
    '^(?:(?<scheme>[a-zA-Z][a-zA-Z0-9+\\-.]*)://)?(?<domain>[^\\s/?#]+) wants you to sign in with your Ethereum account:\\n',
    '(?<address>0x[0-9a-fA-F]{40})\\n\\n',
    '(?:(?<statement>[^\\n]+)\\n)?\\n',
    'URI: (?<uri>[^\\s]+)\\n',
    'Version: (?<version>[^\\n]+)\\n',
    'Chain ID: (?<chainId>[0-9]+)\\n',
    'Nonce: (?<nonce>[a-zA-Z0-9]{8,})\\n',
    'Issued At: (?<issuedAt>[^\\n]+)',
    '(?:\\nExpiration Time: (?<expirationTime>[^\\n]+))?',
    '(?:\\nNot Before: (?<notBefore>[^\\n]+))?',
    '(?:\\nRequest ID: (?<requestId>[^\\n]*))?',
    '(?:\\nResources:(?<resources>(?:\\n- [^\\n]+)*))?$',
  ].join(''),
);

// RFC 3339's date-time (section 5.6): `T`/`Z` in either case, seconds up to a leap second's 60.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/** The instant an RFC 3339 date-time names, or null when it is none (a 30 February, an hour 24, another form). */
export function parseRfc3339(value: string): Date | null {
  const match = DATE_TIME.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction, sign, offsetHour, offsetMinute] = match;
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const oh = Number(offsetHour ?? 0);
  const om = Number(offsetMinute ?? 0);
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 60 || oh > 23 || om > 59) return null;
  // Date.UTC rolls 30 February into March: the day must be one of its month's.
  if (d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  const ms = fraction ? Math.floor(Number(`0${fraction}`) * 1000) : 0;
  const offset = (sign === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
  // A leap second (…:60) is the instant after …:59.999; nothing else may carry it.
  return new Date(Date.UTC(y, mo - 1, d, h, mi, Math.min(s, 59), ms) + (s === 60 ? 1000 : 0) - offset);
}

/**
 * The fields of an EIP-4361 message, or null when it is not one: out of the grammar, an address
 * that is not EIP-55 (mixed-case checksummed, as the standard requires), a time that is not RFC 3339.
 */
export function parseSignInMessage(message: string): SignInFields | null {
  // The grammar's required groups are there whenever it matched; the optional ones may not be.
  const groups = MESSAGE.exec(message)?.groups as
    | ({ [name in 'domain' | 'address' | 'uri' | 'version' | 'chainId' | 'nonce' | 'issuedAt']: string } & {
        [name in 'scheme' | 'statement' | 'expirationTime' | 'notBefore' | 'requestId' | 'resources']?: string;
      })
    | undefined;
  if (!groups) return null;
  const { scheme, domain, address, statement, uri, version, chainId, nonce } = groups;
  if (!isAddress(address, { strict: false }) || getAddress(address) !== address) return null;
  const time = (value: string | undefined): Date | null | undefined =>
    value === undefined ? null : (parseRfc3339(value) ?? undefined);
  const issuedAt = time(groups.issuedAt);
  const expirationTime = time(groups.expirationTime);
  const notBefore = time(groups.notBefore);
  if (!issuedAt || expirationTime === undefined || notBefore === undefined) return null;
  const chain = Number(chainId);
  if (!Number.isSafeInteger(chain)) return null;
  return {
    scheme: scheme ?? null,
    domain,
    address,
    statement: statement ?? null,
    uri,
    version,
    chainId: chain,
    nonce,
    issuedAt,
    expirationTime,
    notBefore,
    requestId: groups.requestId ?? null,
    resources: groups.resources === undefined ? null : groups.resources.split('\n- ').slice(1),
  };
}
