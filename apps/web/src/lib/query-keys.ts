import type { QueryClient } from '@tanstack/react-query';

/**
 * The root of each domain's query keys. A feature builds every key of its own on its root, in its
 * `api/keys.ts`; a mutation that changes another domain's data (a trade changes balances, miners
 * and fund records) invalidates that domain by its root here, never by spelling the other feature's
 * keys, since features do not import each other.
 */
export const queryRoots = {
  user: ['user'],
  funds: ['funds'],
  miners: ['miners'],
  markets: ['markets'],
  team: ['team'],
  shipping: ['shipping'],
  feedback: ['feedback'],
  college: ['college'],
  /** Check-ins, mood trends and the weekly board: a check-in changes all three. */
  wellbeing: ['wellbeing'],
  /** The stake screen: the pool, the user's stakes. */
  staking: ['staking'],
  /** The aid fund's public page: the same for every visitor; a donation changes it. */
  aidFund: ['aid-fund'],
  /** The AI companion: whether it is here, the notice seen, the allowance, the user's conversations. */
  companion: ['companion'],
  /** The inbox and the bell's count; every notice that arrives on the event stream changes them. */
  notices: ['notices'],
  /** Articles and pages the operators write: the same for every visitor, guests included. */
  content: ['content'],
} as const;

export type QueryDomain = keyof typeof queryRoots;

/** Marks every query of these domains stale; the ones on screen refetch at once. */
export function invalidateDomains(queryClient: QueryClient, domains: readonly QueryDomain[]): void {
  for (const domain of domains) void queryClient.invalidateQueries({ queryKey: queryRoots[domain] });
}

/** Moving money changes balances (user info) and adds fund records, whatever else it changes. */
export const MONEY_DOMAINS: readonly QueryDomain[] = ['user', 'funds'];
