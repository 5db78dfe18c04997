import { http, HttpRequestError, shouldThrow, TimeoutError, type EIP1193RequestFn } from 'viem';
import { highestOfQuorum } from './rpc-answers.js';
import { RpcNodesUnavailableError } from './rpc-node-errors.js';
import type { RpcNodeState, RpcNodesOptions } from './rpc-node-types.js';

export type Request = Parameters<EIP1193RequestFn>[0];

export type RpcNode = {
  label: string;
  host: string;
  url: string;
  head: bigint | null;
  errors: number;
  disagreements: number;
  /** When its last poll answered (0: never, or the last poll failed). */
  answeredAt: number;
  /** When a request or poll to it last failed. */
  failedAt: number;
};

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return '?';
  }
};

/**
 * Whether an error is the node's fault: no answer, or an error after which viem's fallback would try
 * the next node. A revert is an answer; so is a transaction refused as known, underpriced or of a
 * spent nonce (re-sending stored payouts meets those), which must not take a node out of use.
 */
export const isNodeFailure = (error: unknown, method: string) => {
  if (error instanceof HttpRequestError || error instanceof TimeoutError) return true;
  if (method === 'eth_sendRawTransaction') return false;
  return error instanceof Error && !shouldThrow(error);
};

/** The configured nodes and their standing: each one's head as last polled, its failures, and whether it is healthy. */
export function createNodePool(urls: string[], options: RpcNodesOptions) {
  const nodes: RpcNode[] = urls.map((url, i) => ({
    label: String(i),
    host: hostOf(url),
    url,
    head: null,
    errors: 0,
    disagreements: 0,
    answeredAt: 0,
    failedAt: 0,
  }));
  const isSingle = nodes.length === 1;
  const quorumSize = isSingle ? 1 : Math.max(2, Math.min(options.quorum ?? 2, nodes.length));
  const maxLag = BigInt(options.maxLagBlocks);
  // A hung node must not hold up the poll that would tell the others' heads.
  const pollTimeoutMs = Math.min(options.timeoutMs ?? 10_000, 3_000);
  let polledAt = 0;
  let polling: Promise<void> | null = null;

  /**
   * The reference head: the highest block a quorum of the answering nodes has reached. One node
   * reporting a head far ahead (or behind) of the others cannot move it, and so cannot make honest
   * nodes look behind (issue 44). With fewer answering than a quorum, the highest of theirs: a node
   * is then shown as it is, though nothing is decided on it (`quorum()` needs a quorum of voters).
   */
  const reference = () => {
    const heads = nodes.flatMap((n) => (n.head !== null && n.answeredAt > 0 ? [n.head] : []));
    return highestOfQuorum(heads, Math.min(quorumSize, Math.max(1, heads.length)));
  };
  /** Answering, and within RPC_MAX_LAG_BLOCKS of the reference either way: a node ahead of it is as suspect as one behind. */
  const isHealthy = (node: RpcNode) => {
    const ref = reference();
    if (!(node.answeredAt > node.failedAt && node.head !== null && ref !== null)) return false;
    const offset = ref - node.head;
    return offset <= maxLag && -offset <= maxLag;
  };
  const failed = (node: RpcNode) => {
    node.errors++;
    node.failedAt = Date.now();
  };
  const isStale = () => Date.now() - polledAt >= options.refreshMs;

  async function poll(node: RpcNode): Promise<void> {
    try {
      const probe = http(node.url, { retryCount: 0, timeout: pollTimeoutMs })({ retryCount: 0 });
      const head = BigInt((await probe.request({ method: 'eth_blockNumber' })) as `0x${string}`);
      node.head = head;
      node.answeredAt = Date.now();
    } catch {
      node.answeredAt = 0;
      failed(node);
    }
  }

  function refresh(): Promise<void> {
    polling ??= Promise.all(nodes.map(poll)).then(() => {
      polledAt = Date.now();
      polling = null;
    });
    return polling;
  }

  /** Healthy nodes that have reached `block` (when the question names one), in their ranked order. */
  const voters = (block: bigint | null) =>
    nodes.filter((n) => isHealthy(n) && (block === null || (n.head !== null && n.head >= block)));

  const unavailable = (block: bigint | null) =>
    new RpcNodesUnavailableError(
      `${quorumSize} needed${block === null ? '' : ` at block ${block}`}; ` +
        nodes.map((n) => `node ${n.label} (${n.host}): ${n.head === null ? 'no answer' : `head ${n.head}`}`).join('; '),
    );

  async function states(): Promise<RpcNodeState[]> {
    if (isStale()) await refresh();
    const ref = reference();
    return nodes.map((n) => ({
      label: n.label,
      host: n.host,
      head: n.head,
      errors: n.errors,
      disagreements: n.disagreements,
      behind: ref !== null && n.head !== null ? ref - n.head : null,
      isHealthy: isHealthy(n),
    }));
  }

  return { nodes, isSingle, quorumSize, isHealthy, failed, isStale, refresh, voters, unavailable, states };
}
export type NodePool = ReturnType<typeof createNodePool>;
