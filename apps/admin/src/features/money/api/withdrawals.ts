import { useQuery } from '@tanstack/react-query';
import {
  CONSOLE_PAGE_SIZE,
  type OperatorDeposit,
  type OperatorDepositReport,
  type OperatorWithdrawal,
  type Page,
  type Withdrawal,
  type WithdrawalReview,
} from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { moneyKeys } from './keys';
import { usePagedQuery } from '../../../lib/paged-query';

export type WithdrawalFilters = { status: string; asset: string; user: string };
export type DepositFilters = { asset: string; user: string };
export type DepositReportFilters = { status: string };

export const useWithdrawals = (filters: WithdrawalFilters) =>
  usePagedQuery<OperatorWithdrawal>(moneyKeys.withdrawals(filters), '/api/admin/withdrawals', filters);
export const useDeposits = (filters: DepositFilters) =>
  usePagedQuery<OperatorDeposit>(moneyKeys.deposits(filters), '/api/admin/deposits', filters);
export const useDepositReports = (filters: DepositReportFilters) =>
  usePagedQuery<OperatorDepositReport>(moneyKeys.depositReports(filters), '/api/admin/deposit-reports', filters);

/**
 * One withdrawal as it stands now, read among its user's newest. A decision moves it out of a list
 * filtered by state (awaiting review, by default), and the open panel must then show the decision,
 * not the row it was opened from. Under the money key: every decision reads it again.
 */
export function useWithdrawalNow(withdrawal: OperatorWithdrawal | null) {
  return useQuery({
    queryKey: moneyKeys.withdrawal(withdrawal?.id ?? ''),
    queryFn: ({ signal }) =>
      api
        .get<Page<OperatorWithdrawal>>('/api/admin/withdrawals', {
          query: { user: withdrawal!.user, limit: CONSOLE_PAGE_SIZE },
          signal,
        })
        .then((page) => page.items.find((item) => item.id === withdrawal!.id) ?? null),
    enabled: withdrawal !== null,
  });
}

export function reviewWithdrawal(id: string, review: WithdrawalReview): Promise<Withdrawal> {
  return api.post<Withdrawal>(`/api/admin/withdrawals/${encodeURIComponent(id)}/review`, review);
}

export function useReviewWithdrawal() {
  // The decision moves the withdrawal out of the review list, and writes an audit row.
  return useAuditedMutation(
    ({ id, review }: { id: string; review: WithdrawalReview }) => reviewWithdrawal(id, review),
    [moneyKeys.all],
  );
}
