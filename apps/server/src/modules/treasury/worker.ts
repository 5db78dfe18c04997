import {
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  keccak256,
  parseAbi,
  parseEventLogs,
  parseTransaction,
  parseUnits,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { assets, type Asset } from '@wallx/shared';
import type { ChainContext } from '../../platform/chain/context.js';
import { signForHotWallet } from '../../platform/chain/hot-wallet-signing.js';
import { depositSalt } from '../../platform/chain/deposit-address.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { nextSignedNonce } from '../../platform/db/hot-wallet.js';
import { LEASE_TTL_MS, runLeased, takeLease, type LeaseObserver } from '../../platform/db/lease.js';
import { transaction } from '../../platform/db/transaction.js';
import type { MoveTable, OpenMove, Settlement, Signed, SweepCandidate, TreasuryRepository } from './repository.js';
import { createSweptReader, type ChainView, type SweptReadOutcome } from './swept-reader.js';
import { createSweptRepository } from './swept-repository.js';

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
/** An ERC-20 transfer's gas, as the payout worker signs it. */
const TRANSFER_GAS = 120_000n;

type MoveOutcome = {
  sent: number;
  confirmed: number;
  reverted: number;
  dropped: number;
  resent: number;
  replaced: number;
};
/** `sweptByOthers`: sweeps someone else sent (their Swept events) recorded by this pass. */
export type SweepOutcome = MoveOutcome & { sweptByOthers: number };
export type ColdOutcome = MoveOutcome;

/** A sweep or cold transfer not mined after this long is signed again at its nonce with more gas, as a stuck payout is. */
export const MOVE_STUCK_AFTER_MS = 60_000;

type Deps = {
  db: Db;
  chain: ChainContext;
  repository: TreasuryRepository;
  instanceId: string;
  stuckAfterMs?: number;
  observe?: LeaseObserver | undefined;
};

const notFound =
  (kind: new (...args: never[]) => Error) =>
  (error: unknown): null => {
    if (error instanceof kind) return null;
    throw error;
  };
const tokenUnits = (wei: bigint) => formatUnits(wei, 18);

/**
 * The sweep job and the cold job (issue 33). Both send from the hot wallet, so they run under the
 * payout worker's lease (`payout:<chain>`): one holder at a time signs for the hot wallet and the
 * nonce sequence has one writer. Every transaction is stored with its signed bytes before it is
 * broadcast; a pass first settles what is stored (receipt after the confirmations, the same bytes
 * again if the node never saw them), so a crash anywhere neither sends twice nor forgets a send.
 * Neither job touches the ledger: what users own does not change when tokens change address.
 */
export function createTreasuryWorker({
  db,
  chain,
  repository,
  instanceId,
  stuckAfterMs = MOVE_STUCK_AFTER_MS,
  observe,
}: Deps) {
  const lease = `payout:${chain.chainId}`;
  const swept = createSweptReader({ db, chain, repository: createSweptRepository() });
  const leaseMs = LEASE_TTL_MS;
  const hot = chain.hotWallet.address;

  const balanceOf = (asset: Asset, owner: Address) =>
    chain.client.readContract({
      address: chain.tokens[asset],
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });

  // Once the signer fails, the pass signs nothing more: each try would wait out its timeout.
  let isSignerDown = false;

  /**
   * Signs, stores (while the lease is still ours) and broadcasts; false when the lease was lost,
   * `store` refused (the row changed meanwhile), or the signer did not sign (nothing stored: the move
   * is tried again at a later pass).
   */
  async function signStoreSend(
    request: { to: Address; data: Hex; gas: bigint; nonce: number; gasPrice: bigint },
    store: (trx: Executor, signed: Signed) => Promise<boolean>,
  ): Promise<boolean> {
    if (isSignerDown) return false;
    const raw = await signForHotWallet(db, chain, { ...request, chainId: chain.chainId });
    if (!raw) {
      isSignerDown = true;
      return false;
    }
    const signed = { nonce: request.nonce, txHash: keccak256(raw), raw, gasPrice: request.gasPrice };
    const stored = await transaction(
      db,
      async (trx) => (await takeLease(trx, lease, instanceId, leaseMs)) && (await store(trx, signed)),
    );
    if (!stored) return false;
    await chain.client.sendRawTransaction({ serializedTransaction: raw });
    return true;
  }

  /** A new transaction at the hot wallet's next nonce. */
  async function send(
    to: Address,
    data: Hex,
    gas: bigint,
    store: (trx: Executor, signed: Signed) => Promise<unknown>,
  ): Promise<boolean> {
    const gasPrice = await chain.client.getGasPrice();
    const pending = await chain.client.getTransactionCount({ address: hot, blockTag: 'pending' });
    const nonce = Math.max(pending, await nextSignedNonce(db));
    return signStoreSend({ to, data, gas, nonce, gasPrice }, async (trx, signed) => {
      await store(trx, signed);
      return true;
    });
  }

  /**
   * The move's transaction again at its nonce, to the same address with the same data and gas, at
   * today's gas price or a quarter above the last one's, whichever is higher (nodes take a
   * replacement only at 10 % more). The one it replaces may still be mined: both are kept.
   */
  function replace(table: MoveTable, move: OpenMove, gasPriceNow: bigint): Promise<boolean> {
    const last = parseTransaction(move.raw_tx as Hex);
    const bumped = (BigInt(move.gas_price) * 125n) / 100n + 1n;
    const request = {
      to: last.to as Address,
      data: last.data ?? '0x',
      gas: last.gas!,
      nonce: Number(move.nonce),
      gasPrice: gasPriceNow > bumped ? gasPriceNow : bumped,
    };
    return signStoreSend(request, (trx, signed) => repository.replaceMove(trx, table, move.id, move.tx_hash, signed));
  }

  /** BNB for `gas` at today's price, twice over, beside what is already on its way. */
  async function canPayGas(gas: bigint): Promise<boolean> {
    const [bnb, gasPrice] = await Promise.all([chain.client.getBalance({ address: hot }), chain.client.getGasPrice()]);
    return bnb >= 2n * gas * gasPrice;
  }

  /**
   * Where a stored transaction stands: the receipt of whichever of its hashes was mined, once past
   * the confirmations; `unsettled` while it waits (re-sent when the node does not know it, replaced
   * with more gas once stuck); `dropped` when its nonce went to another transaction for good. Any
   * RPC error other than "not found" ends the pass.
   */
  async function check(
    table: MoveTable,
    move: OpenMove,
    { rpc, head, settledNonce }: ChainView & { settledNonce: number },
    outcome: MoveOutcome,
  ): Promise<TransactionReceipt | 'unsettled' | 'dropped'> {
    for (const hash of [move.tx_hash, ...move.replaced_tx_hashes]) {
      const receipt = await rpc
        .getTransactionReceipt({ hash: hash as Hex })
        .catch(notFound(TransactionReceiptNotFoundError));
      if (receipt) return head - receipt.blockNumber + 1n >= BigInt(chain.confirmations) ? receipt : 'unsettled';
    }
    if (Number(move.nonce) < settledNonce) return 'dropped';
    if (Date.now() - move.signed_at.getTime() > stuckAfterMs) {
      // Unmined this long, whether the node holds it underpriced or lost it: more gas, same nonce.
      if (await replace(table, move, await chain.client.getGasPrice())) outcome.replaced++;
      return 'unsettled';
    }
    // Not a money question (mempools differ from node to node): at worst the same bytes are sent again.
    const seen = await chain.client
      .getTransaction({ hash: move.tx_hash as Hex })
      .catch(notFound(TransactionNotFoundError));
    if (!seen) {
      // Stored but never seen by the node (a crash before broadcast, or dropped): the same bytes again.
      await chain.client.sendRawTransaction({ serializedTransaction: move.raw_tx as Hex }).catch(() => undefined);
      outcome.resent++;
    }
    return 'unsettled';
  }

  function settlementOf(receipt: TransactionReceipt | 'dropped'): Settlement {
    if (receipt === 'dropped')
      return { status: 'dropped', txHash: null, gasUsed: null, gasCost: null, blockNumber: null };
    return {
      status: receipt.status === 'success' ? 'confirmed' : 'reverted',
      txHash: receipt.transactionHash,
      gasUsed: receipt.gasUsed,
      gasCost: receipt.gasUsed * receipt.effectiveGasPrice,
      blockNumber: receipt.blockNumber,
    };
  }

  /** Where the chain stands, as a quorum of healthy nodes sees it: it settles and reads the whole pass (chain/rpc-nodes.ts). */
  async function settled(): Promise<ChainView & { settledNonce: number }> {
    const rpc = await chain.rpc.quorum();
    const head = await rpc.getBlockNumber();
    const settledBlock = head - BigInt(chain.confirmations) + 1n;
    const settledNonce = await rpc.getTransactionCount({
      address: hot,
      blockNumber: settledBlock > 0n ? settledBlock : 0n,
    });
    return { rpc, head, settledNonce };
  }

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

  async function settleSweeps(at: ChainView & { settledNonce: number }, outcome: SweepOutcome): Promise<Set<Asset>> {
    const busy = new Set<Asset>();
    for (const sweep of await repository.openSweeps(db)) {
      const state = await check('sweeps', sweep, at, outcome);
      if (state === 'unsettled') {
        busy.add(sweep.asset);
        continue;
      }
      const settlement = settlementOf(state);
      const moved =
        state !== 'dropped' && settlement.status === 'confirmed'
          ? sweptBy(state, sweep.asset)
          : { received: '0', deployedCount: 0, perAddress: new Map() };
      const done = await transaction(db, (trx) => repository.settleSweep(trx, sweep.id, settlement, moved));
      if (done) outcome[settlement.status]++;
    }
    return busy;
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
      const balances = await Promise.all(owed.map((row) => balanceOf(asset, row.address as Address)));
      items.push(...owed.map((row, i) => ({ ...row, balance: balances[i]! })).filter((row) => row.balance >= minimum));
      if (owed.length < SWEEP_BATCH) break;
      after = owed.at(-1)!;
    }
    return items.slice(0, SWEEP_BATCH);
  }

  /**
   * One sweep of `asset`: the addresses the books say hold at least the minimum, each confirmed by
   * its balance on chain (what is in flight is that balance, read now). None: nothing is sent.
   */
  async function sweepAsset(asset: Asset): Promise<boolean> {
    const items = await candidates(asset);
    if (items.length === 0) return false;
    const data = encodeFunctionData({
      abi: depositFactoryAbi,
      functionName: 'sweepMany',
      args: [items.map((row) => depositSalt(row.user_id)), chain.tokens[asset]],
    });
    const estimate = await chain.client.estimateGas({ account: hot, to: chain.depositFactory.address, data });
    const gas = (estimate * 12n) / 10n;
    if (!(await canPayGas(gas))) return false;
    return send(chain.depositFactory.address, data, gas, (trx, signed) =>
      repository.recordSweep(
        trx,
        asset,
        signed,
        items.map((row) => ({ address: row.address, expected: tokenUnits(row.balance) })),
      ),
    );
  }

  async function settleColdTransfers(outcome: ColdOutcome): Promise<Set<Asset>> {
    const at = await settled();
    const busy = new Set<Asset>();
    for (const move of await repository.openColdTransfers(db)) {
      const state = await check('cold_transfers', move, at, outcome);
      if (state === 'unsettled') {
        busy.add(move.asset);
        continue;
      }
      const settlement = settlementOf(state);
      if (await transaction(db, (trx) => repository.settleColdTransfer(trx, move.id, settlement)))
        outcome[settlement.status]++;
    }
    return busy;
  }

  /** Above the high-water mark (payouts in flight counted as gone), the excess down to the target goes cold. */
  async function coolAsset(asset: Asset): Promise<boolean> {
    const { target, high } = chain.treasury.hot[asset];
    const balance = await balanceOf(asset, hot);
    const held = balance - parseUnits(await repository.payoutsInFlight(db, asset), 18);
    if (held <= high) return false;
    const amount = held - target;
    if (!(await canPayGas(TRANSFER_GAS))) return false;
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [chain.coldWallet, amount] });
    return send(chain.tokens[asset], data, TRANSFER_GAS, (trx, signed) =>
      repository.recordColdTransfer(trx, asset, tokenUnits(amount), chain.coldWallet, signed),
    );
  }

  const idle = (): MoveOutcome => ({ sent: 0, confirmed: 0, reverted: 0, dropped: 0, resent: 0, replaced: 0 });
  const idleSweep = (): SweepOutcome => ({ ...idle(), sweptByOthers: 0 });
  const leased = <T>(work: () => Promise<T>) =>
    runLeased(db, { name: lease, holder: instanceId, ttlMs: leaseMs, observe }, () => {
      isSignerDown = false;
      return work();
    });

  return {
    /**
     * One sweep pass: settle the sweeps stored, record the sweeps anyone made up to the confirmed
     * head (the books then hold what the chain holds), then one new sweep per token with none in flight.
     */
    async sweepOnce(): Promise<SweepOutcome> {
      return (
        (await leased(async () => {
          const outcome = idleSweep();
          const at = await settled();
          const busy = await settleSweeps(at, outcome);
          outcome.sweptByOthers = (await swept.readOnce(at)).others;
          for (const asset of assets) if (!busy.has(asset) && (await sweepAsset(asset))) outcome.sent++;
          return outcome;
        })) ?? idleSweep()
      );
    },

    /** The Swept events alone, as a sweep pass reads them (null: another instance holds the lease). */
    async readSweptOnce(): Promise<SweptReadOutcome | null> {
      return leased(async () => {
        const rpc = await chain.rpc.quorum();
        return swept.readOnce({ rpc, head: await rpc.getBlockNumber() });
      });
    },

    /** One cold pass: settle the cold transfers stored, then one per token above its high-water mark with none in flight. */
    async coolOnce(): Promise<ColdOutcome> {
      return (
        (await leased(async () => {
          const outcome = idle();
          const busy = await settleColdTransfers(outcome);
          for (const asset of assets) if (!busy.has(asset) && (await coolAsset(asset))) outcome.sent++;
          return outcome;
        })) ?? idle()
      );
    },
  };
}
export type TreasuryWorker = ReturnType<typeof createTreasuryWorker>;
