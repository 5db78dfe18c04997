import { useQuery } from '@tanstack/react-query';
import {
  CONSOLE_PAGE_SIZE,
  type AidFund,
  type AidGrantRequest,
  type AidPartnerRequest,
  type AidPartnerUpdate,
  type OperatorAidDonation,
  type OperatorAidGrant,
  type OperatorAidPartner,
  type Page,
  type Proposal,
} from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAuditedMutation } from '../../../lib/audited-mutation';
import { usePagedQuery } from '../../../lib/paged-query';
import { queryRoots } from '../../../lib/query-keys';
import { aidFundKeys } from './keys';

/** The aid fund's console routes (the aid-fund module's, decision 147). */
export const AID_FUND_PATH = '/api/admin/aid-fund';

/** What the fund holds and what went in and out, per asset: the public page's figures, from the books. */
export function useAidFund() {
  return useQuery({
    queryKey: aidFundKeys.fund(),
    queryFn: ({ signal }) => api.get<AidFund>('/api/aid-fund', { signal }),
  });
}

export const useDonations = () =>
  usePagedQuery<OperatorAidDonation>(aidFundKeys.donations(), `${AID_FUND_PATH}/donations`);

export const useGrants = () => usePagedQuery<OperatorAidGrant>(aidFundKeys.grants(), `${AID_FUND_PATH}/grants`);

export function usePartners() {
  return useQuery({
    queryKey: aidFundKeys.partners(),
    queryFn: ({ signal }) => api.get<{ items: OperatorAidPartner[] }>(`${AID_FUND_PATH}/partners`, { signal }),
  });
}

export function useAddPartner() {
  return useAuditedMutation(
    (partner: AidPartnerRequest) => api.post<OperatorAidPartner>(`${AID_FUND_PATH}/partners`, partner),
    [aidFundKeys.all],
  );
}

export function useUpdatePartner() {
  return useAuditedMutation(
    ({ id, update }: { id: string; update: AidPartnerUpdate }) =>
      api.request<OperatorAidPartner>(`${AID_FUND_PATH}/partners/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: update,
      }),
    [aidFundKeys.all],
  );
}

/** A grant is a proposal: nothing leaves the fund until another finance operator approves. */
export function useProposeGrant() {
  return useAuditedMutation(
    (grant: AidGrantRequest) => api.post<Proposal>(`${AID_FUND_PATH}/grants`, grant),
    [aidFundKeys.all, queryRoots.money],
  );
}

/** The grants proposed and waiting for a second operator (several may wait, one per grant). */
export function useWaitingGrants() {
  const query = { status: 'pending', subject_type: 'aid_grant', limit: CONSOLE_PAGE_SIZE };
  return useQuery({
    queryKey: aidFundKeys.waiting(),
    queryFn: ({ signal }) => api.get<Page<Proposal>>('/api/admin/proposals', { query, signal }),
  });
}
