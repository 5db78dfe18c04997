import { TransactionReceiptNotFoundError, type Hex, type PublicClient } from 'viem';
import type { PayoutContext } from './payout-context.js';
import type { WithdrawalRow } from './repository.js';

export const maxBigInt = (a: bigint, b: bigint) => (a > b ? a : b);
export const unlessNotFound =
  (notFound: new (...args: never[]) => Error) =>
  (error: unknown): null => {
    if (error instanceof notFound) return null;
    throw error;
  };

/** What the chain, asked through the quorum, says became of a payout: its receipt, or who spent its nonce. */
export function createPayoutFate({ chain }: Pick<PayoutContext, 'chain'>) {
  /**
   * The receipt of the first of `sent` that was mined, or null. Only "not found" means not mined: any
   * other RPC error ends the pass (retried later), since taking an RPC failure for "not mined" could
   * requeue a payout that was in fact made.
   */
  async function firstReceipt(rpc: PublicClient, sent: { tx_hash: string }[]) {
    for (const tx of sent) {
      const receipt = await rpc
        .getTransactionReceipt({ hash: tx.tx_hash as Hex })
        .catch(unlessNotFound(TransactionReceiptNotFoundError));
      if (receipt) return receipt;
    }
    return null;
  }

  /**
   * Who spent the nonce of `w`: the first block at or before `settledBlock` where the hot wallet's
   * transaction count passes it (found by bisection from the block the payout was sent at), and
   * whether any of our transactions is in that block. Anything that cannot be established — state the
   * node no longer keeps, a block without the transaction, an RPC error — holds the payout for an
   * operator rather than risk paying twice.
   */
  async function spenderOfNonce(
    rpc: PublicClient,
    w: WithdrawalRow,
    sent: { tx_hash: string }[],
    settledBlock: bigint,
  ): Promise<{ isOther: boolean; isOurs: boolean; block: bigint; reason: string }> {
    const nonce = Number(w.nonce);
    const countAt = (blockNumber: bigint) => rpc.getTransactionCount({ address: chain.hotWallet.address, blockNumber });
    try {
      let lo = w.broadcast_block !== null ? BigInt(w.broadcast_block) : maxBigInt(0n, settledBlock - 10_000n);
      if ((await countAt(lo)) > nonce)
        return {
          isOther: false,
          isOurs: false,
          block: lo,
          reason: `nonce ${nonce} already spent at block ${lo}, where the search starts`,
        };
      let hi = settledBlock;
      while (hi - lo > 1n) {
        const mid = (lo + hi) / 2n;
        if ((await countAt(mid)) > nonce) hi = mid;
        else lo = mid;
      }
      const block = await rpc.getBlock({ blockNumber: hi });
      const ours = new Set(sent.map((tx) => tx.tx_hash.toLowerCase()));
      const isOurs = block.transactions.some((hash) => ours.has(hash.toLowerCase()));
      return isOurs
        ? {
            isOther: false,
            isOurs: true,
            block: hi,
            reason: `nonce ${nonce} spent in block ${hi} by our own payout, but the node returns no receipt for it`,
          }
        : { isOther: true, isOurs: false, block: hi, reason: '' };
    } catch (error) {
      return {
        isOther: false,
        isOurs: false,
        block: settledBlock,
        reason: `could not find the block that spent nonce ${nonce}: ${(error as Error).message.split('\n')[0]}`,
      };
    }
  }

  /** The hot wallet's nonce as of the newest block with the required confirmations: below it, spent for good. */
  async function settled(rpc: PublicClient): Promise<{ head: bigint; settledBlock: bigint; settledNonce: number }> {
    const head = await rpc.getBlockNumber();
    const settledBlock = maxBigInt(0n, head - BigInt(chain.confirmations) + 1n);
    const settledNonce = await rpc.getTransactionCount({
      address: chain.hotWallet.address,
      blockNumber: settledBlock,
    });
    return { head, settledBlock, settledNonce };
  }

  return { firstReceipt, spenderOfNonce, settled };
}
export type PayoutFate = ReturnType<typeof createPayoutFate>;
