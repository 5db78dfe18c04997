import { useQuery } from '@tanstack/react-query';
import type { ColdTransfer, DepositAddressHolding, HotWallet, Sweep } from '@wallx/shared';
import { api } from '../../../lib/api';
import { usePagedQuery } from '../../../lib/paged-query';
import { moneyKeys } from './keys';

/** Where the tokens are (issue 33): read-only views, every role reads them. */
export const useDepositAddresses = () =>
  usePagedQuery<DepositAddressHolding>(moneyKeys.depositAddresses(), '/api/admin/deposit-addresses');
export const useSweeps = () => usePagedQuery<Sweep>(moneyKeys.sweeps(), '/api/admin/sweeps');
export const useColdTransfers = () =>
  usePagedQuery<ColdTransfer>(moneyKeys.coldTransfers(), '/api/admin/cold-transfers');

export function useHotWallet() {
  return useQuery({
    queryKey: moneyKeys.hotWallet(),
    queryFn: ({ signal }) => api.get<HotWallet>('/api/admin/hot-wallet', { signal }),
  });
}
