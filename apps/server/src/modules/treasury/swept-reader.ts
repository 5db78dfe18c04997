import { formatUnits, parseAbiItem, type PublicClient } from 'viem';
import type { Asset } from '@wallx/shared';
import type { ChainContext } from '../../platform/chain/context.js';
import type { Db } from '../../platform/db/database.js';
import { transaction } from '../../platform/db/transaction.js';
import type { SweptEvent, SweptRepository } from './swept-repository.js';

const sweptEvent = parseAbiItem(
  'event Swept(bytes32 indexed salt, address indexed forwarder, address indexed token, uint256 amount, bool deployed)',
);

/**
 * Ranges read per pass at most: the factory's events are few, so a reader behind (after this
 * migration, on a deployment with history) catches up this many times faster than the chain grows.
 */
export const SWEPT_RANGES_PER_PASS = 20;

/** Where the pass stands: the quorum of healthy nodes, and its head, for the whole pass (chain/rpc-nodes.ts). */
export type ChainView = { rpc: PublicClient; head: bigint };
export type SweptReadOutcome = { from: bigint; to: bigint; others: number; ours: number };

/**
 * Reads the factory's Swept events (issue 44): anyone may sweep a user's deposit address (decision
 * 93), so the books follow the chain rather than our own sweeps alone. Confirmed blocks only, in
 * bounded ranges from a cursor of its own; each range's events and the cursor are written in one
 * transaction, and an event is recorded once per (tx hash, log index), so a crash or a second reader
 * re-reads a range and records nothing twice.
 */
export function createSweptReader({
  db,
  chain,
  repository,
}: {
  db: Db;
  chain: ChainContext;
  repository: SweptRepository;
}) {
  const factory = chain.depositFactory.address.toLowerCase();
  const cursorName = `swept:${chain.chainId}:${factory}`;
  const assetOf = new Map(
    Object.entries(chain.tokens).map(([asset, address]) => [address.toLowerCase(), asset as Asset]),
  );
  const range = BigInt(chain.scanBlockRange);

  /**
   * With no cursor yet: the local chain from its genesis; elsewhere from the first credited deposit
   * to a user's own address (nothing swept before it is in the books), or the confirmed head when
   * there is none yet.
   */
  async function startAfter(safe: bigint): Promise<bigint> {
    if (chain.kind === 'local') return -1n;
    const first = await repository.firstOwnDepositBlock(db);
    return first === null ? safe - 1n : first - 1n;
  }

  async function readRange(rpc: PublicClient, from: bigint, to: bigint): Promise<{ others: number; ours: number }> {
    const logs = await rpc.getLogs({
      address: chain.depositFactory.address,
      event: sweptEvent,
      args: { token: Object.values(chain.tokens) },
      fromBlock: from,
      toBlock: to,
    });
    const events = logs.flatMap((log): SweptEvent[] => {
      const asset = assetOf.get(log.args.token!.toLowerCase());
      // A sweep of an empty address (ours of one someone else swept first, or anyone's) moved nothing.
      if (!asset || !log.args.amount) return [];
      return [
        {
          txHash: log.transactionHash.toLowerCase(),
          logIndex: log.logIndex,
          blockNumber: log.blockNumber,
          blockHash: log.blockHash.toLowerCase(),
          address: log.args.forwarder!.toLowerCase(),
          asset,
          amount: formatUnits(log.args.amount, chain.decimals),
          deployed: log.args.deployed!,
        },
      ];
    });
    return transaction(db, async (trx) => {
      const recorded = await repository.record(trx, factory, events);
      await repository.setReadThrough(trx, cursorName, to);
      const ours = recorded.filter((r) => r.sweepId !== null).length;
      return { others: recorded.length - ours, ours };
    });
  }

  return {
    cursorName,

    /** Up to SWEPT_RANGES_PER_PASS ranges from the cursor to the confirmed head that `at` sees. */
    async readOnce({ rpc, head }: ChainView): Promise<SweptReadOutcome> {
      const safe = head - BigInt(chain.confirmations) + 1n;
      const last = (await repository.readThrough(db, cursorName)) ?? (await startAfter(safe));
      const outcome = { from: last + 1n, to: last, others: 0, ours: 0 };
      for (let i = 0; i < SWEPT_RANGES_PER_PASS && outcome.to < safe; i++) {
        const from = outcome.to + 1n;
        const to = from + range - 1n < safe ? from + range - 1n : safe;
        const read = await readRange(rpc, from, to);
        outcome.others += read.others;
        outcome.ours += read.ours;
        outcome.to = to;
      }
      return outcome;
    },
  };
}
export type SweptReader = ReturnType<typeof createSweptReader>;
