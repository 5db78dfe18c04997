import {
  BaseError,
  createPublicClient,
  createTransport,
  fallback,
  http,
  HttpRequestError,
  numberToHex,
  shouldThrow,
  TimeoutError,
  type EIP1193RequestFn,
  type PublicClient,
  type Transport,
} from 'viem';
import { blockAsked, errorVote, isCountedByQuorum, voteOf, type Vote } from './rpc-answers.js';

/** One configured RPC node as operators and metrics see it: never its URL, which may carry an API key. */
export type RpcNodeState = {
  /** The node's place in RPC_URL, from 0: the metrics label. */
  label: string;
  host: string;
  /** Its block number at the last poll; null until it has answered one. */
  head: bigint | null;
  /** Failed requests and polls since start (a counter). */
  errors: number;
  /** Money questions on which its answer went against the others' since start (a counter). */
  disagreements: number;
  /** How far its head was behind the quorum's at the last poll (negative: ahead of it). */
  behind: bigint | null;
  isHealthy: boolean;
};

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

type Node = {
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
  refresh: () => Promise<void>;
};

export type RpcNodesOptions = {
  maxLagBlocks: number;
  refreshMs: number;
  /** How many nodes must give the same answer before it decides money (RPC_QUORUM): 1 with one node. */
  quorum?: number;
  timeoutMs?: number;
  retryCount?: number;
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

/** The highest of `values` that at least `quorum` of them reach (null: fewer than `quorum` values). */
export const highestOfQuorum = (values: bigint[], quorum: number): bigint | null => {
  const sorted = [...values].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
  return sorted.length >= quorum ? sorted[quorum - 1]! : null;
};

export function openRpcNodes(urls: string[], options: RpcNodesOptions): RpcNodes {
  const nodes: Node[] = urls.map((url, i) => ({
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
  const isHealthy = (node: Node) => {
    const ref = reference();
    if (!(node.answeredAt > node.failedAt && node.head !== null && ref !== null)) return false;
    const offset = ref - node.head;
    return offset <= maxLag && -offset <= maxLag;
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
              throw new BaseError(`RPC node ${node.label} skipped: failing, behind or ahead`);
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
  const ask = direct.map((transport) => transport({ retryCount: 0 }).request);

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

  /** Healthy nodes that have reached `block` (when the question names one), in their ranked order. */
  const voters = (block: bigint | null) =>
    nodes.filter((n) => isHealthy(n) && (block === null || (n.head !== null && n.head >= block)));

  const unavailable = (block: bigint | null) =>
    new RpcNodesUnavailableError(
      `${quorumSize} needed${block === null ? '' : ` at block ${block}`}; ` +
        nodes.map((n) => `node ${n.label} (${n.host}): ${n.head === null ? 'no answer' : `head ${n.head}`}`).join('; '),
    );

  type Ballot = { node: Node; vote: Vote; result: unknown; error?: unknown };

  /** Each node's answer as a vote; a node that fails to answer casts none. */
  async function ballots(among: Node[], args: Request): Promise<Ballot[]> {
    const settled = await Promise.allSettled(among.map((node) => ask[nodes.indexOf(node)]!(args)));
    return settled.flatMap((outcome, i): Ballot[] => {
      const node = among[i]!;
      if (outcome.status === 'fulfilled')
        return [{ node, vote: voteOf(args.method, outcome.value), result: outcome.value }];
      if (isNodeFailure(outcome.reason, args.method)) return [];
      return [{ node, vote: errorVote(outcome.reason), result: null, error: outcome.reason }];
    });
  }

  /**
   * A "not found" from a node that had not reached the block another node names is its lag, not a
   * disagreement: it abstains. Anything else two nodes say differently is one.
   */
  const isLagging = (ballot: Ballot, all: Ballot[]) =>
    ballot.vote.isEmpty &&
    all.some(
      (other) => other.vote.block !== null && (ballot.node.head === null || other.vote.block > ballot.node.head),
    );

  /**
   * The answer a quorum gives alike. The first `quorum` voters are asked; only when they differ are
   * the rest asked too, and the answer is the one most of them give, if that is at least a quorum and
   * no other answer is given as often. Every node that went against it is counted.
   */
  async function decide(args: Request): Promise<unknown> {
    const block = blockAsked(args.method, args.params as readonly unknown[] | undefined);
    let among = voters(block);
    if (among.length < quorumSize) {
      await refresh();
      among = voters(block);
      if (among.length < quorumSize) throw unavailable(block);
    }
    if (isCountedByQuorum(args.method, args.params as readonly unknown[] | undefined)) {
      const cast = await ballots(among, args);
      // A head asked now is fresher than the last poll's: the node's standing follows it (ahead included).
      if (args.method === 'eth_blockNumber')
        for (const b of cast)
          if (!b.error) Object.assign(b.node, { head: BigInt(b.result as string), answeredAt: Date.now() });
      const counts = cast.flatMap((b) => (b.error ? [] : [BigInt(b.result as string)]));
      const agreed = highestOfQuorum(counts, quorumSize);
      if (agreed === null) throw unavailable(block);
      return numberToHex(agreed);
    }
    let cast = await ballots(among.slice(0, quorumSize), args);
    const isUnanimous = (all: Ballot[]) =>
      all.length >= quorumSize && all.every((b) => b.vote.key === all[0]!.vote.key);
    if (!isUnanimous(cast)) cast = [...cast, ...(await ballots(among.slice(quorumSize), args))];
    if (isUnanimous(cast)) return winner(cast[0]!);

    const voting = cast.filter((b) => !isLagging(b, cast));
    const tally = new Map<string, Ballot[]>();
    for (const b of voting) tally.set(b.vote.key, [...(tally.get(b.vote.key) ?? []), b]);
    const ranked = [...tally.values()].sort((a, b) => b.length - a.length);
    const top = ranked[0] ?? [];
    const isDecided = top.length >= quorumSize && (ranked[1]?.length ?? 0) < top.length;
    if (ranked.length > 1)
      for (const b of voting) if (!isDecided || b.vote.key !== top[0]!.vote.key) b.node.disagreements++;
    if (isDecided) return winner(top[0]!);
    if (ranked.length <= 1) throw unavailable(block);
    throw new RpcNodesDisagreeError(
      args.method,
      voting.map((b) => `node ${b.node.label} (${b.node.host}): ${b.vote.key.slice(0, 200)}`).join('; '),
    );
  }

  const winner = (ballot: Ballot) => {
    if (ballot.error) throw ballot.error;
    return ballot.result;
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
    async states() {
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
    },
    refresh,
  };
}
