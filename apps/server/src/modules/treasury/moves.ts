import {
  erc20Abi,
  formatUnits,
  keccak256,
  parseTransaction,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import type { Asset } from '@wallx/shared';
import type { ChainContext } from '../../platform/chain/context.js';
import { signForHotWallet } from '../../platform/chain/hot-wallet-signing.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { nextSignedNonce } from '../../platform/db/hot-wallet.js';
import { LEASE_TTL_MS, takeLease } from '../../platform/db/lease.js';
import { transaction } from '../../platform/db/transaction.js';
import type { MoveTable, OpenMove, Settlement, Signed, TreasuryRepository } from './repository.js';
import type { ChainView } from './swept-reader.js';

export type MoveOutcome = {
  sent: number;
  confirmed: number;
  reverted: number;
  dropped: number;
  resent: number;
  replaced: number;
};

/** Token amounts as the books keep them (both tokens have 18 decimals). */
export const tokenUnits = (wei: bigint) => formatUnits(wei, 18);

type Deps = {
  db: Db;
  chain: ChainContext;
  repository: TreasuryRepository;
  instanceId: string;
  /** The payout worker's lease, under which every hot wallet transaction is stored. */
  lease: string;
  stuckAfterMs: number;
};

const notFound =
  (kind: new (...args: never[]) => Error) =>
  (error: unknown): null => {
    if (error instanceof kind) return null;
    throw error;
  };

/** How a transaction that will not change any more ended, for the record. */
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

/**
 * The hot wallet's own transactions, sweeps and cold transfers alike: each signed and stored before
 * it is broadcast, then checked until it settles (re-sent, or replaced with more gas once stuck).
 */
export function createMoves({ db, chain, repository, instanceId, lease, stuckAfterMs }: Deps) {
  const hot = chain.hotWallet.address;

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
      async (trx) => (await takeLease(trx, lease, instanceId, LEASE_TTL_MS)) && (await store(trx, signed)),
    );
    if (!stored) return false;
    await chain.client.sendRawTransaction({ serializedTransaction: raw });
    return true;
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

  return {
    /** A pass starts by trying the signer again. */
    startPass(): void {
      isSignerDown = false;
    },

    balanceOf: (asset: Asset, owner: Address) =>
      chain.client.readContract({
        address: chain.tokens[asset],
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      }),

    /** A new transaction at the hot wallet's next nonce. */
    async send(
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
    },

    /** BNB for `gas` at today's price, twice over, beside what is already on its way. */
    async canPayGas(gas: bigint): Promise<boolean> {
      const [bnb, gasPrice] = await Promise.all([
        chain.client.getBalance({ address: hot }),
        chain.client.getGasPrice(),
      ]);
      return bnb >= 2n * gas * gasPrice;
    },

    /**
     * Where a stored transaction stands: the receipt of whichever of its hashes was mined, once past
     * the confirmations; `unsettled` while it waits (re-sent when the node does not know it, replaced
     * with more gas once stuck); `dropped` when its nonce went to another transaction for good. Any
     * RPC error other than "not found" ends the pass.
     */
    async check(
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
    },

    settlementOf,

    /** Where the chain stands, as a quorum of healthy nodes sees it: it settles and reads the whole pass (chain/rpc-nodes.ts). */
    async settled(): Promise<ChainView & { settledNonce: number }> {
      const rpc = await chain.rpc.quorum();
      const head = await rpc.getBlockNumber();
      const settledBlock = head - BigInt(chain.confirmations) + 1n;
      const settledNonce = await rpc.getTransactionCount({
        address: hot,
        blockNumber: settledBlock > 0n ? settledBlock : 0n,
      });
      return { rpc, head, settledNonce };
    },
  };
}
export type Moves = ReturnType<typeof createMoves>;
