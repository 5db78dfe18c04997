import { isAddress } from '@wallx/shared';

/** Whose team /team shows. */
export type TeamTarget =
  /** `of` is undefined for the account's own team, else a member's address in lower case. */
  | { kind: 'team'; of: string | undefined }
  /** `?of=` holds no address: nobody's team to ask the server for. */
  | { kind: 'invalid' };

/** Reads `?of=` of /team: missing, or the account's own address, means the account's own team. */
export function teamTarget(ofParam: string | null, account: string): TeamTarget {
  const of = ofParam?.trim().toLowerCase() ?? '';
  if (of === '' || of === account.toLowerCase()) return { kind: 'team', of: undefined };
  return isAddress(of) ? { kind: 'team', of } : { kind: 'invalid' };
}

/** The drill-down into a member's team. */
export function memberTeamPath(address: string): string {
  return `/team?of=${encodeURIComponent(address.toLowerCase())}`;
}
