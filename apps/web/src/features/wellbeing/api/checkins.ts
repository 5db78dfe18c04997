import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CheckinCalendar,
  CheckinExport,
  CheckinRequest,
  CheckinToday,
  CheckinTrends,
  SupportLine,
  TrendRange,
} from '@wallx/shared';
import { api } from '../../../lib/api';
import { useAccountKey, useAccountQuery } from '../../../lib/account-query';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { invalidateDomains } from '../../../lib/query-keys';
import { wellbeingKeys } from './keys';

export function getToday(signal?: AbortSignal): Promise<CheckinToday> {
  return api.get<CheckinToday>('/api/checkins/today', signal ? { signal } : {});
}

export function useToday() {
  return useAccountQuery((account) =>
    queryOptions({ queryKey: wellbeingKeys.today(account), queryFn: ({ signal }) => getToday(signal) }),
  );
}

/**
 * Today's check-in, first or edited. The first may pay a reward, so it carries an Idempotency-Key:
 * a retry of the same submission is the same check-in.
 */
export function saveCheckin(request: CheckinRequest): Promise<CheckinToday> {
  return api.put<CheckinToday>('/api/checkins/today', request, { headers: { 'Idempotency-Key': newIdempotencyKey() } });
}

export function useSaveCheckin() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: saveCheckin,
    onSuccess: (today) => {
      queryClient.setQueryData(wellbeingKeys.today(account), today);
      // Trends, the calendar and the board move; a reward moves the balance and the fund records.
      void queryClient.invalidateQueries({ queryKey: wellbeingKeys.account(account), refetchType: 'none' });
      invalidateDomains(queryClient, ['user', 'funds']);
    },
  });
}

export function getTrends(days: TrendRange, signal?: AbortSignal): Promise<CheckinTrends> {
  return api.get<CheckinTrends>('/api/checkins/trends', { query: { days }, ...(signal && { signal }) });
}

export function useTrends(days: TrendRange) {
  return useAccountQuery((account) =>
    queryOptions({ queryKey: wellbeingKeys.trends(account, days), queryFn: ({ signal }) => getTrends(days, signal) }),
  );
}

export function getCalendar(month: string, signal?: AbortSignal): Promise<CheckinCalendar> {
  return api.get<CheckinCalendar>('/api/checkins/calendar', {
    ...(month && { query: { month } }),
    ...(signal && { signal }),
  });
}

/** A month's days checked in; '' asks for this month in the check-in zone. */
export function useCalendar(month: string) {
  return useAccountQuery((account) =>
    queryOptions({
      queryKey: wellbeingKeys.calendar(account, month),
      queryFn: ({ signal }) => getCalendar(month, signal),
    }),
  );
}

export function exportCheckins(): Promise<CheckinExport> {
  return api.get<CheckinExport>('/api/checkins/export');
}

export function deleteCheckins(): Promise<{ deleted: number }> {
  return api.delete<{ deleted: number }>('/api/checkins');
}

export function useDeleteCheckins() {
  const queryClient = useQueryClient();
  const account = useAccountKey();
  return useMutation({
    mutationFn: deleteCheckins,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wellbeingKeys.account(account) }),
  });
}

export function getSupportLine(country: string, signal?: AbortSignal): Promise<SupportLine> {
  return api.get<SupportLine>('/api/support-lines', {
    ...(country && { query: { country } }),
    ...(signal && { signal }),
  });
}

export function supportLineQueryOptions(country: string) {
  return queryOptions({
    queryKey: wellbeingKeys.supportLine(country),
    queryFn: ({ signal }) => getSupportLine(country, signal),
    staleTime: Infinity,
  });
}
