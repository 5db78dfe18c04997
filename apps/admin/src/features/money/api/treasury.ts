import { useQuery } from '@tanstack/react-query';
import type { ColdTransfer, DepositAddressHolding, Sweep } from '@wallx/shared';
import { hotWalletQueryOptions } from '../../../lib/hot-wallet-query';
import { usePagedQuery } from '../../../lib/paged-query';
import { moneyKeys } from './keys';

/** Where the tokens are (issue 33): read-only views, every role reads them. */
export const useDepositAddresses = () =>
  usePagedQuery<DepositAddressHolding>(moneyKeys.depositAddresses(), '/api/admin/deposit-addresses');
export const useSweeps = () => usePagedQuery<Sweep>(moneyKeys.sweeps(), '/api/admin/sweeps');
export const useColdTransfers = () =>
  usePagedQuery<ColdTransfer>(moneyKeys.coldTransfers(), '/api/admin/cold-transfers');

export const useHotWallet = () => useQuery(hotWalletQueryOptions());
