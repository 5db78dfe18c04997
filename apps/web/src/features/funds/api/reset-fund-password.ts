import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FundPasswordResetResult } from '@wallx/shared';
import { api } from '../../../lib/api';
import { invalidateDomains } from '../../../lib/query-keys';
import { confirmWithWallet } from '../../../lib/wallet-action';

/** A forgotten fund password, replaced once the wallet signs the reset; answers until when money waits. */
export async function resetFundPassword({
  password,
  confirm,
}: {
  password: string;
  confirm: string;
}): Promise<FundPasswordResetResult> {
  const proof = await confirmWithWallet('reset_fund_password');
  return api.post<FundPasswordResetResult>('/api/user/fund_password/reset', { password, confirm, ...proof });
}

export function useResetFundPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetFundPassword, onSuccess: () => invalidateDomains(queryClient, ['user']) });
}
