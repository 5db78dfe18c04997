import {
  BaseError,
  createPublicClient,
  createTransport,
  fallback,
  http,
  HttpRequestError,
  shouldThrow,
  TimeoutError,
  type EIP1193RequestFn,
  type PublicClient,
  type Transport,
} from 'viem';

/** One configured RPC node as operators and metrics see it: never its URL, which may carry an API key. */
export type RpcNodeState = {
  /** The node's place in RPC_URL, from 0: the metrics label. */
  label: string;
  host: string;
  /** Its block number at the last poll; null until it has answered one. */
  head: bigint | null;
  /** Failed requests and polls since start (a counter). */
  errors: number;
  /** How far its head was behind the best node's at the last poll. */
  behind: bigint | null;
  isHealthy: boolean;
};

/** No configured node may decide anything now: all failing or behind. The pass ends and is retried. */
export class RpcNodesUnavailableError extends BaseError {
  constructor(details: string) {
    super('No RPC node is healthy', { details, name: 'RpcNodesUnavailableError' });
  }
}

type Node = {
  label: string;
  host: string;
  url: string;
  head: bigint | null;
  errors: number;
  /** When its last poll answered (0: never, or the last poll failed). */
  answeredAt: number;
  /** When a request or poll to it last failed. */
  failedAt: number;
};

export type RpcNodes = {
  /**
   * Ordinary reads and broadcasts: viem's fallback over the nodes in their ranked order, skipping
   * nodes known to fail or lag while another is healthy; a raw transaction goes to every healthy node.
   */
  client: PublicClient;
  /**
   * The client that settles money questions — confirmations, a receipt's absence, a spent nonce — all
   * asked of one healthy node (the best ranked) for a whole pass, polled fresh when the last poll is old.
   * Mixing nodes within a pass could count a head from one against logs of another that has not seen
   * them, or take one node's "no receipt" for the transaction being gone.
   */
  pick: () => Promise<PublicClient>;
  /** Each node's state, polled first when the last poll is older than the refresh interval. */
  states: () => Promise<RpcNodeState[]>;
  refresh: () => Promise<void>;
};

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return '?';
  }
};

type Request = Parameters<EIP1193RequestFn>[0];
type RequestOptions = Parameters<EIP1193RequestFn>[1];

/**
 * Whether an error is the node's fault: no answer, or an error after which viem's fallback would try
 * the next node. A revert is an answer; so is a transaction refused as known, underpriced or of a
 * spent nonce (re-sending stored payouts meets those), which must not take a node out of use.
 */
const isNodeFailure = (error: unknown, method: string) => {
  if (error instanceof HttpRequestError || error instanceof TimeoutError) return true;
  if (method === 'eth_sendRawTransaction') return false;
  return error instanceof Error && !shouldThrow(error);
};

export function openRpcNodes(
  urls: string[],
  options: { maxLagBlocks: number; refreshMs: number; timeoutMs?: number; retryCount?: number },
): RpcNodes {
  const nodes: Node[] = urls.map((url, i) => ({
    label: String(i),
    host: hostOf(url),
    url,
    head: null,
    errors: 0,
    answeredAt: 0,
    failedAt: 0,
  }));
  const isSingle = nodes.length === 1;
  const maxLag = BigInt(options.maxLagBlocks);
  // A hung node must not hold up the poll that would tell the others' heads.
  const pollTimeoutMs = Math.min(options.timeoutMs ?? 10_000, 3_000);
  let polledAt = 0;
  let polling: Promise<void> | null = null;

  const best = () =>
    nodes.reduce<bigint | null>(
      (max, n) => (n.head !== null && n.answeredAt > 0 && (max === null || n.head > max) ? n.head : max),
      null,
    );
  const isHealthy = (node: Node) => {
    const top = best();
    return node.answeredAt > node.failedAt && node.head !== null && top !== null && top - node.head <= maxLag;
  };
  const failed = (node: Node) => {
    node.errors++;
    node.failedAt = Date.now();
  };
  const isStale = () => Date.now() - polledAt >= options.refreshMs;

  const raw = (node: Node, retryCount: number) => http(node.url, { retryCount, timeout: options.timeoutMs ?? 10_000 });

  /** The node's transport, counting its failures; `isGuarded`: refused while it is unhealthy and another node is not. */
  const tracked =
    (node: Node, { isGuarded, retryCount }: { isGuarded: boolean; retryCount: number }): Transport =>
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
              throw new BaseError(`RPC node ${node.label} skipped: failing or behind`);
          }
          try {
            return await inner.request(args, requestOptions);
          } catch (error) {
            if (isNodeFailure(error, args.method)) failed(node);
            throw error;
          }
        }) as EIP1193RequestFn,
      });
    };

  async function poll(node: Node): Promise<void> {
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

  const ordinary = fallback(
    nodes.map((node) => tracked(node, { isGuarded: true, retryCount: 0 })),
    { rank: false, retryCount: options.retryCount ?? 2 },
  );
  const direct = nodes.map((node) => tracked(node, { isGuarded: false, retryCount: options.retryCount ?? 2 }));

  /** The first healthy node to accept it answers; the others get it too, as a node's mempool may not reach the rest. */
  const broadcast = async (args: Request) => {
    const healthy = nodes.filter(isHealthy);
    const targets = (healthy.length > 0 ? healthy : nodes).map((node) =>
      direct[nodes.indexOf(node)]!({ retryCount: 0 }),
    );
    try {
      return await Promise.any(targets.map((target) => target.request(args)));
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

  // cacheTime 0: block numbers must be fresh right after a block is mined (tests mine on demand).
  const clientOf = (t: Transport) => createPublicClient({ transport: t, cacheTime: 0 }) as PublicClient;
  const client = clientOf(transport);
  const pinned = direct.map(clientOf);

  return {
    client,
    async pick() {
      // One node: the same client as every other call, as before there could be several.
      if (isSingle) return client;
      if (isStale()) await refresh();
      const index = nodes.findIndex(isHealthy);
      if (index >= 0) return pinned[index]!;
      // A failure since the last poll may be over: one fresh look before giving up on the pass.
      await refresh();
      const again = nodes.findIndex(isHealthy);
      if (again >= 0) return pinned[again]!;
      throw new RpcNodesUnavailableError(
        nodes.map((n) => `node ${n.label} (${n.host}): ${n.head === null ? 'no answer' : `head ${n.head}`}`).join('; '),
      );
    },
    async states() {
      if (isStale()) await refresh();
      const top = best();
      return nodes.map((n) => ({
        label: n.label,
        host: n.host,
        head: n.head,
        errors: n.errors,
        behind: top !== null && n.head !== null ? top - n.head : null,
        isHealthy: isHealthy(n),
      }));
    },
    refresh,
  };
}
