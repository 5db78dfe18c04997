import { useQuery } from '@tanstack/react-query';
import type { Asset, Deposit } from '@wallx/shared';
import { api } from '../../../lib/api';
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

export function isDepositFinal(status: Deposit['status'] | undefined): boolean {
  return status === 'credited' || status === 'failed' || status === 'invalid';
}

/** Reports a deposit, then again every 3 s until the server credits or refuses it. */
export function useDepositReport(report: DepositReport | null) {
  return useQuery({
    queryKey: fundsKeys.deposit(report?.tx_hash ?? ''),
    queryFn: () => reportDeposit(report!),
    enabled: report !== null,
    refetchInterval: (query) => (isDepositFinal(query.state.data?.status) ? false : DEPOSIT_POLL_MS),
    refetchIntervalInBackground: true,
    staleTime: Infinity,
  });
}
