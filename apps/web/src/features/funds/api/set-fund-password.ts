import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FundPasswordRequest } from '@wallx/shared';
import { api } from '../../../lib/api';
import { session } from '../../../lib/session-store';
import { invalidateDomains } from '../../../lib/query-keys';
import { confirmWithWallet } from '../../../lib/wallet-action';

/**
 * Changes the fund password when `old_password` is given; otherwise sets the first one, which the
 * wallet signs first (a session alone may not choose it).
 */
export async function setFundPassword(request: Omit<FundPasswordRequest, 'message' | 'signature'>): Promise<null> {
  const proof = request.old_password === undefined ? await confirmWithWallet('set_fund_password') : {};
  return api.post<null>('/api/user/fund_password', { ...request, ...proof });
}

export function useSetFundPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFundPassword,
    onSuccess: () => {
      // The screen that sent the user here (transfer) checks the flag the moment it opens again,
      // before the refetch below can answer.
      const { userinfo } = session.getState();
      if (userinfo) session.updateAccount({ userinfo: { ...userinfo, has_fund_password: true } });
      invalidateDomains(queryClient, ['user']);
    },
  });
}
