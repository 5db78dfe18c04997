import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pagedQueryOptions } from '@wallx/client';
import type {
  AidDonation,
  AidDonationRequest,
  AidDonationResult,
  AidFund,
  AidGrant,
  DepositConfig,
  Page,
} from '@wallx/shared';
import { PAGE_SIZE } from '@wallx/shared';
import { api } from '../../../lib/api';
import { retryUnsettledOnce } from '../../../lib/idempotency-key';
import { invalidateDomains, MONEY_DOMAINS, queryRoots } from '../../../lib/query-keys';

/** The page is the same for every visitor: its keys carry no account. */
export const aidFundKeys = {
  fund: () => [...queryRoots.aidFund, 'fund'] as const,
  donations: () => [...queryRoots.aidFund, 'donations'] as const,
  grants: () => [...queryRoots.aidFund, 'grants'] as const,
  chain: () => [...queryRoots.aidFund, 'chain'] as const,
};

/**
 * The server lets caches keep these reads for 30 s (they are public); the page itself asks afresh, or
 * a donation would not show on the page that was just refreshed for it.
 */
const fresh = (signal: AbortSignal | undefined) => ({
  headers: { 'Cache-Control': 'no-cache' },
  ...(signal && { signal }),
});
const signalOf = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

export function useAidFund() {
  return useQuery(
    queryOptions({
      queryKey: aidFundKeys.fund(),
      queryFn: ({ signal }) => api.get<AidFund>('/api/aid-fund', fresh(signal)),
    }),
  );
}

/** A page of a public list, newest first, PAGE_SIZE rows after the cursor (asked afresh, see above). */
const publicPage =
  <T>(path: string) =>
  (cursor: string | undefined, signal: AbortSignal) =>
    api.get<Page<T>>(path, { query: { limit: PAGE_SIZE, cursor }, ...fresh(signal) });

/** The donations, a page at a time: the latest first, older ones when the visitor asks for more. */
export function useAidDonations() {
  return useInfiniteQuery(
    pagedQueryOptions(aidFundKeys.donations(), publicPage<AidDonation>('/api/aid-fund/donations')),
  );
}

export function useAidGrants() {
  return useInfiniteQuery(pagedQueryOptions(aidFundKeys.grants(), publicPage<AidGrant>('/api/aid-fund/grants')));
}

/** The chain's explorer, for the grants' transactions (the public chain settings the deposits use). */
export function useExplorerUrl(): string | null {
  const config = useQuery(
    queryOptions({
      queryKey: aidFundKeys.chain(),
      queryFn: ({ signal }) => api.get<DepositConfig>('/api/funds/recharge/config', signalOf(signal)),
      // Changes only with a new deployment.
      staleTime: 10 * 60_000,
    }),
  );
  return config.data?.explorer_url ?? null;
}

export function useDonate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...request }: AidDonationRequest & { idempotencyKey: string }) =>
      api.post<AidDonationResult>('/api/aid-fund/donations', request, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    // Without an answer the donation may be made already: the same key again is answered, not given twice.
    retry: retryUnsettledOnce,
    onSuccess: () => invalidateDomains(queryClient, [...MONEY_DOMAINS, 'aidFund']),
  });
}
