import {
  BaseError,
  createPublicClient,
  createTransport,
  fallback,
  http,
  type EIP1193RequestFn,
  type PublicClient,
  type Transport,
} from 'viem';
import { createNodePool, isNodeFailure, type Request, type RpcNode } from './rpc-node-pool.js';
import { createQuorumDecider } from './rpc-quorum.js';
import { SPAN_KIND, withSpan } from '../tracing/tracing.js';
import type { RpcNodeState, RpcNodesOptions } from './rpc-node-types.js';
export type { RpcNodeState, RpcNodesOptions } from './rpc-node-types.js';

// The errors live apart so that the pool and the quorum need not import this file back; callers keep taking them from here.
export { RpcNodesDisagreeError, RpcNodesUnavailableError, undecided } from './rpc-node-errors.js';

export type RpcNodes = {
  /**
   * Ordinary reads and broadcasts: viem's fallback over the nodes in their ranked order, skipping
   * nodes known to fail, lag or run ahead while another is healthy; a raw transaction goes to every
   * healthy node. Nothing that moves money is decided on its answers.
   */
  client: PublicClient;
  /**
   * The client that settles money questions — a deposit's logs and receipt, confirmations, a
   * payout's receipt, a spent nonce. Each answer is one that `RPC_QUORUM` healthy nodes gave alike
   * (an honest majority of those asked); a head or a count is the highest a quorum reaches. With
   * one node configured it is that node. Throws RpcNodesUnavailableError or RpcNodesDisagreeError
   * instead of answering otherwise, which ends the pass: nothing is decided.
   */
  quorum: () => Promise<PublicClient>;
  /** Each node's state, polled first when the last poll is older than the refresh interval. */
  states: () => Promise<RpcNodeState[]>;
  /** How many healthy nodes `quorum()` needs (RPC_QUORUM; 1 with one node): the ready probe asks as many. */
  quorumSize: number;
  refresh: () => Promise<void>;
};

type RequestOptions = Parameters<EIP1193RequestFn>[1];

/**
 * The nodes of RPC_URL: `client` for ordinary reads and broadcasts, `quorum()` for money questions,
 * both over one pool of nodes whose standing each answer and poll updates (rpc-node-pool.ts).
 */
export function openRpcNodes(urls: string[], options: RpcNodesOptions): RpcNodes {
  const pool = createNodePool(urls, options);
  const { nodes, isSingle, quorumSize, isHealthy, failed, isStale, refresh, voters, unavailable } = pool;

  const raw = (node: RpcNode, retryCount: number) =>
    http(node.url, { retryCount, timeout: options.timeoutMs ?? 10_000 });

  /** The node's transport, counting its failures; `isGuarded`: refused while it is unhealthy and another node is not. */
  const tracked =
    (node: RpcNode, { isGuarded, retryCount }: { isGuarded: boolean; retryCount: number }): Transport =>
    (params) => {
      const inner = raw(node, retryCount)(params);
      return createTransport({
        key: `rpc-node-${node.label}`,
        name: `RPC node ${node.label}`,
        type: 'rpc-node',
        retryCount: 0,
        request: (async (args: Request, requestOptions?: RequestOptions) => {
          if (isGuarded && !isSingle) {
            if (isStale()) void refresh().catch(() => undefined);
            if (!isHealthy(node) && nodes.some(isHealthy))
              throw new BaseError(`RPC node ${node.label} skipped: failing, behind or ahead`);
          }
          try {
            // The node by its place and host, never its URL (it may carry an API key).
            return await withSpan(
              `rpc ${args.method}`,
              {
                'rpc.system': 'jsonrpc',
                'rpc.method': args.method,
                'server.address': node.host,
                'wallx.rpc.node': node.label,
              },
              () => inner.request(args, requestOptions),
              { kind: SPAN_KIND.client },
            );
          } catch (error) {
            if (isNodeFailure(error, args.method)) failed(node);
            throw error;
          }
        }) as EIP1193RequestFn,
      });
    };

  const ordinary = fallback(
    nodes.map((node) => tracked(node, { isGuarded: true, retryCount: 0 })),
    { rank: false, retryCount: options.retryCount ?? 2 },
  );
  const direct = nodes.map((node) => tracked(node, { isGuarded: false, retryCount: options.retryCount ?? 2 }));
  const ask = direct.map((transport) => transport({ retryCount: 0 }).request);
  const decide = createQuorumDecider(pool, ask);

  /** The first healthy node to accept it answers; the others get it too, as a node's mempool may not reach the rest. */
  const broadcast = async (args: Request) => {
    const healthy = nodes.filter(isHealthy);
    const targets = (healthy.length > 0 ? healthy : nodes).map((node) => ask[nodes.indexOf(node)]!);
    try {
      return await Promise.any(targets.map((request) => request(args)));
    } catch (error) {
      throw error instanceof AggregateError ? error.errors[0] : error;
    }
  };

  const transport: Transport = (params) => {
    const inner = ordinary(params);
    return createTransport({
      key: 'rpc-nodes',
      name: 'RPC nodes',
      type: 'rpc-nodes',
      retryCount: 0,
      request: (async (args: Request, requestOptions?: RequestOptions) =>
        args.method === 'eth_sendRawTransaction' && !isSingle
          ? broadcast(args)
          : inner.request(args, requestOptions)) as EIP1193RequestFn,
    });
  };
  const quorumTransport: Transport = () =>
    createTransport({
      key: 'rpc-quorum',
      name: 'RPC quorum',
      type: 'rpc-quorum',
      retryCount: 0,
      request: ((args: Request) =>
        args.method === 'eth_sendRawTransaction' ? broadcast(args) : decide(args)) as EIP1193RequestFn,
    });

  // cacheTime 0: block numbers must be fresh right after a block is mined (tests mine on demand).
  const clientOf = (t: Transport) => createPublicClient({ transport: t, cacheTime: 0 }) as PublicClient;
  const client = clientOf(transport);
  const agreed = clientOf(quorumTransport);

  return {
    client,
    async quorum() {
      // One node: the same client as every other call, as before there could be several.
      if (isSingle) return client;
      if (isStale()) await refresh();
      if (voters(null).length >= quorumSize) return agreed;
      // A failure since the last poll may be over: one fresh look before giving up on the pass.
      await refresh();
      if (voters(null).length >= quorumSize) return agreed;
      throw unavailable(null);
    },
    states: pool.states,
    quorumSize,
    refresh,
  };
}
