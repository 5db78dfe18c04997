import type { MinerOutput, MinerOutputStatus } from '@wallx/shared';
import { getPage, pagedQueryOptions, useAccountPagedQuery } from '../../../lib/account-query';
import { minersKeys } from './keys';

export function getOutputs(status: MinerOutputStatus, cursor: string | undefined, signal?: AbortSignal) {
  return getPage<MinerOutput>('/api/miners/outputs', { status }, cursor, signal);
}

export function outputsQueryOptions(account: string, status: MinerOutputStatus) {
  return pagedQueryOptions(minersKeys.outputs(account, status), (cursor, signal) => getOutputs(status, cursor, signal));
}

export function useOutputs(status: MinerOutputStatus) {
  return useAccountPagedQuery((account) => outputsQueryOptions(account, status));
}
