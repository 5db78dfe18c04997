import {
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  parseAbi,
  parseEventLogs,
  type Address,
  type TransactionReceipt,
} from 'viem';
import type { Asset } from '@wallx/shared';
import type { ChainContext } from '../../platform/chain/context.js';
import { depositSalt } from '../../platform/chain/deposit-address.js';
import type { Db } from '../../platform/db/database.js';
import { transaction } from '../../platform/db/transaction.js';
import { tokenUnits, type MoveOutcome, type Moves } from './moves.js';
import type { SweepCandidate, TreasuryRepository } from './repository.js';
import type { ChainView } from './swept-reader.js';

export const depositFactoryAbi = parseAbi([
  'function sweepMany(bytes32[] salts, address token) returns (uint256 moved)',
  'event Swept(bytes32 indexed salt, address indexed forwarder, address indexed token, uint256 amount, bool deployed)',
]);

/** Addresses per sweepMany: a deploying sweep costs about 100k gas per address, far below a block's limit. */
export const SWEEP_BATCH = 40;
/**
 * Candidates a sweep reads on chain per token and pass at most: those the books name that the chain
 * shows empty (swept by someone in blocks not yet confirmed) are passed over for the next ones.
 */
export const SWEEP_CANDIDATE_READS = SWEEP_BATCH * 5;

/** `sweptByOthers`: sweeps someone else sent (their Swept events) recorded by this pass. */
export type SweepOutcome = MoveOutcome & { sweptByOthers: number };

type Deps = { db: Db; chain: ChainContext; repository: TreasuryRepository; moves: Moves };

/** The sweep job's own steps: settling the sweeps stored, and a new sweep of a token's deposit addresses. */
export function createSweeps({ db, chain, repository, moves }: Deps) {
  const hot = chain.hotWallet.address;

  /** What a confirmed sweep moved: per address its Swept event, and what reached the hot wallet (fee-on-transfer tokens give less). */
  function sweptBy(receipt: TransactionReceipt, asset: Asset) {
    const token = chain.tokens[asset].toLowerCase();
    const factory = chain.depositFactory.address.toLowerCase();
    const perAddress = new Map<string, { swept: string; deployed: boolean }>();
    let deployedCount = 0;
    for (const log of parseEventLogs({ abi: depositFactoryAbi, logs: receipt.logs, eventName: 'Swept' })) {
      if (log.address.toLowerCase() !== factory || log.args.token.toLowerCase() !== token) continue;
      perAddress.set(log.args.forwarder.toLowerCase(), {
        swept: tokenUnits(log.args.amount),
        deployed: log.args.deployed,
      });
      if (log.args.deployed) deployedCount++;
    }
    let received = 0n;
    for (const log of parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: 'Transfer' })) {
      if (log.address.toLowerCase() === token && log.args.to.toLowerCase() === hot.toLowerCase())
        received += log.args.value;
    }
    return { received: tokenUnits(received), deployedCount, perAddress };
  }

  /**
   * Up to SWEEP_BATCH addresses holding at least the minimum on chain, taken from those the books say
   * hold the most, page after page: an address the chain shows empty (swept by someone else in a
   * block not yet confirmed, so not yet in the books) is passed over, never taking another's turn.
   */
  async function candidates(asset: Asset): Promise<(SweepCandidate & { balance: bigint })[]> {
    const minimum = chain.treasury.sweepMin[asset];
    const items: (SweepCandidate & { balance: bigint })[] = [];
    let after: SweepCandidate | null = null;
    for (let read = 0; items.length < SWEEP_BATCH && read < SWEEP_CANDIDATE_READS; read += SWEEP_BATCH) {
      const owed = await repository.sweepable(db, {
        asset,
        factory: chain.depositFactory.address.toLowerCase(),
        minimum: formatUnits(minimum, 18),
        limit: SWEEP_BATCH,
        after,
      });
      const balances = await Promise.all(owed.map((row) => moves.balanceOf(asset, row.address as Address)));
      items.push(...owed.map((row, i) => ({ ...row, balance: balances[i]! })).filter((row) => row.balance >= minimum));
      if (owed.length < SWEEP_BATCH) break;
      after = owed.at(-1)!;
    }
    return items.slice(0, SWEEP_BATCH);
  }

  return {
    async settleSweeps(at: ChainView & { settledNonce: number }, outcome: SweepOutcome): Promise<Set<Asset>> {
      const busy = new Set<Asset>();
      for (const sweep of await repository.openSweeps(db)) {
        const state = await moves.check('sweeps', sweep, at, outcome);
        if (state === 'unsettled') {
          busy.add(sweep.asset);
          continue;
        }
        const settlement = moves.settlementOf(state);
        const moved =
          state !== 'dropped' && settlement.status === 'confirmed'
            ? sweptBy(state, sweep.asset)
            : { received: '0', deployedCount: 0, perAddress: new Map() };
        const done = await transaction(db, (trx) => repository.settleSweep(trx, sweep.id, settlement, moved));
        if (done) outcome[settlement.status]++;
      }
      return busy;
    },

    /**
     * One sweep of `asset`: the addresses the books say hold at least the minimum, each confirmed by
     * its balance on chain (what is in flight is that balance, read now). None: nothing is sent.
     */
    async sweepAsset(asset: Asset): Promise<boolean> {
      const items = await candidates(asset);
      if (items.length === 0) return false;
      const data = encodeFunctionData({
        abi: depositFactoryAbi,
        functionName: 'sweepMany',
        args: [items.map((row) => depositSalt(row.user_id)), chain.tokens[asset]],
      });
      const estimate = await chain.client.estimateGas({ account: hot, to: chain.depositFactory.address, data });
      const gas = (estimate * 12n) / 10n;
      if (!(await moves.canPayGas(gas))) return false;
      return moves.send(chain.depositFactory.address, data, gas, (trx, signed) =>
        repository.recordSweep(
          trx,
          asset,
          signed,
          items.map((row) => ({ address: row.address, expected: tokenUnits(row.balance) })),
        ),
      );
    },
  };
}
