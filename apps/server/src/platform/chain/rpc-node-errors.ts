import { BaseError } from 'viem';

/** Fewer than a quorum of nodes may decide anything now: failing, behind or ahead. The pass ends and is retried. */
export class RpcNodesUnavailableError extends BaseError {
  constructor(details: string) {
    super('Too few RPC nodes are healthy to decide', { details, name: 'RpcNodesUnavailableError' });
  }
}

/** The nodes asked gave different answers and no quorum of them agrees: nothing is decided on it. */
export class RpcNodesDisagreeError extends BaseError {
  constructor(method: string, details: string) {
    super(`RPC nodes disagree on ${method}`, { details, name: 'RpcNodesDisagreeError' });
  }
}

/** For a `.catch`: null when the nodes could not decide (too few healthy, or no quorum agrees), else the error again. */
export const undecided = (error: unknown): null => {
  if (error instanceof RpcNodesUnavailableError || error instanceof RpcNodesDisagreeError) return null;
  throw error;
};
