import { numberToHex, type EIP1193RequestFn } from 'viem';
import { blockAsked, errorVote, highestOfQuorum, isCountedByQuorum, voteOf, type Vote } from './rpc-answers.js';
import { RpcNodesDisagreeError } from './rpc-node-errors.js';
import { isNodeFailure, type NodePool, type Request, type RpcNode } from './rpc-node-pool.js';

type Ballot = { node: RpcNode; vote: Vote; result: unknown; error?: unknown };

/**
 * A money question put to the healthy nodes (`ask`: each node's own transport, in the pool's order):
 * the answer is one a quorum gives alike, or the question fails.
 */
export function createQuorumDecider(pool: NodePool, ask: EIP1193RequestFn[]) {
  const { nodes, quorumSize, voters, unavailable } = pool;

  /** Each node's answer as a vote; a node that fails to answer casts none. */
  async function ballots(among: RpcNode[], args: Request): Promise<Ballot[]> {
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

  const winner = (ballot: Ballot) => {
    if (ballot.error) throw ballot.error;
    return ballot.result;
  };

  /**
   * The answer a quorum gives alike. The first `quorum` voters are asked; only when they differ are
   * the rest asked too, and the answer is the one most of them give, if that is at least a quorum and
   * no other answer is given as often. Every node that went against it is counted.
   */
  return async function decide(args: Request): Promise<unknown> {
    const block = blockAsked(args.method, args.params as readonly unknown[] | undefined);
    let among = voters(block);
    if (among.length < quorumSize) {
      await pool.refresh();
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
  };
}
