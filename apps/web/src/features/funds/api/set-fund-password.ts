import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FundPasswordRequest } from '@wallx/shared';
import { api } from '../../../lib/api';
import { session } from '../../../lib/session-store';
import { invalidateDomains } from '../../../lib/query-keys';

/** Sets the first fund password, or changes it when `old_password` is given. */
export function setFundPassword(request: FundPasswordRequest): Promise<null> {
  return api.post<null>('/api/user/fund_password', request);
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
