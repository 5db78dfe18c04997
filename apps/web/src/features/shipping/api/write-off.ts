import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Voucher } from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAccountKey } from '../../../lib/account-query';
import { shippingKeys } from './keys';

/** Writes a voucher off at my point: once, and one unit of the point's stock. */
export function writeOff(code: string): Promise<Voucher> {
  return api.post<Voucher>('/api/validator/writeoff', { code });
}

export function useWriteOff() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: writeOff,
    onSuccess: (voucher) => queryClient.setQueryData(shippingKeys.voucher(account, voucher.code), voucher),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shippingKeys.writeoffs(account) }),
  });
}
