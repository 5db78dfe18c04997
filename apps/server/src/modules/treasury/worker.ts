import {
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  custom,
  keccak256,
  parseAbi,
  parseEventLogs,
  parseUnits,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { assets, type Asset } from '@wallx/shared';
import type { ChainContext } from '../../chain/context.js';
import { depositSalt } from '../../chain/deposit-address.js';
import type { Db, Executor } from '../../db/database.js';
import { nextSignedNonce } from '../../db/hot-wallet.js';
import { runLeased, takeLease, type LeaseObserver } from '../../db/lease.js';
import { transaction } from '../../db/transaction.js';
import type { OpenMove, Settlement, Signed, TreasuryRepository } from './repository.js';

export const depositFactoryAbi = parseAbi([
  'function sweepMany(bytes32[] salts, address token) returns (uint256 moved)',
  'event Swept(bytes32 indexed salt, address indexed forwarder, address indexed token, uint256 amount, bool deployed)',
]);

/** Addresses per sweepMany: a deploying sweep costs about 100k gas per address, far below a block's limit. */
export const SWEEP_BATCH = 40;
/** An ERC-20 transfer's gas, as the payout worker signs it. */
const TRANSFER_GAS = 120_000n;

export type SweepOutcome = { sent: number; confirmed: number; reverted: number; dropped: number; resent: number };
export type ColdOutcome = SweepOutcome;

type Deps = {
  db: Db;
  chain: ChainContext;
  repository: TreasuryRepository;
  instanceId: string;
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
export function createTreasuryWorker({ db, chain, repository, instanceId, observe }: Deps) {
  // Through the same nodes as every other call: any one of them may be down.
  const wallet = createWalletClient({ account: chain.hotWallet, transport: custom(chain.client) });
  const lease = `payout:${chain.chainId}`;
  const leaseMs = 120_000;
  const hot = chain.hotWallet.address;

  const balanceOf = (asset: Asset, owner: Address) =>
    chain.client.readContract({
      address: chain.tokens[asset],
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });

  /** Signs, stores (while the lease is still ours) and broadcasts; false when the lease was lost. */
  async function send(
    to: Address,
    data: Hex,
    gas: bigint,
    store: (trx: Executor, signed: Signed) => Promise<unknown>,
  ): Promise<boolean> {
    const gasPrice = await chain.client.getGasPrice();
    const pending = await chain.client.getTransactionCount({ address: hot, blockTag: 'pending' });
    const nonce = Math.max(pending, await nextSignedNonce(db));
    const request = await wallet.prepareTransactionRequest({
      chain: null,
      to,
      data,
      nonce,
      gasPrice,
      gas,
      chainId: chain.chainId,
      type: 'legacy',
    });
    const raw = await wallet.signTransaction({ ...request, chain: null });
    const txHash = keccak256(raw);
    const stored = await transaction(db, async (trx) => {
      if (!(await takeLease(trx, lease, instanceId, leaseMs))) return false;
      await store(trx, { nonce, txHash, raw, gasPrice });
      return true;
    });
    if (!stored) return false;
    await chain.client.sendRawTransaction({ serializedTransaction: raw });
    return true;
  }

  /** BNB for `gas` at today's price, twice over, beside what is already on its way. */
  async function canPayGas(gas: bigint): Promise<boolean> {
    const [bnb, gasPrice] = await Promise.all([chain.client.getBalance({ address: hot }), chain.client.getGasPrice()]);
    return bnb >= 2n * gas * gasPrice;
  }

  /**
   * Where a stored transaction stands: its receipt once past the confirmations, `unsettled` while it
   * waits (re-sent when the node does not know it), `dropped` when its nonce went to another
   * transaction for good. Any RPC error other than "not found" ends the pass.
   */
  async function check(
    rpc: PublicClient,
    move: OpenMove,
    head: bigint,
    settledNonce: number,
    outcome: SweepOutcome,
  ): Promise<TransactionReceipt | 'unsettled' | 'dropped'> {
    const receipt = await rpc
      .getTransactionReceipt({ hash: move.tx_hash as Hex })
      .catch(notFound(TransactionReceiptNotFoundError));
    if (receipt) return head - receipt.blockNumber + 1n >= BigInt(chain.confirmations) ? receipt : 'unsettled';
    if (Number(move.nonce) < settledNonce) return 'dropped';
    const seen = await rpc.getTransaction({ hash: move.tx_hash as Hex }).catch(notFound(TransactionNotFoundError));
    if (!seen) {
      // Stored but never seen by the node (a crash before broadcast, or dropped): the same bytes again.
      await chain.client.sendRawTransaction({ serializedTransaction: move.raw_tx as Hex }).catch(() => undefined);
      outcome.resent++;
    }
    return 'unsettled';
  }

  function settlementOf(receipt: TransactionReceipt | 'dropped'): Settlement {
    if (receipt === 'dropped') return { status: 'dropped', gasUsed: null, gasCost: null, blockNumber: null };
    return {
      status: receipt.status === 'success' ? 'confirmed' : 'reverted',
      gasUsed: receipt.gasUsed,
      gasCost: receipt.gasUsed * receipt.effectiveGasPrice,
      blockNumber: receipt.blockNumber,
    };
  }

  /** Where the chain stands, as one healthy node sees it: it settles the whole pass (chain/rpc-nodes.ts). */
  async function settled(): Promise<{ rpc: PublicClient; head: bigint; settledNonce: number }> {
    const rpc = await chain.rpc.pick();
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

  async function settleSweeps(outcome: SweepOutcome): Promise<Set<Asset>> {
    const { rpc, head, settledNonce } = await settled();
    const busy = new Set<Asset>();
    for (const sweep of await repository.openSweeps(db)) {
      const state = await check(rpc, sweep, head, settledNonce, outcome);
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
   * One sweep of `asset`: the addresses the books say hold at least the minimum, each confirmed by
   * its balance on chain (what is in flight is that balance, read now). None: nothing is sent.
   */
  async function sweepAsset(asset: Asset): Promise<boolean> {
    const minimum = chain.treasury.sweepMin[asset];
    const owed = await repository.sweepable(
      db,
      asset,
      chain.depositFactory.address.toLowerCase(),
      formatUnits(minimum, 18),
      SWEEP_BATCH,
    );
    if (owed.length === 0) return false;
    const balances = await Promise.all(owed.map((row) => balanceOf(asset, row.address as Address)));
    const items = owed.map((row, i) => ({ ...row, balance: balances[i]! })).filter((row) => row.balance >= minimum);
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
    const { rpc, head, settledNonce } = await settled();
    const busy = new Set<Asset>();
    for (const move of await repository.openColdTransfers(db)) {
      const state = await check(rpc, move, head, settledNonce, outcome);
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

  const idle = (): SweepOutcome => ({ sent: 0, confirmed: 0, reverted: 0, dropped: 0, resent: 0 });
  const leased = <T>(work: () => Promise<T>) =>
    runLeased(db, { name: lease, holder: instanceId, ttlMs: leaseMs, observe }, work);

  return {
    /** One sweep pass: settle the sweeps stored, then one new sweep per token with none in flight. */
    async sweepOnce(): Promise<SweepOutcome> {
      return (
        (await leased(async () => {
          const outcome = idle();
          const busy = await settleSweeps(outcome);
          for (const asset of assets) if (!busy.has(asset) && (await sweepAsset(asset))) outcome.sent++;
          return outcome;
        })) ?? idle()
      );
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
