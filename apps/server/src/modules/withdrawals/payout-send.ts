import { encodeFunctionData, erc20Abi, keccak256, type Hex, type PublicClient } from 'viem';
import { signForHotWallet } from '../../platform/chain/hot-wallet-signing.js';
import { takeLease } from '../../platform/db/lease.js';
import { transaction } from '../../platform/db/transaction.js';
import type { PayoutContext } from './payout-context.js';
import { units } from './postings.js';
import type { WithdrawalRow } from './repository.js';

/** Signing a payout, storing it and broadcasting it from the hot wallet; and whether the wallet has the gas for one. */
export function createPayoutSender({ db, chain, repository, instanceId, lease, leaseMs, gasLimit }: PayoutContext) {
  /**
   * The next nonce: past everything the node knows and everything we signed (all signed payouts are
   * stored before broadcast, so none is missed). One worker at a time holds the payout lease.
   */
  async function allocateNonce(rpc: PublicClient): Promise<number> {
    const onChain = await rpc.getTransactionCount({ address: chain.hotWallet.address, blockTag: 'pending' });
    return Math.max(onChain, await repository.nextSignedNonce(db));
  }

  return {
    /**
     * Signs the payout, stores it, then broadcasts it; a stored one is re-sent as is. It is stored
     * only while this instance still holds the payout lease and the withdrawal is still in the state
     * it was read in, so a pass that outlived its lease never pays (or takes a nonce) a second time:
     * `lost` then. `unsigned` when the signer did not sign it: the payout stays as it was and waits.
     */
    async pay(rpc: PublicClient, w: WithdrawalRow, head: bigint, gasBump = 1n): Promise<'sent' | 'lost' | 'unsigned'> {
      const token = chain.tokens[w.asset];
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [w.to_address as Hex, units(w.amount)],
      });
      const gasPrice = ((await chain.client.getGasPrice()) * (100n + 25n * (gasBump - 1n))) / 100n;
      const nonce = w.nonce ? Number(w.nonce) : await allocateNonce(rpc);
      const raw = await signForHotWallet(db, chain, {
        to: token,
        data,
        nonce,
        gasPrice,
        gas: gasLimit,
        chainId: chain.chainId,
      });
      if (!raw) return 'unsigned';
      const hash = keccak256(raw);
      const stored = await transaction(db, async (trx) => {
        if (!(await takeLease(trx, lease, instanceId, leaseMs))) return false;
        const now = await repository.lock(trx, w.id);
        if (!now || now.status !== w.status || now.nonce !== w.nonce) return false;
        // The nonce was not spent at `head` (taken from the pending count after it): where to look for who spent it, if ever.
        const broadcastBlock = w.nonce ? w.broadcast_block : head.toString();
        await repository.storeSigned(trx, { withdrawalId: w.id, txHash: hash, nonce, gasPrice, raw, broadcastBlock });
        return true;
      });
      if (!stored) return 'lost';
      await chain.client.sendRawTransaction({ serializedTransaction: raw });
      return 'sent';
    },

    /**
     * BNB for gas: a payout the hot wallet cannot pay gas for stays queued instead of failing at the
     * node. The payouts still unmined will spend their gas first.
     */
    async canPayGas(unmined: number): Promise<boolean> {
      const [bnb, gasPrice] = await Promise.all([
        chain.client.getBalance({ address: chain.hotWallet.address }),
        chain.client.getGasPrice(),
      ]);
      return bnb >= gasLimit * gasPrice * (2n + BigInt(unmined));
    },
  };
}
export type PayoutSender = ReturnType<typeof createPayoutSender>;
