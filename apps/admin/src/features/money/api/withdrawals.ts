import type {
  OperatorDeposit,
  OperatorDepositReport,
  OperatorWithdrawal,
  Withdrawal,
  WithdrawalReview,
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
