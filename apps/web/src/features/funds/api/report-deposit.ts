import { useQuery } from '@tanstack/react-query';
import type { Asset, Deposit } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useIsLive } from '../../../lib/live/live-status';
import { fundsKeys } from './keys';

export type DepositReport = { asset: Asset; tx_hash: string };

/**
 * Tells the server of a transaction sent from the wallet; it answers what the chain says of it.
 * Reporting the same hash again is harmless, so it doubles as the status check.
 */
export function reportDeposit(report: DepositReport): Promise<Deposit> {
  return api.post<Deposit>('/api/funds/recharge', report);
}

export const DEPOSIT_POLL_MS = 3000;
/** While the event stream is open the server pushes each confirmation; a slow poll stays as a safety net. */
export const DEPOSIT_POLL_LIVE_MS = 15_000;

export function isDepositFinal(status: Deposit['status'] | undefined): boolean {
  return status === 'credited' || status === 'failed' || status === 'invalid';
}

/** Reports a deposit, then again every 3 s (15 s while the event stream is open) until the server credits or refuses it. */
export function useDepositReport(report: DepositReport | null) {
  const isLive = useIsLive();
  return useQuery({
    queryKey: fundsKeys.deposit(report?.tx_hash ?? ''),
    queryFn: () => reportDeposit(report!),
    enabled: report !== null,
    refetchInterval: (query) =>
      isDepositFinal(query.state.data?.status) ? false : isLive ? DEPOSIT_POLL_LIVE_MS : DEPOSIT_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: Infinity,
  });
}
