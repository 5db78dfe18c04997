import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  OperatorDeposit,
  OperatorDepositReport,
  OperatorWithdrawal,
  Withdrawal,
  WithdrawalReview,
} from '@wallx/shared';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import { moneyKeys } from './keys';
import { usePagedTable } from './paged';

export type WithdrawalFilters = { status: string; asset: string; user: string };
export type DepositFilters = { asset: string; user: string };
export type DepositReportFilters = { status: string };

export const useWithdrawals = (filters: WithdrawalFilters) =>
  usePagedTable<OperatorWithdrawal>('/api/admin/withdrawals', moneyKeys.withdrawals(filters), filters);
export const useDeposits = (filters: DepositFilters) =>
  usePagedTable<OperatorDeposit>('/api/admin/deposits', moneyKeys.deposits(filters), filters);
export const useDepositReports = (filters: DepositReportFilters) =>
  usePagedTable<OperatorDepositReport>('/api/admin/deposit-reports', moneyKeys.depositReports(filters), filters);

export function reviewWithdrawal(id: string, review: WithdrawalReview): Promise<Withdrawal> {
  return api.post<Withdrawal>(`/api/admin/withdrawals/${encodeURIComponent(id)}/review`, review);
}

export function useReviewWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, review }: { id: string; review: WithdrawalReview }) => reviewWithdrawal(id, review),
    // The decision moves the withdrawal out of the review list, and writes an audit row.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moneyKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.audit }),
      ]),
  });
}
